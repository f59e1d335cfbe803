import type { ServerEventData } from '@parlor/contract';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import { batched, batchedLookup } from '../../db/batch';
import { prepared } from '../../db/connection';
import type { DB } from '../../db/schema';
import { type MessageRow, messageFor } from './dto';

type Trx = Kysely<DB>;

const ordered = (a: string, b: string) => (a < b ? [a, b] : [b, a]) as [string, string];

/** Finds the pair's chat or creates it with both members' rows; safe against concurrent creation. */
export async function getOrCreateChat(trx: Trx, userA: string, userB: string): Promise<string> {
  const [low, high] = ordered(userA, userB);
  await trx
    .insertInto('chats')
    .values({ user_low: low, user_high: high })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .execute();
  const chat = await trx
    .selectFrom('chats')
    .select('id')
    .where('user_low', '=', low)
    .where('user_high', '=', high)
    .executeTakeFirstOrThrow();
  // Each member row notes whether the other side is the system (support) account: part 1 §9 pins it.
  await sql`
    INSERT INTO chat_members (chat_id, user_id, other_user_id, other_is_system)
    SELECT ${chat.id}, me.id, other.id, other.role = 'admin'
    FROM users me JOIN users other ON other.id = CASE WHEN me.id = ${low}::uuid THEN ${high}::uuid ELSE ${low}::uuid END
    WHERE me.id IN (${low}::uuid, ${high}::uuid)
    ON CONFLICT (user_id, other_user_id) DO NOTHING`.execute(trx);
  return chat.id;
}

export interface NewMessage {
  chatId: string;
  senderId: string;
  recipientId: string;
  type: MessageRow['type'];
  text?: string | null;
  price?: number;
  selfDestruct?: boolean;
  parentMessageId?: number | null;
  clientSendId?: string | null;
  system?: boolean;
  /** Media of image and video messages (a `media` row of the sender's). */
  mediaId?: number | null;
  gif?: { url: string; width: number | null; height: number | null } | null;
  /** Free self-destructing content disappears at this time; paid content gets it at purchase. */
  destructAt?: Date | null;
}

export type StoredMessage = MessageRow & {
  /** The recipient's unread count in this chat after the message, for its `new_message` event. */
  recipient_unread: number;
  /** The recipient's unread totals once the message was in, for their `unread_messages` event. */
  recipient_totals: ServerEventData<'unread_messages'>;
};

/**
 * Stores messages and moves their chats' inbox state in one statement (one round trip, atomic
 * without a transaction; `append_messages`, migration 0010): each sender's member row shows the
 * message as sent, each recipient's gains an unread message and comes back if hidden; migration
 * 0007's trigger moves the inbox counters with them. Member rows are locked in a fixed order, so
 * messages crossing in one chat cannot deadlock. A send id already stored by its sender stores
 * nothing and answers undefined (a retried send).
 */
async function appendMessages(db: Trx, ms: readonly NewMessage[]): Promise<(StoredMessage | undefined)[]> {
  const col = <T>(pick: (m: NewMessage) => T) => ms.map(pick);
  const rows = await prepared(
    db,
    sql<AppendedRow & { ord: number }>`
      SELECT * FROM append_messages(
        ${col((m) => m.chatId)}::uuid[], ${col((m) => m.senderId)}::uuid[], ${col((m) => m.recipientId)}::uuid[],
        ${col((m) => m.type)}::text[], ${col((m) => m.text ?? null)}::text[], ${col((m) => m.price ?? 0)}::int[],
        ${col((m) => m.selfDestruct ?? false)}::boolean[], ${col((m) => m.parentMessageId ?? null)}::bigint[],
        ${col((m) => m.clientSendId ?? null)}::text[], ${col((m) => m.system ?? false)}::boolean[],
        ${col((m) => m.mediaId ?? null)}::bigint[], ${col((m) => m.gif?.url ?? null)}::text[],
        ${col((m) => m.gif?.width ?? null)}::int[], ${col((m) => m.gif?.height ?? null)}::int[],
        ${col((m) => m.destructAt?.toISOString() ?? null)}::timestamptz[])`,
  );
  const byOrd = new Map(rows.map((r) => [r.ord, r]));
  return ms.map((m, i) => {
    const row = byOrd.get(i + 1);
    return row && storedMessage(m, row);
  });
}

interface AppendedRow {
  id: number;
  created_at: Date;
  recipient_unread: number;
  recipient_unread_all: number;
  recipient_unread_favorites: number;
}

/** The stored row of a new message: what was written, with the id and time the database gave it. */
function storedMessage(m: NewMessage, row: AppendedRow): StoredMessage {
  return {
    id: row.id,
    chat_id: m.chatId,
    sender_id: m.senderId,
    recipient_id: m.recipientId,
    type: m.type,
    text: m.text ?? null,
    price: m.price ?? 0,
    self_destruct: m.selfDestruct ?? false,
    parent_message_id: m.parentMessageId ?? null,
    client_send_id: m.clientSendId ?? null,
    system: m.system ?? false,
    is_read: false,
    read_at: null,
    deleted_at: null,
    created_at: row.created_at,
    media_id: m.mediaId ?? null,
    gif_url: m.gif?.url ?? null,
    gif_width: m.gif?.width ?? null,
    gif_height: m.gif?.height ?? null,
    destruct_at: m.destructAt ?? null,
    destructed_at: null,
    recipient_unread: row.recipient_unread,
    recipient_totals: {
      unread_messages: row.recipient_unread_all,
      unread_messages_favorites: row.recipient_unread_favorites,
    },
  };
}

/** Stores one message (inside a caller's transaction, or alone); see `appendMessages`. */
export async function appendMessage(db: Trx, m: NewMessage): Promise<StoredMessage | undefined> {
  return (await appendMessages(db, [m]))[0];
}

/**
 * Stores a message outside a transaction, sharing one statement with the messages sent at the same
 * moment (see `appendMessages`). When a shared statement fails (a chat deleted meanwhile, a lock
 * cycle with a bulk action), each of its messages is stored alone, so one message's failure is its
 * own.
 */
export const appendMessageSoon = batched<NewMessage, StoredMessage | undefined>(async (db, ms) => {
  if (ms.length === 1) return [await appendMessage(db, ms[0] as NewMessage)];
  try {
    return await appendMessages(db, ms);
  } catch {
    return Promise.all(
      ms.map((m) =>
        appendMessage(db, m).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
      ),
    );
  }
});

/** Totals asked for together (one per delivered message) are read in one statement. */
const totalsLookup = batchedLookup(
  async (db, userIds: readonly string[]) => {
    const rows = await prepared(
      db,
      sql<{ user_id: string; all: number; favorites: number }>`
        SELECT user_id, COALESCE(sum(unread_messages), 0)::int AS all,
          COALESCE(sum(unread_messages_favorites), 0)::int AS favorites
        FROM inbox_counters WHERE user_id = ANY(${[...userIds]}::uuid[])
        GROUP BY user_id`,
    );
    return new Map(rows.map((r) => [r.user_id, r]));
  },
  (userId) => userId,
);

/** Unread totals of a user across visible chats (all, and favourites only): their counter rows. */
export async function unreadTotals(db: Trx, userId: string): Promise<ServerEventData<'unread_messages'>> {
  const row = await totalsLookup(db, userId);
  return { unread_messages: row?.all ?? 0, unread_messages_favorites: row?.favorites ?? 0 };
}

async function memberUnread(db: Trx, chatId: string, userId: string) {
  const member = await db
    .selectFrom('chat_members')
    .select('unread_messages')
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return member?.unread_messages ?? 0;
}

/**
 * After commit: the recipient gets `new_message` and fresh unread totals; the sender's other tabs
 * get the message too. Each side sees the message as they may see it.
 */
export async function publishNewMessage(
  ctx: AppContext,
  row: MessageRow & Partial<Pick<StoredMessage, 'recipient_unread' | 'recipient_totals'>>,
  extra: { unread_tip?: number | null; credit_rate?: number | null; new_rate?: number | null } = {},
): Promise<void> {
  const totals = row.recipient_totals ?? (await unreadTotals(ctx.db, row.recipient_id));
  const unread = row.recipient_unread ?? (await memberUnread(ctx.db, row.chat_id, row.recipient_id));
  for (const viewer of [row.recipient_id, row.sender_id]) {
    // Built per viewer: a locked paid message reaches the recipient with its blurred preview only.
    const message = await messageFor(ctx, row, viewer);
    ctx.hub.publish(viewer, 'new_message', {
      sender_id: row.sender_id,
      recipient_id: row.recipient_id,
      chat_id: row.chat_id,
      message_id: String(row.id),
      text: row.deleted_at ? null : row.text,
      info: { message },
      unread_messages: viewer === row.recipient_id ? unread : 0,
      unread_tip: extra.unread_tip ?? null,
      credit_rate: extra.credit_rate ?? null,
      new_rate: extra.new_rate ?? null,
      timestamp: row.created_at.toISOString(),
      system: row.system,
    });
  }
  ctx.hub.publish(row.recipient_id, 'unread_messages', totals);
}
