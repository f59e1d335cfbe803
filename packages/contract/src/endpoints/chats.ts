import { z } from 'zod';
import {
  ChangeRateRequest,
  ChangeRateResponse,
  Chat,
  ChatList,
  ChatListQuery,
  ChatsActionRequest,
  ChatsActionResponse,
  ChatTotals,
  CreateChatRequest,
  CreateNoteRequest,
  Note,
  PresenceList,
  PresenceQuery,
  RecipientQuery,
  UpdateNoteRequest,
} from '../chats';
import { endpoint } from '../endpoint';
import { IdParams } from '../ids';
import { lazySchema } from '../lazy';
import {
  Message,
  MessageList,
  MessagePage,
  MessagesByIdsQuery,
  MessagesQuery,
  MessageWarnedRequest,
  SendMessageRequest,
  SendMessageResponse,
} from '../messages';

/** The inbox, one chat, bulk actions, rates, notes, and a chat's messages. */
export const chatEndpoints = {
  // chats: the inbox, one chat, bulk actions, rates and notes
  listChats: endpoint({
    method: 'GET',
    path: '/v1/chats',
    access: 'user',
    query: ChatListQuery,
    response: ChatList,
  }),
  chatTotals: endpoint({ method: 'GET', path: '/v1/chats/total', access: 'user', response: ChatTotals }),
  chatsPresence: endpoint({
    method: 'GET',
    path: '/v1/chats/presence',
    access: 'user',
    query: PresenceQuery,
    response: PresenceList,
  }),
  getChat: endpoint({
    method: 'GET',
    path: '/v1/chat',
    access: 'user',
    query: RecipientQuery,
    response: Chat,
  }),
  openChat: endpoint({
    method: 'POST',
    path: '/v1/chat',
    access: 'user',
    body: CreateChatRequest,
    response: Chat,
  }),
  chatsAction: endpoint({
    method: 'PATCH',
    path: '/v1/chats',
    access: 'user',
    body: ChatsActionRequest,
    response: ChatsActionResponse,
  }),
  changeRate: endpoint({
    method: 'POST',
    path: '/v1/chats/change-rate',
    access: 'user',
    body: ChangeRateRequest,
    response: ChangeRateResponse,
  }),
  createNote: endpoint({
    method: 'POST',
    path: '/v1/chats/note',
    access: 'user',
    body: CreateNoteRequest,
    response: Note,
    status: 201,
  }),
  updateNote: endpoint({
    method: 'PATCH',
    path: '/v1/notes/:id',
    access: 'user',
    params: IdParams,
    body: UpdateNoteRequest,
    response: Note,
  }),
  deleteNote: endpoint({
    method: 'DELETE',
    path: '/v1/notes/:id',
    access: 'user',
    params: IdParams,
    status: 204,
  }),

  // messages: a chat's pages, sending, hiding and deleting
  listMessages: endpoint({
    method: 'GET',
    path: '/v1/chats/:chatId/messages',
    access: 'user',
    params: lazySchema(() => z.object({ chatId: z.string().max(64) })),
    query: MessagesQuery,
    response: MessagePage,
  }),
  messagesByIds: endpoint({
    method: 'GET',
    path: '/v1/messages',
    access: 'user',
    query: MessagesByIdsQuery,
    response: MessageList,
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/v1/messages',
    access: 'user',
    body: SendMessageRequest,
    response: SendMessageResponse,
  }),
  messageWarned: endpoint({
    method: 'POST',
    path: '/v1/messages/warned',
    access: 'user',
    body: MessageWarnedRequest,
    status: 204,
  }),
  hideMessageForMe: endpoint({
    method: 'PATCH',
    path: '/v1/messages/:id/hide-for-me',
    access: 'user',
    params: IdParams,
    response: Message,
  }),
  deleteMessage: endpoint({
    method: 'DELETE',
    path: '/v1/messages/:id',
    access: 'user',
    params: IdParams,
    response: Message,
  }),
} as const;
