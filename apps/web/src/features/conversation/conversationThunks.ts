import { type Chat, ERRORS, endpoints, MESSAGE_PAGE_SIZE, type Message } from '@parlor/contract';
import { ApiError, call, follow } from '../../platform/api';
import { handOver } from '../../platform/early';
import { createApiThunk } from '../../platform/requests';
import type { AppThunkDispatch, RootState } from '../../platform/storeTypes';
import { creditsChanged } from '../auth/authSlice';
import { chatGone, chatPatched, chatReceived } from '../chats/inboxSlice';
import { markMessagesRead } from '../chats/inboxThunks';
import { needsUnlock, unlockFreeChatPopup } from '../payments/freeChat';
import { visitAffiliate } from '../welcome/welcomeThunks';
import { messageDeleted, messagesMerged } from './conversationActions';
import { looksLikeUserId } from './conversationModel';

const convoOf = (getState: () => RootState, otherUserId: string) =>
  getState().conversations.byUser[otherUserId];
export const conversationPath = (otherUserId: string) => `/chats/${encodeURIComponent(otherUserId)}`;
const pageVisible = () => typeof document === 'undefined' || !document.hidden;

/** The chat the page opened on has started fetching (one slot: the first conversation opened). */
let early: { otherUserId: string; chat: Promise<Chat | null> } | null = null;

/**
 * A page opened on `/chats/{userId}` asks for its chat with the session, while the screen's code
 * still downloads; the screen takes it when it opens, and asks for the messages at once. Only the
 * chat: messages fetched before the screen listens for new ones could miss one. When it fails (no
 * chat yet, a network error), the screen asks again the ordinary way.
 */
export function prefetchChat(otherUserId: string) {
  if (!looksLikeUserId(otherUserId) || early) return;
  const chat = call(endpoints.getChat, { query: { recipient_id: otherUserId } }).catch(() => null);
  early = { otherUserId, chat };
}

/** The prefetched chat when it is this conversation's; the slot empties either way. */
function takeEarlyChat(otherUserId: string): Promise<Chat | null> {
  const taken = early;
  early = null;
  return taken?.otherUserId === otherUserId ? handOver(taken.chat) : Promise.resolve(null);
}

/**
 * Opens `/chats/{userId}`: the chat (from navigation state, GET /v1/chat, or created with POST
 * /v1/chat after a 404), then its newest 50 messages, then marks it read.
 */
export const openConversation = createApiThunk(
  'conversation/open',
  async (
    { otherUserId, chat: given }: { otherUserId: string; chat?: Chat | undefined },
    { dispatch, signal },
  ) => {
    try {
      let chat = given ?? (await takeEarlyChat(otherUserId));
      if (!chat) {
        try {
          chat = await call(endpoints.getChat, { query: { recipient_id: otherUserId } }, { signal });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 404) throw error;
          // Only a real user id may start a chat: a mistyped link says the user does not exist.
          if (!looksLikeUserId(otherUserId)) throw new ApiError(404, ERRORS.userNotFound, 'user_not_found');
          chat = await call(endpoints.openChat, { body: { recipient_id: otherUserId } }, { signal });
        }
      }
      const page = await call(
        endpoints.listMessages,
        { params: { chatId: chat.chat_id }, query: { limit: MESSAGE_PAGE_SIZE, offset: 0 } },
        { signal },
      );
      dispatch(chatReceived(page.chat));
      dispatch(creditsChanged(page.credits));
      // A referred fan's chat with her creator is her visit too (asked only then).
      void dispatch(visitAffiliate(otherUserId));
      // The page is read once it is held (conversationEffects: readLoaded after it lands).
      return page;
    } catch (error) {
      // Chat creation answering 402 shows Unlock Free Chat; buying comes back here.
      if (error instanceof ApiError && needsUnlock(error)) {
        dispatch(unlockFreeChatPopup(conversationPath(otherUserId), error.message));
      }
      // A 410 removes the chat locally; the screen says the account is gone.
      if (error instanceof ApiError && error.status === 410) dispatch(chatGone(otherUserId));
      throw error;
    }
  },
);

/** The page before the oldest held message (50 at a time). */
export const loadOlderMessages = createApiThunk(
  'conversation/loadOlder',
  async (otherUserId: string, { getState, signal }) => {
    const next = convoOf(getState, otherUserId)?.next;
    if (!next) return { data: [] as Message[], next: null };
    const page = await follow(endpoints.listMessages, next, { signal });
    return { data: page.data, next: page.next };
  },
  (otherUserId, getState) => {
    const convo = convoOf(getState, otherUserId);
    return !!convo?.next && convo.older !== 'Fetching';
  },
);

/** After a reconnect: everything newer than the newest message held, page by page. */
export const resyncConversation =
  (otherUserId: string) => async (dispatch: AppThunkDispatch, getState: () => RootState) => {
    const convo = convoOf(getState, otherUserId);
    if (!convo?.chatId || convo.status !== 'ready') return;
    const newest = convo.messageIds[convo.messageIds.length - 1];
    const found: Message[] = [];
    let page = await call(endpoints.listMessages, {
      params: { chatId: convo.chatId },
      query: { limit: MESSAGE_PAGE_SIZE, offset: 0 },
    });
    // A bounded walk back (20 pages): a very long absence is better served by reopening the chat.
    for (let pages = 1; ; pages += 1) {
      found.push(...page.data);
      dispatch(chatReceived(page.chat));
      const oldest = page.data[0];
      if (!newest || !oldest || Number(oldest._id) <= Number(newest)) break;
      if (!page.next || pages >= 20) break;
      page = await follow(endpoints.listMessages, page.next);
    }
    dispatch(messagesMerged({ otherUserId, messages: found }));
    dispatch(readLoaded(otherUserId));
  };

/**
 * What the conversation holds and shows is read, and the unread count goes down by as
 * many (50 for a page of 50 unread); unread messages older than the oldest held stay unread until
 * their page is loaded. Nothing is read while the page is hidden.
 */
export const readLoaded =
  (otherUserId: string) => (dispatch: AppThunkDispatch, getState: () => RootState) => {
    const { conversations, inbox } = getState();
    const convo = conversations.byUser[otherUserId];
    const oldest = convo?.messageIds[0];
    if (
      !convo ||
      !oldest ||
      !pageVisible() ||
      (inbox.chats.entities[otherUserId]?.unread_messages ?? 0) === 0
    )
      return;
    const messageIds = convo.messageIds.filter((id) => {
      const message = conversations.messages.entities[id];
      return message?.sender_id === otherUserId && !message.is_read;
    });
    if (messageIds.length > 0)
      void dispatch(markMessagesRead({ otherUserId, messageIds, fromMessageId: oldest }));
  };

/** PATCH /v1/messages/{id}/hide-for-me: gone from this user's view only. */
export const hideMessageForMe = createApiThunk(
  'conversation/hideForMe',
  async ({ messageId }: { otherUserId: string; messageId: string }) =>
    call(endpoints.hideMessageForMe, { params: { id: messageId } }),
);

/** DELETE /v1/messages/{id}: the sender removes it for both sides. */
export const deleteMessage = createApiThunk(
  'conversation/deleteMessage',
  async ({ otherUserId, messageId }: { otherUserId: string; messageId: string }, { dispatch }) => {
    const message = await call(endpoints.deleteMessage, { params: { id: messageId } });
    dispatch(messageDeleted({ otherUserId, message }));
    return message;
  },
);

/** Notes on the fan, private to the creator who writes them. */
export const addNote = createApiThunk(
  'conversation/addNote',
  async ({ otherUserId, text }: { otherUserId: string; text: string }, { dispatch, getState }) => {
    const note = await call(endpoints.createNote, { body: { id: otherUserId, note: text } });
    const chat = getState().inbox.chats.entities[otherUserId];
    if (chat) dispatch(chatPatched({ id: otherUserId, changes: { notes: [...chat.notes, note] } }));
    return note;
  },
);

export const updateNote = createApiThunk(
  'conversation/updateNote',
  async ({ otherUserId, noteId, text }: { otherUserId: string; noteId: string; text: string }, tools) => {
    const note = await call(endpoints.updateNote, { params: { id: noteId }, body: { text } });
    const chat = tools.getState().inbox.chats.entities[otherUserId];
    if (chat) {
      const notes = chat.notes.map((n) => (n._id === noteId ? note : n));
      tools.dispatch(chatPatched({ id: otherUserId, changes: { notes } }));
    }
    return note;
  },
);

export const deleteNote = createApiThunk(
  'conversation/deleteNote',
  async ({ otherUserId, noteId }: { otherUserId: string; noteId: string }, { dispatch, getState }) => {
    await call(endpoints.deleteNote, { params: { id: noteId } });
    const chat = getState().inbox.chats.entities[otherUserId];
    if (chat) {
      dispatch(
        chatPatched({ id: otherUserId, changes: { notes: chat.notes.filter((n) => n._id !== noteId) } }),
      );
    }
  },
);

/** POST /v1/chats/change-rate: a creator's per-message price for this fan, in credits. */
export const changeRate = createApiThunk(
  'conversation/changeRate',
  async ({ otherUserId, rate }: { otherUserId: string; rate: number }, { dispatch }) => {
    const res = await call(endpoints.changeRate, { body: { user_id: otherUserId, rate } });
    dispatch(chatPatched({ id: otherUserId, changes: { credit_rate: res.rate } }));
    return res;
  },
);
