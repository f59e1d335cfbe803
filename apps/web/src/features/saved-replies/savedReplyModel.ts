import { fillSavedReply, plural, type SavedReply, type VaultMedia } from '@parlor/contract';

/**
 * What follows a `/` typed at the very start of the composer: the filter for the saved replies
 * offered, or null when the text is no such command (it starts otherwise, or runs onto a new line).
 */
export function slashQuery(text: string): string | null {
  if (!text.startsWith('/') || text.includes('\n')) return null;
  return text.slice(1);
}

/**
 * The saved replies a filter matches: a title starting with it first, then a title or text that
 * contains it anywhere, each group in the saved order. An empty filter matches every reply.
 */
export function matchReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...replies];
  const starts: SavedReply[] = [];
  const contains: SavedReply[] = [];
  for (const reply of replies) {
    const title = reply.title.toLowerCase();
    if (title.startsWith(q)) starts.push(reply);
    else if (title.includes(q) || (reply.text ?? '').toLowerCase().includes(q)) contains.push(reply);
  }
  return [...starts, ...contains];
}

/** The kind of a saved reply's media: a video has a video URL or a length. */
export const replyMediaKind = (reply: SavedReply): 'image' | 'video' | null =>
  reply.media ? (reply.media.video_url || reply.media.video_length ? 'video' : 'image') : null;

/** A saved reply's media as the vault hands it to a send (it is an item of the creator's vault). */
export function replyVaultMedia(reply: SavedReply): VaultMedia | null {
  const kind = replyMediaKind(reply);
  if (!reply.media || !kind) return null;
  return {
    ...reply.media,
    _id: reply.media_id ?? reply.media.public_id,
    type: kind,
    created_at: reply.created_at,
  };
}

/** "Photo · 25 credits", "Video · free": what a saved reply attaches besides its text. */
export function attachmentLabel(reply: Pick<SavedReply, 'price'>, kind: 'image' | 'video'): string {
  const what = kind === 'video' ? 'Video' : 'Photo';
  return `${what} · ${reply.price > 0 ? plural(reply.price, 'credit') : 'free'}`;
}

/** What a saved reply attaches to the draft: its photo or video, its price, and which reply it was. */
export interface DraftAttachment {
  media: VaultMedia;
  price: number;
  title: string;
}

/**
 * The draft a saved reply makes in a chat: its text with `{fan}` and `{me}` filled in, and its media
 * with its price attached. A session that may not set prices (a seat without `paid`) is never
 * offered a priced reply; media the fan's settings refuse is left behind (the composer says why).
 */
export function draftOfReply(
  reply: SavedReply,
  context: { fan: string; me: string; canCharge: boolean; mediaBlocked: boolean },
): { text: string; attachment: DraftAttachment | null } {
  const media = context.mediaBlocked ? null : replyVaultMedia(reply);
  return {
    text: fillSavedReply(reply.text ?? '', { fan: context.fan, me: context.me }),
    attachment: media ? { media, price: context.canCharge ? reply.price : 0, title: reply.title } : null,
  };
}

/** What a key pressed in the text box does while the popup is open. */
export type SlashKey =
  | { kind: 'none' }
  | { kind: 'move'; active: number }
  | { kind: 'choose'; index: number }
  | { kind: 'dismiss' };

/**
 * The popup's keys: Down and Up move through the `count` options and wrap at the ends, Enter
 * (without Shift) chooses the highlighted one, Escape closes the popup; any other key types.
 */
export function slashKey(key: string, shift: boolean, active: number, count: number): SlashKey {
  if (key === 'Escape') return { kind: 'dismiss' };
  if (count === 0) return { kind: 'none' };
  const at = Math.min(Math.max(active, 0), count - 1);
  if (key === 'ArrowDown') return { kind: 'move', active: (at + 1) % count };
  if (key === 'ArrowUp') return { kind: 'move', active: (at - 1 + count) % count };
  if (key === 'Enter' && !shift) return { kind: 'choose', index: at };
  return { kind: 'none' };
}
