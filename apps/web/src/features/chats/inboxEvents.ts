import { type Chat, Message } from '@parlor/contract';
import type { Draft } from '@reduxjs/toolkit';
import type { EventAppliers, EventContext } from '../../platform/realtimeEvent';
import { strongerRelationship } from '../fans/relationship';
import { retag, retagRecent } from './inboxCategories';
import { type InboxState, matchesList, placeInList, previewOf } from './inboxModel';

type S = Draft<InboxState>;
const lookup = (state: S) => (id: string) => state.chats.entities[id] as Chat | undefined;

function findByChatId(state: S, chatId: string): Draft<Chat> | undefined {
  for (const id of state.chats.ids) {
    const chat = state.chats.entities[id];
    if (chat?.chat_id === chatId) return chat;
  }
  return undefined;
}

/** The preview of a deleted last message loses its text, as the deleted message itself does. */
export function markPreviewDeleted(chat: Draft<Chat>, messageId: string): void {
  if (chat.last_message?._id !== messageId) return;
  chat.last_message.text = null;
  chat.last_message.is_deleted = true;
}

/**
 * Puts a chat where the current list wants it, or takes it out when it no longer belongs there. A
 * chat that sorts below the last loaded row waits for its page instead (no duplicate later).
 */
export function reposition(state: S, id: string): void {
  // Who is on a fan list is the server's to say (a chat carries no lists): a list's tab reorders
  // the chats it shows and takes in no others.
  if (state.list.listId && !state.list.ids.includes(id)) return;
  const chat = state.chats.entities[id];
  if (!chat || !matchesList(chat as Chat, state.list)) {
    state.list.ids = state.list.ids.filter((x) => x !== id);
    return;
  }
  const placed = placeInList(state.list.ids, id, lookup(state));
  const belowLoaded = placed[placed.length - 1] === id && !state.list.ids.includes(id) && state.list.hasMore;
  if (!belowLoaded) state.list.ids = placed;
}

/** Presence moves the chat in or out of the Online tab, as the server's category would. */
export function setOnline(state: S, id: string, online: boolean, lastOnline?: string | null): void {
  const chat = state.chats.entities[id];
  if (!chat) return;
  chat.other_user.is_online = online;
  if (lastOnline !== undefined) chat.other_user.last_online = lastOnline;
  if (retag(chat, ['online']) && state.list.filter === 'online') reposition(state, id);
}

/** A message as the inbox takes it, whether the realtime event or this client's own send brought it. */
export interface InboxMessage {
  sender_id: string;
  recipient_id: string;
  chat_id: string;
  /** What the chat's row shows; its time is the chat's last message time. */
  preview: NonNullable<Chat['last_message']>;
  /** The chat's unread count the server counted with it (read only for a message from the other user). */
  unread_messages: number;
  credit_rate: number | null;
}

/**
 * Moves a message into the inbox: its chat previews it, leaves the intro, is re-tagged (who spoke
 * last, Recent) and moves to its place. A chat not held yet is left to the inbox effects, which
 * fetch it and place it with `fetchChat`.
 */
export function moveMessageIntoInbox(state: S, m: InboxMessage, { me, receivedAt }: EventContext): void {
  const fromMe = m.sender_id === me;
  const other = fromMe ? m.recipient_id : m.sender_id;
  const chat = state.chats.entities[other];
  if (!chat) return;
  chat.last_message_time = m.preview.created_at;
  chat.last_message = m.preview;
  if (!fromMe) {
    chat.unread_messages = m.unread_messages;
    chat.unread_messages_favorites = chat.is_favorite ? m.unread_messages : 0;
  }
  if (m.credit_rate !== null) chat.credit_rate = m.credit_rate;
  // The first message ends the intro.
  chat.intro_ended = true;
  chat.is_intro = false;
  chat.can_intro = false;
  retag(chat, ['unreplied', 'sent']);
  retagRecent(chat, receivedAt);
  delete state.removed[other];
  // The sender stopped typing: their message is here.
  if (!fromMe) delete state.typing[m.chat_id];
  reposition(state, other);
}

/**
 * Inbox appliers: each moves the one cache the way a fetch would, so no second copy drifts.
 * A message for a chat not held yet is fetched by the inbox effects, then placed by `fetchChat`.
 */
export const inboxAppliers: EventAppliers<InboxState> = {
  new_message(state, data, ctx) {
    const parsed = Message.safeParse(data.info?.message);
    const preview = parsed.success
      ? previewOf(parsed.data)
      : {
          _id: data.message_id,
          type: 'text',
          text: data.text,
          sender_id: data.sender_id,
          created_at: data.timestamp,
          is_deleted: false,
        };
    moveMessageIntoInbox(state, { ...data, preview }, ctx);
  },

  /** Deleted by its sender: a chat whose last message it was previews it as deleted. */
  message_deleted(state, data) {
    const chat = findByChatId(state, data.chat_id);
    if (chat) markPreviewDeleted(chat, data.message_id);
  },

  /** A media setting changed: mine (here or in another session) or the other user's. */
  block_chat_media(state, data, { me }) {
    const chat = findByChatId(state, data.chat_id);
    if (chat && data.user_id === me) chat.is_media_blocked = true;
    else if (chat) chat.is_media_blocked_by_other = true;
  },

  allow_chat_media(state, data, { me }) {
    const chat = findByChatId(state, data.chat_id);
    if (chat && data.user_id === me) chat.is_media_blocked = false;
    else if (chat) chat.is_media_blocked_by_other = false;
  },

  /** A block: mine (here or in another session) or the other user's, who can then no longer write. */
  block_chat(state, data, { me }) {
    const chat = findByChatId(state, data.chat_id);
    if (chat && data.user_id === me) chat.is_blocked = true;
    else if (chat) chat.is_blocked_by_other = true;
  },

  unblock_chat(state, data, { me }) {
    const chat = findByChatId(state, data.chat_id);
    if (chat && data.user_id === me) chat.is_blocked = false;
    else if (chat) chat.is_blocked_by_other = false;
  },

  /** Someone became my fan: their chat's chip shows it at once, if the chat is held. */
  new_fan(state, data) {
    const chat = state.chats.entities[data.user_id];
    if (chat) chat.relationship = strongerRelationship(chat.relationship, data.relationship);
  },

  unread_messages(state, data) {
    state.unread = { all: data.unread_messages, favorites: data.unread_messages_favorites };
  },

  new_rate(state, data) {
    const chat = findByChatId(state, data.chat_id);
    if (chat) chat.credit_rate = data.new_rate;
  },

  /**
   * Who is online now. A complete list also says everyone else is offline; a partial one (a creator
   * with more fans online than `init` carries) only who is online, and the effects ask the server
   * about the rest of the chats held.
   */
  init(state, data) {
    const online = new Set(data.online_user_ids);
    for (const id of [...state.chats.ids]) {
      if (data.online_complete || online.has(id)) setOnline(state, id, online.has(id));
    }
  },

  user_online(state, data) {
    setOnline(state, data.user_id, true, data.last_online);
  },

  user_offline(state, data) {
    setOnline(state, data.user_id, false, data.last_online);
    for (const [chatId, typing] of Object.entries(state.typing)) {
      if (typing.senderId === data.user_id) delete state.typing[chatId];
    }
  },

  typing_start(state, data, { me, receivedAt }) {
    if (data.sender_id === me) return;
    state.typing[data.chat_id] = { senderId: data.sender_id, at: receivedAt };
  },

  typing_stop(state, data) {
    if (state.typing[data.chat_id]?.senderId === data.sender_id) delete state.typing[data.chat_id];
  },
};
