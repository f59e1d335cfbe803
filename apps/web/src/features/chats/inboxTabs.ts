import type { InboxFilter, UserType } from '@parlor/contract';
import { INBOX_CATEGORIES } from './inboxCategories';

export const TAB_LABELS: Record<InboxFilter, string> = {
  all: 'Inbox',
  online: 'Online',
  fans: 'Fans',
  favorites: 'Favorites',
  recent: 'Recent',
  subscribers: 'Subscribers',
  vip: 'VIP',
  unreplied: 'Unreplied',
  sent: 'Sent',
};

/**
 * The nine tabs, in display order, for creators. A fan's chats are with creators, where fans,
 * subscribers and VIP are always empty, so fans get the other six (docs/inbox.md).
 */
export function tabsFor(type: UserType | undefined): InboxFilter[] {
  if (type === 'featured') return [...INBOX_CATEGORIES];
  return INBOX_CATEGORIES.filter((f) => f !== 'fans' && f !== 'subscribers' && f !== 'vip');
}

/** The inbox line of a message that has no text of its own. */
export function previewText(
  preview: { type: string; text: string | null; is_deleted: boolean } | null,
): string {
  if (!preview) return 'No messages yet';
  if (preview.is_deleted) return 'Message deleted';
  if (preview.text) return preview.text;
  switch (preview.type) {
    case 'tip':
      return 'Sent a tip';
    case 'image':
      return 'Photo';
    case 'video':
      return 'Video';
    case 'gif':
      return 'GIF';
    default:
      return 'Message';
  }
}
