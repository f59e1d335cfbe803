import { Message } from '@parlor/contract';
import type { Draft } from '@reduxjs/toolkit';
import type { EventAppliers } from '../../platform/realtimeEvent';
import {
  type Conversation,
  type ConversationsState,
  mergeIds,
  newConversation,
  upsertMessages,
} from './conversationModel';

type S = Draft<ConversationsState>;

function byChatId(state: S, chatId: string): [string, Draft<Conversation>] | undefined {
  for (const [otherUserId, convo] of Object.entries(state.byUser)) {
    if (convo.chatId === chatId) return [otherUserId, convo];
  }
  return undefined;
}

/** A stored message joins its conversation; the pending entry with its send id is done. */
export function addStoredMessage(state: S, convo: Draft<Conversation>, message: Message): void {
  upsertMessages(state.messages, [message]);
  if (!message.is_hidden) convo.messageIds = mergeIds(convo.messageIds, [message._id]);
  if (message.clientSideReceiveId) delete convo.pending[message.clientSideReceiveId];
}

/** Conversation appliers: the same changes a fetch or a send would make to the held messages. */
export const conversationAppliers: EventAppliers<ConversationsState> = {
  new_message(state, data, { me }) {
    const other = data.sender_id === me ? data.recipient_id : data.sender_id;
    const convo = state.byUser[other];
    if (!convo || (convo.chatId && convo.chatId !== data.chat_id)) return;
    // Only conversations that were opened hold messages; the rest load theirs when opened.
    if (convo.status !== 'ready') return;
    const parsed = Message.safeParse(data.info?.message);
    if (parsed.success) addStoredMessage(state, convo, parsed.data);
  },

  /** The other side read up to a message: own messages up to it show as read ('Seen'). */
  message_read(state, data, { me }) {
    const found = byChatId(state, data.chat_id);
    if (!found || data.reader_id === me || data.last_read_message_id === null) return;
    const upTo = Number(data.last_read_message_id);
    for (const id of found[1].messageIds) {
      const message = state.messages.entities[id];
      if (message && message.sender_id === me && Number(id) <= upTo && !message.is_read) {
        message.is_read = true;
        message.read_at = data.read_at;
      }
    }
  },

  /** Hidden for me (from another tab of mine): it leaves my view. */
  message_hidden(state, data) {
    const found = byChatId(state, data.chat_id);
    if (found) found[1].messageIds = found[1].messageIds.filter((id) => id !== data.message_id);
  },

  /** The other user blocks media from me (my own setting is the inbox's `is_media_blocked`). */
  block_chat_media(state, data, { me }) {
    if (data.user_id === me) return;
    state.byUser[data.user_id] ??= newConversation();
    state.byUser[data.user_id]!.mediaBlockedByOther = true;
  },

  allow_chat_media(state, data, { me }) {
    if (data.user_id === me) return;
    const convo = state.byUser[data.user_id];
    if (convo) convo.mediaBlockedByOther = false;
  },

  /** Deleted by its sender: it keeps its place without its content. */
  message_deleted(state, data) {
    const message = state.messages.entities[data.message_id];
    if (!message) return;
    message.is_deleted = true;
    message.text = null;
  },
};
