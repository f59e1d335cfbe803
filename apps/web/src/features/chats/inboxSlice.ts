import type { Chat, InboxFilter } from '@parlor/contract';
import { createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { applyEvent, realtimeEvent } from '../../platform/realtimeEvent';
import { logout } from '../auth/authThunks';
import { messageDeleted, sendSucceeded } from '../conversation/conversationActions';
import { retag, retagRecent } from './inboxCategories';
import {
  inboxAppliers,
  markPreviewDeleted,
  moveMessageIntoInbox,
  reposition,
  setOnline,
} from './inboxEvents';
import { chatsAdapter, emptyList, type InboxState, initialInboxState, previewOf } from './inboxModel';
import {
  chatsAction,
  fetchChat,
  fetchInboxPage,
  fetchInboxTotals,
  fetchPresence,
  markMessagesRead,
  type PageArg,
  unhideChats,
} from './inboxThunks';

/** The page position a `next` link carries (the server's `after`), if any. */
function afterOf(next: string | null): string | null {
  if (!next) return null;
  return new URLSearchParams(next.split('?')[1] ?? '').get('after');
}

/** Which chat flags each bulk action sets on the client once the server confirms it. */
const FLAG_CHANGES: Partial<Record<string, Partial<Chat>>> = {
  favorite: { is_favorite: true },
  remove_favorite: { is_favorite: false },
  block: { is_blocked: true },
  unblock: { is_blocked: false },
  block_media: { is_media_blocked: true },
  allow_media: { is_media_blocked: false },
  read: { unread_messages: 0, unread_messages_favorites: 0 },
};

/** Moves a chat the list shows to where its new state sorts it. */
function repositionHeld(state: Draft<InboxState>, id: string) {
  if (state.list.ids.includes(id)) reposition(state, id);
}

/** Whether a page answers the list now shown (not one left meanwhile). */
const answersList = (state: Draft<InboxState>, arg: PageArg) =>
  arg.filter === state.list.filter &&
  arg.search === state.list.search &&
  (arg.listId ?? null) === state.list.listId;

/** A 410 removes the chat locally, from the list and the cache. */
function removeGone(state: Draft<InboxState>, id: string) {
  chatsAdapter.removeOne(state.chats, id);
  state.list.ids = state.list.ids.filter((x) => x !== id);
  state.selection.ids = state.selection.ids.filter((x) => x !== id);
}

export const inboxSlice = createSlice({
  name: 'inbox',
  initialState: initialInboxState,
  reducers: {
    /** The filter is either a search text or a category; choosing a tab drops the search. */
    filterChanged(state, action: PayloadAction<InboxFilter>) {
      state.list = emptyList(action.payload, '');
      state.selection = { mode: 'ids', ids: [] };
    },
    /** A search covers every chat, whatever tab was open; clearing it goes back to the Inbox tab. */
    searchChanged(state, action: PayloadAction<string>) {
      state.list = emptyList('all', action.payload);
      state.selection = { mode: 'ids', ids: [] };
    },
    /** In select-all mode toggling a chat adds or removes an exception. */
    selectionToggled(state, action: PayloadAction<string>) {
      const ids = state.selection.ids;
      state.selection.ids = ids.includes(action.payload)
        ? ids.filter((id) => id !== action.payload)
        : [...ids, action.payload];
    },
    /**
     * Select-all covers the whole tab on the server, by its category or search. A fan list's tab has
     * no such form in the bulk calls, so there it selects the chats loaded, by their ids.
     */
    selectAllToggled(state) {
      if (state.list.listId) {
        const held = state.list.ids;
        const everything = held.length > 0 && held.every((id) => state.selection.ids.includes(id));
        state.selection = { mode: 'ids', ids: everything ? [] : [...held] };
        return;
      }
      const everything = state.selection.mode === 'all' && state.selection.ids.length === 0;
      state.selection = everything ? { mode: 'ids', ids: [] } : { mode: 'all', ids: [] };
    },
    /** One of my fan lists as the tab: its chats, paged like any tab. */
    listTabChosen(state, action: PayloadAction<string>) {
      state.list = emptyList('all', '', action.payload);
      state.selection = { mode: 'ids', ids: [] };
    },
    /**
     * A fan list changed on the server: its tab, if shown, loads again to place the fans added (a
     * deleted list's gives way to the whole inbox).
     */
    listTabChanged(state, action: PayloadAction<{ listId: string; deleted?: boolean }>) {
      const { listId, deleted } = action.payload;
      if (state.list.listId !== listId) return;
      state.list = deleted ? emptyList() : emptyList('all', '', listId);
      state.selection = { mode: 'ids', ids: [] };
    },
    /** Fans taken off a list leave its tab at once (the server's offsets moved with them). */
    listMembersLeft(state, action: PayloadAction<{ listId: string; ids: string[] }>) {
      if (state.list.listId !== action.payload.listId) return;
      const gone = new Set(action.payload.ids);
      const before = state.list.ids.length;
      state.list.ids = state.list.ids.filter((id) => !gone.has(id));
      state.list.offset = Math.max(0, state.list.offset - (before - state.list.ids.length));
      state.selection = { mode: 'ids', ids: state.selection.ids.filter((id) => !gone.has(id)) };
    },
    selectionCleared(state) {
      state.selection = { mode: 'ids', ids: [] };
    },
    /** A chat learnt elsewhere (navigation state, a conversation's page). */
    chatReceived(state, action: PayloadAction<Chat>) {
      const id = action.payload.other_user._id;
      chatsAdapter.upsertOne(state.chats, action.payload);
      if (!action.payload.is_blocked) delete state.removed[id];
      repositionHeld(state, id);
    },
    /** The server answered 410 for this chat (its other account is gone). */
    chatGone(state, action: PayloadAction<string>) {
      removeGone(state, action.payload);
    },
    /** A chat's fields changed by a call of the conversation (notes, rate). */
    chatPatched(state, action: PayloadAction<{ id: string; changes: Partial<Chat> }>) {
      chatsAdapter.updateOne(state.chats, action.payload);
    },
    /** Recent means under 10 minutes old; a chat whose last message aged past it leaves Recent. */
    recentExpired(state, action: PayloadAction<number>) {
      for (const id of state.chats.ids) {
        const chat = state.chats.entities[id];
        if (!chat?.category.includes('recent')) continue;
        if (retagRecent(chat, action.payload) && state.list.filter === 'recent') repositionHeld(state, id);
      }
    },
    /** The typing indicator clears 10 s after the last start. */
    typingExpired(state, action: PayloadAction<{ chatId: string; at: number }>) {
      if (state.typing[action.payload.chatId]?.at === action.payload.at)
        delete state.typing[action.payload.chatId];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchInboxPage.pending, (state, action) => {
        if (!action.meta.arg.refresh) state.list.status = 'Fetching';
      })
      .addCase(fetchInboxPage.fulfilled, (state, action) => {
        const { arg } = action.meta;
        const { list } = state;
        if (!answersList(state, arg)) return;
        const page = action.payload.data;
        chatsAdapter.upsertMany(state.chats, page);
        state.unread = {
          all: action.payload.unread_messages,
          favorites: action.payload.unread_messages_favorites,
        };
        const pageIds = page.map((c) => c.other_user._id);
        const fresh = new Set(pageIds);
        if (arg.refresh) {
          // After a reconnect: the first page is the truth for the top of the list.
          list.ids = [...pageIds, ...list.ids.filter((id) => !fresh.has(id))];
          return;
        }
        if (arg.offset !== list.offset) return;
        const held = new Set(list.ids);
        list.ids.push(...pageIds.filter((id) => !held.has(id)));
        list.offset += page.length;
        list.after = afterOf(action.payload.next);
        list.hasMore = action.payload.next !== null;
        list.status = 'Fetched';
      })
      .addCase(fetchInboxPage.rejected, (state, action) => {
        const { arg } = action.meta;
        if (arg.refresh || !answersList(state, arg)) return;
        state.list.status = action.meta.aborted ? 'None' : 'Error';
      })
      .addCase(markMessagesRead.pending, (state, action) => {
        const { otherUserId, messageIds } = action.meta.arg;
        const chat = state.chats.entities[otherUserId];
        if (!chat) return;
        // The unread count goes down by what the loaded pages showed.
        chat.unread_messages = Math.max(0, chat.unread_messages - messageIds.length);
        chat.unread_messages_favorites = chat.is_favorite ? chat.unread_messages : 0;
        // A system chat with nothing unread leaves the pinned top.
        repositionHeld(state, otherUserId);
      })
      .addCase(fetchPresence.fulfilled, (state, action) => {
        // The online state of held chats, asked of the server after a partial `init`.
        for (const p of action.payload.data) setOnline(state, p.user_id, p.is_online, p.last_online);
      })
      .addCase(fetchInboxTotals.fulfilled, (state, action) => {
        state.totals = action.payload;
      })
      .addCase(fetchChat.fulfilled, (state, action) => {
        const id = action.payload.other_user._id;
        chatsAdapter.upsertOne(state.chats, action.payload);
        delete state.removed[id];
        reposition(state, id);
      })
      .addCase(fetchChat.rejected, (state, action) => {
        if (action.payload?.status === 410) removeGone(state, action.meta.arg);
      })
      .addCase(chatsAction.fulfilled, (state, action) => {
        const { action: name, covered, selectAll } = action.payload;
        const changes = FLAG_CHANGES[name];
        for (const id of covered) {
          if (changes) chatsAdapter.updateOne(state.chats, { id, changes });
          if (name === 'read') repositionHeld(state, id);
          const chat = state.chats.entities[id];
          if (chat && (name === 'favorite' || name === 'remove_favorite')) {
            retag(chat, ['favorites']);
            chat.unread_messages_favorites = name === 'favorite' ? chat.unread_messages : 0;
          }
        }
        if (name === 'hide' || name === 'delete') {
          const gone = new Set(covered);
          for (const id of covered) state.removed[id] = true;
          state.list.ids = state.list.ids.filter((id) => !gone.has(id));
          // The server's page offsets moved with them.
          state.list.offset = Math.max(0, state.list.offset - covered.length);
          if (selectAll) state.list = emptyList(state.list.filter, state.list.search, state.list.listId);
        } else if (name === 'remove_favorite' && state.list.filter === 'favorites') {
          const gone = new Set(covered);
          state.list.ids = state.list.ids.filter((id) => !gone.has(id));
        }
        if (!action.meta.arg.ids) state.selection = { mode: 'ids', ids: [] };
      })
      .addCase(unhideChats.fulfilled, (state, action) => {
        const { arg } = action.meta;
        if ('ids' in arg) for (const id of arg.ids) delete state.removed[id];
        if ('all' in arg) state.removed = {};
        // The chats come back in their places: the list loads again from its first page.
        if (action.payload.updated > 0)
          state.list = emptyList(state.list.filter, state.list.search, state.list.listId);
      })
      .addCase(sendSucceeded, (state, action) => {
        // A sent message moves its chat as its realtime echo will (which may never come if offline).
        const m = action.payload.message;
        moveMessageIntoInbox(
          state,
          { ...m, preview: previewOf(m), unread_messages: 0, credit_rate: null },
          // Just sent: the message's own time is the time it arrives here.
          { me: m.sender_id, receivedAt: Date.parse(m.created_at) },
        );
      })
      .addCase(messageDeleted, (state, action) => {
        const chat = state.chats.entities[action.payload.otherUserId];
        if (chat) markPreviewDeleted(chat, action.payload.message._id);
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(inboxAppliers, state, action.payload))
      .addCase(logout.fulfilled, () => initialInboxState());
  },
});

export const {
  filterChanged,
  searchChanged,
  selectionToggled,
  selectAllToggled,
  selectionCleared,
  chatReceived,
  chatGone,
  chatPatched,
  recentExpired,
  typingExpired,
  listTabChosen,
  listTabChanged,
  listMembersLeft,
} = inboxSlice.actions;
