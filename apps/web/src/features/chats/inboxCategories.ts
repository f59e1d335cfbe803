import { type Chat, type InboxFilter, RECENT_WINDOW_MS, VIP_MIN_SPENT_CREDITS } from '@parlor/contract';

/**
 * The inbox categories on the client: which tab a chat belongs to, decided from the chat's own
 * fields by the same rules as the server's SQL (docs/inbox.md). The server tags every chat it sends
 * with its categories (`chat.category`); when an event or a call changes what a rule reads, the
 * client re-decides that tag here, so a chat moves between tabs without a refetch. A test of the
 * server API (apps/server/test/inbox-categories-agree.test.ts) holds these rules to the SQL.
 *
 * Kept free of browser and Redux imports: that test runs it in the server's test project.
 */

/** The inbox tabs, in display order. */
export const INBOX_CATEGORIES = [
  'all',
  'online',
  'fans',
  'favorites',
  'recent',
  'subscribers',
  'vip',
  'unreplied',
  'sent',
] as const satisfies readonly InboxFilter[];

/** The categories that follow from the chat's fields alone, without the clock. */
export type FieldCategory = Exclude<InboxFilter, 'recent'>;

function followsFromFields(chat: Chat, category: FieldCategory): boolean {
  const lastSender = chat.last_message?.sender_id ?? null;
  switch (category) {
    case 'all':
      return true;
    case 'online':
      return chat.other_user.is_online;
    case 'favorites':
      return chat.is_favorite;
    case 'fans':
      return chat.spent_credits > 0;
    case 'vip':
      return chat.spent_credits >= VIP_MIN_SPENT_CREDITS;
    case 'subscribers':
      // A chat does not carry whether the other user subscribes to me: the server's tag is all there is.
      return chat.category.includes('subscribers');
    case 'unreplied':
      return lastSender === chat.other_user._id;
    case 'sent':
      // Every message of a chat is from one of its two members: a last message not theirs is mine.
      return lastSender !== null && lastSender !== chat.other_user._id;
  }
}

/** When the chat leaves Recent: its last message, from either side, turns 10 minutes old. */
export function recentUntil(chat: Pick<Chat, 'last_message_time'>): number {
  return chat.last_message_time
    ? Date.parse(chat.last_message_time) + RECENT_WINDOW_MS
    : Number.NEGATIVE_INFINITY;
}

/** Whether the chat belongs in a tab at the time `now` (milliseconds since the epoch). */
export function isInCategory(chat: Chat, category: InboxFilter, now: number): boolean {
  return category === 'recent' ? recentUntil(chat) > now : followsFromFields(chat, category);
}

/** Sets or clears one tag; answers whether it changed. A tag already held keeps its place. */
function setTag(chat: Pick<Chat, 'category'>, category: InboxFilter, member: boolean): boolean {
  const held = chat.category.includes(category);
  if (held === member) return false;
  chat.category = member ? [...chat.category, category] : chat.category.filter((c) => c !== category);
  return true;
}

/** Re-decides the tags of the categories whose fields just changed; answers whether any moved. */
export function retag(chat: Chat, categories: readonly FieldCategory[]): boolean {
  let changed = false;
  for (const category of categories)
    changed = setTag(chat, category, followsFromFields(chat, category)) || changed;
  return changed;
}

/** Re-decides the Recent tag at `now`; answers whether it moved. */
export function retagRecent(chat: Chat, now: number): boolean {
  return setTag(chat, 'recent', isInCategory(chat, 'recent', now));
}
