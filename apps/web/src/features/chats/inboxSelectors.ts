import { type Chat, type InboxFilter, RECENT_WINDOW_MS } from '@parlor/contract';
import { createSelector } from '@reduxjs/toolkit';
import { chatsAdapter, type InboxState } from './inboxModel';

type WithInbox = { inbox: InboxState };

const chatSelectors = chatsAdapter.getSelectors((s: WithInbox) => s.inbox.chats);
export const selectChatByUser = (s: WithInbox, otherUserId: string): Chat | undefined =>
  chatSelectors.selectById(s, otherUserId);
export const selectInboxList = (s: WithInbox) => s.inbox.list;
export const selectInboxTotals = (s: WithInbox) => s.inbox.totals;
export const selectUnreadTotals = (s: WithInbox) => s.inbox.unread;
export const selectSelection = (s: WithInbox) => s.inbox.selection;
export const selectRemoved = (s: WithInbox, otherUserId: string) => s.inbox.removed[otherUserId] === true;

/** Selected means chosen in ids mode, and not an exception in select-all mode. */
export const selectIsSelected = (s: WithInbox, otherUserId: string) => {
  const { mode, ids } = s.inbox.selection;
  return mode === 'all' ? !ids.includes(otherUserId) : ids.includes(otherUserId);
};

/** The tab's count from the totals (the fans tab is `fans` there). */
export const selectTabCount = (s: WithInbox, filter: InboxFilter): number | undefined =>
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

export const selectSelectionActive = (s: WithInbox) =>
  s.inbox.selection.mode === 'all' || s.inbox.selection.ids.length > 0;

/** Who is typing in a chat right now (their user id), if anyone. */
export const selectTypingIn = (s: WithInbox, chatId: string | null | undefined) =>
  chatId ? s.inbox.typing[chatId]?.senderId : undefined;

/** When the next chat leaves Recent (its last message turns 10 minutes old), or null if none is in it. */
export const selectNextRecentExpiry = createSelector([(s: WithInbox) => s.inbox.chats], (chats) => {
  let next: number | null = null;
  for (const id of chats.ids) {
    const chat = chats.entities[id];
    if (!chat?.category.includes('recent') || !chat.last_message_time) continue;
    const at = Date.parse(chat.last_message_time) + RECENT_WINDOW_MS;
    if (next === null || at < next) next = at;
  }
  return next;
});
