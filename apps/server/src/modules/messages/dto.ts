import {
  creditsToDollars,
  type Message,
  type MessageAuthor,
  type MessageMedia,
  type ParentMessage,
} from '@parlor/contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { MessagesTable } from '../../db/schema';
import type { KnownAuthor } from '../../lib/seat';
import { signerFor } from '../media/signing';
import { isUnlockedFor, mediaByIds, toMessageMedia } from '../media/views';
import { purchasesRepository } from './purchases-repository';
import { authorsOf, rowsByIds } from './repository';

export type MessageRow = Selectable<MessagesTable>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface MessageView {
  /** The viewer hid this message for themselves. */
  hidden?: boolean;
  /** The media as this viewer may see it (locked or not); see `messagesFor`. */
  media?: MessageMedia | null;
  /** The paid message was bought. */
  purchased?: boolean;
  /** The message this one answers, as this viewer may see it (see `parentFor`). */
  parent?: ParentMessage | null;
  /** Who wrote it, as this viewer may know it (see `authorFor`). */
  author?: MessageAuthor;
}

const SENDER_WROTE: MessageAuthor = { kind: 'creator', member_id: null, username: null };

/**
 * Who wrote a message, as `viewerId` may know it: the sender's side (the creator and her team,
 * who act as her) sees the member; the other side sees only that a team or automation wrote it.
 */
export function authorFor(
  row: MessageRow,
  author: KnownAuthor | null | undefined,
  viewerId: string,
): MessageAuthor {
  if (!author) return SENDER_WROTE;
  if (row.sender_id !== viewerId) return { kind: author.kind, member_id: null, username: null };
  return { kind: author.kind, member_id: author.memberId, username: author.username };
}

/** A row that may already know its author (a message this request stored). */
type RowWithAuthor = MessageRow & { author?: KnownAuthor | null };

/**
 * A reply's quote of its parent as `viewerId` may see it: no more text than the parent itself
 * shows them, and none while it is deleted, self-destructed or a paid message locked for them.
 */
function parentFor(row: MessageRow, viewerId: string, purchased: boolean): ParentMessage {
  const locked = row.type !== 'tip' && !isUnlockedFor(row, viewerId, purchased);
  const gone = row.deleted_at !== null || (row.destructed_at !== null && row.type !== 'text');
  return {
    _id: String(row.id),
    text: locked || gone ? null : row.text,
    sender_id: row.sender_id,
    type: row.type,
  };
}

/**
 * The message as `viewerId` may see it. Deleted messages keep their place but lose their content;
 * self-destructed ones lose their media. Media comes in already locked or unlocked for the viewer.
 */
export function toMessage(row: MessageRow, viewerId: string, view: MessageView = {}): Message {
  const deleted = row.deleted_at !== null;
  const gone = deleted || view.hidden === true;
  const destructed = row.destructed_at !== null;
  return {
    _id: String(row.id),
    chat_id: row.chat_id,
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    type: row.type,
    text: gone || (destructed && row.type !== 'text') ? null : row.text,
    price: row.price,
    price_in_dollars: creditsToDollars(row.price),
    self_destruct: row.self_destruct,
    parent_message_id: row.parent_message_id === null ? null : String(row.parent_message_id),
    broadcast_id: row.broadcast_id === null ? null : String(row.broadcast_id),
    parent_message: view.parent ?? null,
    created_at: row.created_at.toISOString(),
    clientSideReceiveId: row.sender_id === viewerId ? row.client_send_id : null,
    is_read: row.is_read,
    read_at: iso(row.read_at),
    destruct_at: iso(row.destruct_at),
    // A tip's price is what was paid, not a lock.
    is_paid: row.type === 'tip' || row.price === 0 || view.purchased === true,
    is_hidden: view.hidden === true,
    is_deleted: deleted,
    system: row.system,
    media: gone || destructed ? null : (view.media ?? null),
    gif_url: gone || destructed ? null : row.gif_url,
    gif_width: gone || destructed ? null : row.gif_width,
    gif_height: gone || destructed ? null : row.gif_height,
    author: view.author ?? SENDER_WROTE,
  };
}

/**
 * Messages as `viewerId` may see them, with their media loaded in one query and signed for this
 * viewer. Every answer and event that carries messages goes through here (or `toMessage` for
 * messages without media), so a locked message never leaves with a full-media URL. `viewerId` may
 * also name each row's viewer (a broadcast's copies, each seen by its recipient).
 */
export async function messagesFor(
  ctx: AppContext,
  rows: MessageRow[],
  viewerId: string | ((row: MessageRow) => string),
  hiddenIds: ReadonlySet<number> = new Set(),
): Promise<Message[]> {
  const withMedia = rows.filter((r) => r.media_id !== null);
  const parentIds = [
    ...new Set(rows.flatMap((r) => (r.parent_message_id === null ? [] : [r.parent_message_id]))),
  ];
  // Replies are rare: the parents cost a query only when a row has one.
  const parents = parentIds.length > 0 ? await rowsByIds(ctx.db, parentIds) : [];
  // A tip's price is what was paid, never a lock: only other priced messages ask for purchases.
  const paidIds = [...rows, ...parents].filter((r) => r.price > 0 && r.type !== 'tip').map((r) => r.id);
  // Rows stored by this request know their author; the others are looked up with the media.
  const unknown = (rows as RowWithAuthor[]).filter((r) => r.author === undefined);
  const [media, purchased, authors] = await Promise.all([
    mediaByIds(ctx.db, [...new Set(withMedia.map((r) => r.media_id as number))]),
    purchasesRepository.purchased(ctx.db, [...new Set(paidIds)]),
    authorsOf(
      ctx.db,
      unknown.map((r) => r.id),
      [...new Set(unknown.flatMap((r) => (r.broadcast_id === null ? [] : [r.broadcast_id])))],
    ),
  ]);
  const authorOf = (row: RowWithAuthor) =>
    row.author !== undefined
      ? row.author
      : (authors.byMessage.get(row.id) ??
        (row.broadcast_id === null ? null : (authors.byBroadcast.get(row.broadcast_id) ?? null)));
  const mediaById = new Map(media.map((m) => [m.id, m]));
  const parentById = new Map(parents.map((p) => [p.id, p]));
  const viewerOf = typeof viewerId === 'string' ? () => viewerId : viewerId;
  const signers = new Map<string, ReturnType<typeof signerFor>>();
  const signFor = (viewer: string) => {
    const known = signers.get(viewer);
    if (known) return known;
    const sign = signerFor(ctx, viewer);
    signers.set(viewer, sign);
    return sign;
  };
  return rows.map((row) => {
    const viewer = viewerOf(row);
    const bought = purchased.has(row.id);
    const m = row.media_id === null ? undefined : mediaById.get(row.media_id);
    const parent = row.parent_message_id === null ? undefined : parentById.get(row.parent_message_id);
    return toMessage(row, viewer, {
      author: authorFor(row, authorOf(row), viewer),
      hidden: hiddenIds.has(row.id),
      purchased: bought,
      parent: parent ? parentFor(parent, viewer, purchased.has(parent.id)) : null,
      media: m ? toMessageMedia(m, signFor(viewer), isUnlockedFor(row, viewer, bought)) : null,
    });
  });
}

export async function messageFor(ctx: AppContext, row: MessageRow, viewerId: string, hidden = false) {
  const [message] = await messagesFor(ctx, [row], viewerId, hidden ? new Set([row.id]) : new Set());
  return message as Message;
}
