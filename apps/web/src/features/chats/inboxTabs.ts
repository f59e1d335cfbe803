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

/** What an empty tab says: why it is empty and what fills it. */
export function emptyTabText(filter: InboxFilter, creator: boolean): { title: string; text: string } {
  switch (filter) {
    case 'online':
      return {
        title: 'No one is online right now',
        text: 'Chats show here while the other person is online.',
      };
    case 'fans':
      return { title: 'No fans yet', text: 'Fans who message, tip or buy show here.' };
    case 'favorites':
      return { title: 'No favorites yet', text: 'Star a chat to keep it here.' };
    case 'recent':
      return { title: 'Nothing recent', text: 'Chats with a message in the last day show here.' };
    case 'subscribers':
      return { title: 'No subscribers yet', text: 'Fans who subscribe to you show here.' };
    case 'vip':
      return { title: 'No VIP fans yet', text: 'Your biggest spenders show here.' };
    case 'unreplied':
      return { title: 'All caught up', text: 'Chats waiting for your reply show here.' };
    case 'sent':
      return { title: 'Nothing sent yet', text: 'Chats where you wrote last show here.' };
    default:
      return {
        title: 'No chats here yet',
        text: creator
          ? 'When fans message you, their conversations show up here.'
          : 'Find a creator you like and say hello.',
      };
  }
}

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
