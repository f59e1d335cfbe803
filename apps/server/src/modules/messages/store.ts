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
};

/**
 * Stores a message and moves both members' inbox state in one statement (one round trip, atomic
 * without a transaction): the sender's row shows it as sent, the recipient's gains an unread message
 * and comes back if hidden; migration 0007's trigger moves the inbox counters with them. Both member
 * rows are locked first in user-id order, so messages crossing in one chat cannot deadlock. A send id
 * already stored by this sender stores nothing and answers undefined (a retried send).
 */
export async function appendMessage(db: Trx, m: NewMessage): Promise<StoredMessage | undefined> {
  const rows = await prepared(
    db,
    sql<StoredMessage>`
    WITH locked AS (
      SELECT user_id FROM chat_members
      WHERE chat_id = ${m.chatId} AND user_id IN (${m.senderId}, ${m.recipientId})
      ORDER BY user_id FOR UPDATE
    ), ins AS (
      INSERT INTO messages (chat_id, sender_id, recipient_id, type, text, price, self_destruct,
        parent_message_id, client_send_id, system, media_id, gif_url, gif_width, gif_height, destruct_at)
      VALUES (${m.chatId}, ${m.senderId}, ${m.recipientId}, ${m.type}, ${m.text ?? null}, ${m.price ?? 0},
        ${m.selfDestruct ?? false}, ${m.parentMessageId ?? null}, ${m.clientSendId ?? null}, ${m.system ?? false},
        ${m.mediaId ?? null}, ${m.gif?.url ?? null}, ${m.gif?.width ?? null}, ${m.gif?.height ?? null},
        ${m.destructAt ?? null})
      ON CONFLICT (sender_id, client_send_id) WHERE client_send_id IS NOT NULL DO NOTHING
      RETURNING *
    ), upd AS (
      UPDATE chat_members mb SET
        last_message_id = ins.id,
        last_message_at = ins.created_at,
        last_sender_id = ins.sender_id,
        hidden = false,
        unread_messages = mb.unread_messages + (mb.user_id = ins.recipient_id)::int
      FROM ins
      WHERE mb.chat_id = ins.chat_id AND mb.user_id IN (SELECT user_id FROM locked)
      RETURNING mb.user_id, mb.unread_messages
    )
    SELECT ins.*, COALESCE((SELECT unread_messages FROM upd WHERE upd.user_id = ins.recipient_id), 0)::int
      AS recipient_unread
    FROM ins`,
  );
  return rows[0];
}

/**
 * `appendMessage` for many messages at once, outside any transaction: one statement, one commit
 * (one WAL flush) for every message that arrived together. Rows are locked in (chat, user) order;
 * several messages in one chat move its member rows once (the newest is the last message, each
 * message to a member adds one unread). Ids are drawn first so each input finds its row; a send id
 * already stored answers undefined, as in `appendMessage`.
 */
async function appendMessages(db: Trx, ms: readonly NewMessage[]): Promise<(StoredMessage | undefined)[]> {
  const col = <T>(pick: (m: NewMessage) => T) => ms.map(pick);
  const rows = await prepared(
    db,
    sql<StoredMessage & { ord: number }>`
    WITH input AS (
      SELECT i.*, nextval('messages_id_seq') AS id
      FROM unnest(${col((m) => m.chatId)}::uuid[], ${col((m) => m.senderId)}::uuid[],
        ${col((m) => m.recipientId)}::uuid[], ${col((m) => m.type)}::text[], ${col((m) => m.text ?? null)}::text[],
        ${col((m) => m.price ?? 0)}::int[], ${col((m) => m.selfDestruct ?? false)}::boolean[],
        ${col((m) => m.parentMessageId ?? null)}::bigint[], ${col((m) => m.clientSendId ?? null)}::text[],
        ${col((m) => m.system ?? false)}::boolean[], ${col((m) => m.mediaId ?? null)}::bigint[],
        ${col((m) => m.gif?.url ?? null)}::text[], ${col((m) => m.gif?.width ?? null)}::int[],
        ${col((m) => m.gif?.height ?? null)}::int[], ${col((m) => m.destructAt?.toISOString() ?? null)}::timestamptz[])
        WITH ORDINALITY AS i(chat_id, sender_id, recipient_id, type, text, price, self_destruct,
          parent_message_id, client_send_id, system, media_id, gif_url, gif_width, gif_height, destruct_at, ord)
    ), locked AS (
      SELECT chat_id, user_id FROM chat_members
      WHERE (chat_id, user_id) IN (SELECT chat_id, sender_id FROM input UNION SELECT chat_id, recipient_id FROM input)
      ORDER BY chat_id, user_id FOR UPDATE
    ), ins AS (
      INSERT INTO messages (id, chat_id, sender_id, recipient_id, type, text, price, self_destruct,
        parent_message_id, client_send_id, system, media_id, gif_url, gif_width, gif_height, destruct_at)
      OVERRIDING SYSTEM VALUE
      SELECT id, chat_id, sender_id, recipient_id, type, text, price, self_destruct, parent_message_id,
        client_send_id, system, media_id, gif_url, gif_width, gif_height, destruct_at
      FROM input ORDER BY ord
      ON CONFLICT (sender_id, client_send_id) WHERE client_send_id IS NOT NULL DO NOTHING
      RETURNING *
    ), moved AS (
      SELECT ins.chat_id, member.user_id,
        (array_agg(ins.id ORDER BY ins.id DESC))[1] AS last_id,
        max(ins.created_at) AS last_at,
        (array_agg(ins.sender_id ORDER BY ins.id DESC))[1] AS last_sender,
        count(*) FILTER (WHERE member.user_id = ins.recipient_id)::int AS unread
      FROM ins CROSS JOIN LATERAL (VALUES (ins.sender_id), (ins.recipient_id)) AS member(user_id)
      GROUP BY ins.chat_id, member.user_id
    ), upd AS (
      UPDATE chat_members mb SET
        last_message_id = moved.last_id,
        last_message_at = moved.last_at,
        last_sender_id = moved.last_sender,
        hidden = false,
        unread_messages = mb.unread_messages + moved.unread
      FROM moved
      WHERE mb.chat_id = moved.chat_id AND mb.user_id = moved.user_id
        AND (mb.chat_id, mb.user_id) IN (SELECT chat_id, user_id FROM locked)
      RETURNING mb.chat_id, mb.user_id, mb.unread_messages
    )
    SELECT ins.*, input.ord::int AS ord,
      -- Each message carries the recipient's unread count as it was right after that message.
      (COALESCE(upd.unread_messages, 0)
        - (row_number() OVER (PARTITION BY ins.chat_id, ins.recipient_id ORDER BY ins.id DESC) - 1))::int
        AS recipient_unread
    FROM ins
    JOIN input ON input.id = ins.id
    LEFT JOIN upd ON upd.chat_id = ins.chat_id AND upd.user_id = ins.recipient_id`,
  );
  const byOrd = new Map(rows.map(({ ord, ...row }) => [ord, row as StoredMessage]));
  return ms.map((_, i) => byOrd.get(i + 1));
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
  row: MessageRow & { recipient_unread?: number },
  extra: { unread_tip?: number | null; credit_rate?: number | null; new_rate?: number | null } = {},
): Promise<void> {
  const totals = await unreadTotals(ctx.db, row.recipient_id);
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
