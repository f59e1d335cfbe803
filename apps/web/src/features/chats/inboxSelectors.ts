import type { Chat, InboxFilter } from '@parlor/contract';
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../platform/storeTypes';
import { recentUntil } from './inboxCategories';
import { chatsAdapter } from './inboxModel';

const chatSelectors = chatsAdapter.getSelectors((s: RootState) => s.inbox.chats);
export const selectChatByUser = (s: RootState, otherUserId: string): Chat | undefined =>
  chatSelectors.selectById(s, otherUserId);
export const selectInboxList = (s: RootState) => s.inbox.list;
export const selectInboxTotals = (s: RootState) => s.inbox.totals;
export const selectUnreadTotals = (s: RootState) => s.inbox.unread;
export const selectSelection = (s: RootState) => s.inbox.selection;
export const selectRemoved = (s: RootState, otherUserId: string) => s.inbox.removed[otherUserId] === true;

/** Selected means chosen in ids mode, and not an exception in select-all mode. */
export const selectIsSelected = (s: RootState, otherUserId: string) => {
  const { mode, ids } = s.inbox.selection;
  return mode === 'all' ? !ids.includes(otherUserId) : ids.includes(otherUserId);
};

/** The tab's count from the totals (the fans tab is `fans` there). */
export const selectTabCount = (s: RootState, filter: InboxFilter): number | undefined =>
  s.inbox.totals?.[filter];

/** How many chats a bulk action would cover: in select-all mode the whole list minus exceptions. */
export const selectSelectedCount = createSelector(
  [selectSelection, selectInboxList, selectInboxTotals],
  (selection, list, totals) => {
    if (selection.mode === 'ids') return selection.ids.length;
    const whole = !list.search.trim() && totals ? totals[list.filter] : undefined;
    const size = list.hasMore ? Math.max(whole ?? list.ids.length, list.ids.length) : list.ids.length;
    return Math.max(0, size - selection.ids.length);
  },
);

export const selectSelectionActive = (s: RootState) =>
  s.inbox.selection.mode === 'all' || s.inbox.selection.ids.length > 0;

/** Who is typing in a chat right now (their user id), if anyone. */
export const selectTypingIn = (s: RootState, chatId: string | null | undefined) =>
  chatId ? s.inbox.typing[chatId]?.senderId : undefined;

/** When the next chat leaves Recent (its last message turns 10 minutes old), or null if none is in it. */
export const selectNextRecentExpiry = createSelector([(s: RootState) => s.inbox.chats], (chats) => {
  let next: number | null = null;
  for (const id of chats.ids) {
    const chat = chats.entities[id];
    if (!chat?.category.includes('recent') || !chat.last_message_time) continue;
    const at = recentUntil(chat);
    if (next === null || at < next) next = at;
  }
  return next;
});
