import { groupDigits } from '@parlor/contract';

/** The sentence that confirms a chat action (from a chat's menu or the inbox's selection). */
export function actionFeedback(action: string, updated: number): string | null {
  const chats = updated === 1 ? '1 chat' : `${groupDigits(updated)} chats`;
  switch (action) {
    case 'report':
      return 'Report sent. Thank you: our team will look at it.';
    case 'block':
      return updated === 1 ? 'Blocked. They can no longer message you.' : `${chats} blocked.`;
    case 'unblock':
      return updated === 1 ? 'Unblocked.' : `${chats} unblocked.`;
    case 'block_media':
      return 'Media blocked: they can no longer send you photos or videos.';
    case 'allow_media':
      return 'Media allowed again.';
    case 'hide':
      return `${chats} hidden.`;
    case 'unhide':
      return updated === 1 ? 'Chat back in your inbox.' : `${chats} back in your inbox.`;
    case 'delete':
      return `${chats} deleted.`;
    case 'read':
      return updated > 1 ? `${chats} marked as read.` : null;
    case 'unread':
      return `${chats} marked as unread.`;
    case 'favorite':
      return updated > 1 ? `${chats} added to favorites.` : 'Added to favorites.';
    case 'remove_favorite':
      return updated > 1 ? `${chats} removed from favorites.` : 'Removed from favorites.';
    default:
      return null;
  }
}
