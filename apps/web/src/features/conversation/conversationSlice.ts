import type { Message } from '@parlor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyEvent, realtimeEvent } from '../../platform/realtimeEvent';
import { logout } from '../auth/authThunks';
import { markMessagesRead } from '../chats/inboxThunks';
import {
  mediaRefused,
  messageDeleted,
  messagesMerged,
  pendingDismissed,
  replyCanceled,
  replyStarted,
  retryStarted,
  sendFailed,
  sendForced,
  sendProgressed,
  sendStarted,
  sendSucceeded,
} from './conversationActions';
import { addStoredMessage, conversationAppliers } from './conversationEvents';
import {
  type Conversation,
  type ConversationsState,
  initialConversationsState,
  mergeIds,
  messagesAdapter,
  newConversation,
  upsertMessages,
} from './conversationModel';
import { hideMessageForMe, loadOlderMessages, openConversation } from './conversationThunks';

function convoFor(state: ConversationsState, otherUserId: string): Conversation {
  state.byUser[otherUserId] ??= newConversation();
  return state.byUser[otherUserId];
}

export const conversationsSlice = createSlice({
  name: 'conversations',
  initialState: initialConversationsState,
  reducers: {
    conversationActivated(state, action: PayloadAction<string | null>) {
      state.active = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(openConversation.pending, (state, action) => {
        const convo = convoFor(state, action.meta.arg.otherUserId);
        // A conversation seen before shows what it holds while the newest page loads.
        if (convo.status !== 'ready') convo.status = 'loading';
        convo.error = null;
      })
      .addCase(openConversation.fulfilled, (state, action) => {
        const convo = convoFor(state, action.meta.arg.otherUserId);
        const page = action.payload;
        upsertMessages(state.messages, page.data);
        const ids = page.data.map((m) => m._id);
        const overlaps = page.next === null || ids.some((id) => convo.messageIds.includes(id));
        if (convo.messageIds.length === 0 || !overlaps) {
          convo.messageIds = ids;
          convo.next = page.next;
        } else {
          convo.messageIds = mergeIds(convo.messageIds, ids);
        }
        convo.chatId = page.chat.chat_id;
        convo.status = 'ready';
        convo.flags.blocked = page.chat.is_blocked || page.chat.is_blocked_by_other;
        convo.mediaBlockedByOther = page.chat.is_media_blocked_by_other;
      })
      .addCase(openConversation.rejected, (state, action) => {
        if (action.meta.aborted) return;
        const convo = convoFor(state, action.meta.arg.otherUserId);
        const error = action.payload;
        convo.error = error?.message ?? null;
        if (error?.status === 402) convo.status = 'locked';
        else if (error?.status === 410) convo.status = 'gone';
        else if (error?.code === 'user_not_found') convo.status = 'missing';
        else if (error && [400, 403, 404].includes(error.status)) convo.status = 'unavailable';
        else convo.status = 'error';
      })
      .addCase(loadOlderMessages.pending, (state, action) => {
        convoFor(state, action.meta.arg).older = 'Fetching';
      })
      .addCase(loadOlderMessages.fulfilled, (state, action) => {
        const convo = convoFor(state, action.meta.arg);
        upsertMessages(state.messages, action.payload.data);
        convo.messageIds = mergeIds(
          convo.messageIds,
          action.payload.data.map((m) => m._id),
        );
        convo.next = action.payload.next;
        convo.older = 'Fetched';
      })
      .addCase(loadOlderMessages.rejected, (state, action) => {
        convoFor(state, action.meta.arg).older = action.meta.aborted ? 'None' : 'Error';
      })
      .addCase(messagesMerged, (state, action) => {
        const convo = convoFor(state, action.payload.otherUserId);
        for (const message of action.payload.messages) addStoredMessage(state, convo, message);
      })
      .addCase(sendStarted, (state, action) => {
        const convo = convoFor(state, action.payload.otherUserId);
        convo.pending[action.payload.pending.clientSideReceiveId] = action.payload.pending;
        convo.flags.noCredits = false;
        if (action.payload.pending.parent) convo.replyTo = null;
      })
      .addCase(replyStarted, (state, action) => {
        convoFor(state, action.payload.otherUserId).replyTo = action.payload.parent;
      })
      .addCase(replyCanceled, (state, action) => {
        convoFor(state, action.payload.otherUserId).replyTo = null;
      })
      .addCase(sendProgressed, (state, action) => {
        const item = state.byUser[action.payload.otherUserId]?.pending[action.payload.clientSideReceiveId];
        if (!item) return;
        if (action.payload.state) item.state = action.payload.state;
        if (item.media && action.payload.media) Object.assign(item.media, action.payload.media);
      })
      .addCase(sendSucceeded, (state, action) => {
        // The client-side message is replaced by the server's.
        const convo = convoFor(state, action.payload.otherUserId);
        addStoredMessage(state, convo, action.payload.message as Message);
        delete convo.pending[action.payload.clientSideReceiveId];
      })
      .addCase(sendFailed, (state, action) => {
        const item = state.byUser[action.payload.otherUserId]?.pending[action.payload.clientSideReceiveId];
        if (!item) return;
        item.state = 'failed';
        item.error = action.payload.error;
      })
      .addCase(sendForced, (state, action) => {
        const convo = convoFor(state, action.payload.otherUserId);
        convo.flags[action.payload.flag] = true;
        const item = convo.pending[action.payload.clientSideReceiveId];
        if (!item) return;
        if (action.payload.flag === 'noCredits') delete convo.pending[action.payload.clientSideReceiveId];
        else {
          item.state = 'failed';
          item.error = action.payload.error;
        }
      })
      .addCase(retryStarted, (state, action) => {
        const convo = convoFor(state, action.payload.otherUserId);
        const item = convo.pending[action.payload.clientSideReceiveId];
        if (item) {
          item.state = 'sending';
          item.error = null;
        }
        // Trying again after buying credits or an unfreeze: the flags are re-learnt from the answer.
        convo.flags.noCredits = false;
        convo.flags.frozen = false;
      })
      .addCase(markMessagesRead.pending, (state, action) => {
        for (const id of action.meta.arg.messageIds) {
          const message = state.messages.entities[id];
          if (message) message.is_read = true;
        }
      })
      .addCase(mediaRefused, (state, action) => {
        convoFor(state, action.payload.otherUserId).mediaBlockedByOther = true;
      })
      .addCase(pendingDismissed, (state, action) => {
        delete state.byUser[action.payload.otherUserId]?.pending[action.payload.clientSideReceiveId];
      })
      .addCase(hideMessageForMe.fulfilled, (state, action) => {
        const convo = state.byUser[action.meta.arg.otherUserId];
        if (convo) convo.messageIds = convo.messageIds.filter((id) => id !== action.meta.arg.messageId);
      })
      .addCase(messageDeleted, (state, action) => {
        // Deleted messages are replaced by the returned version.
        messagesAdapter.upsertOne(state.messages, action.payload.message);
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(conversationAppliers, state, action.payload))
      .addCase(logout.fulfilled, () => initialConversationsState());
  },
});

export const { conversationActivated } = conversationsSlice.actions;
