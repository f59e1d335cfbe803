import type { ServerEventData } from '@parlor/contract';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { batched } from '../../db/batch';
import { prepared } from '../../db/connection';
import type { DB } from '../../db/schema';
import type { KnownAuthor } from '../../lib/seat';
import { fansRepository } from '../discover/fans-repository';
import type { MessageRow } from './dto';

type Trx = Kysely<DB>;

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
  /** Written by a member of the sender's team or by automation; absent when the sender wrote it. */
  author?: KnownAuthor | null;
}

export type StoredMessage = MessageRow & {
  /** Known at the send: null when the sender wrote it. */
  author: KnownAuthor | null;
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
  const authored = ms.some((m) => m.author);
  const rows = await prepared(
    db,
    // Free messages add nothing to the spent counters (paid ones go through `appendPaidMessages`).
    // Messages a team member or automation wrote record who in the same statement, so a message
    // never stands stored as its sender's own words.
    authored
      ? sql<AppendedRow & { ord: number }>`
          WITH r AS MATERIALIZED (
            SELECT * FROM append_messages(${messageColumns(ms)}, ${ms.map(() => 0)}::int[])
          ), a AS (
            INSERT INTO message_authors (message_id, kind, member_id)
            SELECT r.id, x.kind, x.member_id
            FROM r JOIN unnest(${ms.map((m) => m.author?.kind ?? null)}::text[],
              ${ms.map((m) => m.author?.memberId ?? null)}::uuid[]) WITH ORDINALITY AS x(kind, member_id, n)
              ON x.n = r.ord
            WHERE x.kind IS NOT NULL
          )
          SELECT * FROM r`
      : sql<
          AppendedRow & { ord: number }
        >`SELECT * FROM append_messages(${messageColumns(ms)}, ${ms.map(() => 0)}::int[])`,
  );
  const byOrd = new Map(rows.map((r) => [r.ord, r]));
  return ms.map((m, i) => {
    const row = byOrd.get(i + 1);
    return row && storedMessage(m, row);
  });
}

/** The messages as the column arrays `append_messages` takes (migration 0010). */
function messageColumns(ms: readonly NewMessage[]) {
  const col = <T>(pick: (m: NewMessage) => T) => ms.map(pick);
  return sql`
    ${col((m) => m.chatId)}::uuid[], ${col((m) => m.senderId)}::uuid[], ${col((m) => m.recipientId)}::uuid[],
    ${col((m) => m.type)}::text[], ${col((m) => m.text ?? null)}::text[], ${col((m) => m.price ?? 0)}::int[],
    ${col((m) => m.selfDestruct ?? false)}::boolean[], ${col((m) => m.parentMessageId ?? null)}::bigint[],
    ${col((m) => m.clientSendId ?? null)}::text[], ${col((m) => m.system ?? false)}::boolean[],
    ${col((m) => m.mediaId ?? null)}::bigint[], ${col((m) => m.gif?.url ?? null)}::text[],
    ${col((m) => m.gif?.width ?? null)}::int[], ${col((m) => m.gif?.height ?? null)}::int[],
    ${col((m) => m.destructAt?.toISOString() ?? null)}::timestamptz[]`;
}

/** A message that pays its chat's rate, with its payment (see `appendPaidMessages`). */
export interface PaidSend {
  message: NewMessage;
  amount: number;
  idempotencyKey: string;
  earningsShard: number;
  /** When the send was made (a new fan's `first_at`). */
  at: Date;
}

/** What storing a message that pays the chat's rate did (see `appendPaidMessages`). */
export type PaidAppend =
  /** `newFan`: the sender paid this creator for the first time ever (the creator hears `new_fan`). */
  | { outcome: 'paid'; balance: number; stored: StoredMessage; newFan: boolean }
  | { outcome: 'replayed' | 'insufficient'; balance: number };

/** Raised by `append_paid_messages` when a send id was already stored: nothing was charged. */
export const SEND_ID_TAKEN = 'PX409';

/**
 * Stores messages that pay their chats' rates together with their payments, in one statement
 * (`append_paid_messages`, which moves the money through the ledger's own `ledger_pay`; see
 * "Money rules in SQL" in docs/payments.md): each fan's debit, the creator's earnings and the
 * ledger rows commit with the messages or not at all, and the creator's rows are locked only for
 * that statement's own time.
 * The same statement records each paying pair in `fans` (relationship `fan`, docs/discover.md);
 * the first paid send of a pair new to the creator answers `newFan`.
 * Rejects with SQLSTATE `SEND_ID_TAKEN` when a send id was used before: then nothing was stored.
 */
export async function appendPaidMessages(db: Trx, sends: readonly PaidSend[]): Promise<PaidAppend[]> {
  // One time for the batch's new fans: the latest send's.
  const at = new Date(Math.max(...sends.map((s) => s.at.getTime())));
  const rows = await prepared(
    db,
    sql<AppendedRow & { n: number; balance: number; outcome: PaidAppend['outcome']; new_fan: boolean }>`
      WITH r AS MATERIALIZED (
        SELECT * FROM append_paid_messages(${sends.map((s) => s.amount)}::int[],
          ${sends.map((s) => s.idempotencyKey)}::text[], ${sends.map((s) => s.earningsShard)}::int[],
          ${messageColumns(sends.map((s) => s.message))})
      ),
      pairs AS (
        SELECT s.creator_id, s.fan_id, min(s.n) AS n
        FROM unnest(${sends.map((s) => s.message.senderId)}::uuid[],
          ${sends.map((s) => s.message.recipientId)}::uuid[]) WITH ORDINALITY AS s(fan_id, creator_id, n)
        JOIN r ON r.n = s.n AND r.outcome = 'paid'
        GROUP BY s.creator_id, s.fan_id
      ),
      ${fansRepository.recordInStatement('fan', at)}
      SELECT r.*, COALESCE(nf.first, false) AS new_fan
      FROM r LEFT JOIN pairs p ON p.n = r.n
      LEFT JOIN new_fans nf ON nf.creator_id = p.creator_id AND nf.fan_id = p.fan_id`,
  );
  const byN = new Map(rows.map((r) => [r.n, r]));
  return sends.map((s, i) => {
    const row = byN.get(i + 1);
    if (!row) throw new Error('append_paid_messages answered no row for a send');
    return row.outcome === 'paid'
      ? { outcome: 'paid', balance: row.balance, stored: storedMessage(s.message, row), newFan: row.new_fan }
      : { outcome: row.outcome, balance: row.balance };
  });
}

export interface AppendedRow {
  id: number;
  created_at: Date;
  recipient_unread: number;
  recipient_unread_all: number;
  recipient_unread_favorites: number;
}

/** The stored row of a new message: what was written, with the id and time the database gave it. */
export function storedMessage(
  m: NewMessage,
  row: AppendedRow,
  broadcastId: number | null = null,
): StoredMessage {
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
    broadcast_id: broadcastId,
    author: m.author ?? null,
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

/** The message its sender stored under this send id, if any. */
export function findBySendId(db: Trx, senderId: string, sendId: string): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_send_id', '=', sendId)
    .executeTakeFirst();
}

/** `msg` is not one `viewerId` hid from their own view. */
function notHiddenFor(eb: ExpressionBuilder<DB & { msg: DB['messages'] }, 'msg'>, viewerId: string) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('message_hidden_for as h')
        .select('h.message_id')
        .whereRef('h.message_id', '=', 'msg.id')
        .where('h.user_id', '=', viewerId),
    ),
  );
}

/**
 * A page of a chat's messages as `viewerId` sees them, newest first: without those they hid, and
 * without history they cleared (ids up to `clearedBeforeId`). Pages go back from `beforeId` or by
 * offset.
 */
export function pageOfChat(
  db: Trx,
  chatId: string,
  viewerId: string,
  page: { limit: number; offset: number; beforeId: number | null; clearedBeforeId: number | null },
): Promise<MessageRow[]> {
  let query = db
    .selectFrom('messages as msg')
    .selectAll('msg')
    .where('msg.chat_id', '=', chatId)
    .where((eb) => notHiddenFor(eb, viewerId))
    .orderBy('msg.id', 'desc')
    .limit(page.limit);
  if (page.clearedBeforeId !== null) query = query.where('msg.id', '>', page.clearedBeforeId);
  query = page.beforeId !== null ? query.where('msg.id', '<', page.beforeId) : query.offset(page.offset);
  return query.execute();
}

/** Messages by id that `userId` sent or received, oldest first. */
export function byIdsFor(db: Trx, userId: string, ids: number[]): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
    .orderBy('id')
    .execute();
}

/** One message that `userId` sent or received. */
export function findFor(db: Trx, userId: string, id: number): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
    .executeTakeFirst();
}

/** Messages by id, whoever's (the parents of replies already read for their viewer). */
export function rowsByIds(db: Trx, ids: number[]): Promise<MessageRow[]> {
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
}

/**
 * Whether `viewerId` can see message `id` of chat `chatId` (a reply's parent must be such a
 * message): in that chat, not deleted, not hidden by them and not in history they cleared.
 */
export async function isVisibleInChat(
  db: Trx,
  chatId: string,
  viewerId: string,
  id: number,
  clearedBeforeId: number | null,
): Promise<boolean> {
  if (clearedBeforeId !== null && id <= clearedBeforeId) return false;
  const row = await db
    .selectFrom('messages as msg')
    .select('msg.id')
    .where('msg.id', '=', id)
    .where('msg.chat_id', '=', chatId)
    .where('msg.deleted_at', 'is', null)
    .where((eb) => notHiddenFor(eb, viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Hides a message from one user's view. */
export async function hideFor(db: Trx, messageId: number, userId: string): Promise<void> {
  await db
    .insertInto('message_hidden_for')
    .values({ message_id: messageId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Marks a message deleted (for both sides) at `at`; answers the row as it is now. */
export function markDeleted(db: Trx, id: number, at: Date): Promise<MessageRow> {
  return db
    .updateTable('messages')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Who wrote these messages, where it was not their sender: their `message_authors` rows and, for
 * a broadcast's copies, the member who composed the broadcast. One statement.
 */
export async function authorsOf(
  db: Trx,
  ids: readonly number[],
  broadcastIds: readonly number[],
): Promise<{ byMessage: Map<number, KnownAuthor>; byBroadcast: Map<number, KnownAuthor> }> {
  const byMessage = new Map<number, KnownAuthor>();
  const byBroadcast = new Map<number, KnownAuthor>();
  if (ids.length === 0) return { byMessage, byBroadcast };
  const { rows } = await sql<{
    src: 'm' | 'b';
    id: number;
    kind: KnownAuthor['kind'];
    member_id: string | null;
    username: string | null;
  }>`
    SELECT 'm' AS src, a.message_id AS id, a.kind, a.member_id, u.username
    FROM message_authors a LEFT JOIN users u ON u.id = a.member_id
    WHERE a.message_id = ANY(${[...ids]}::bigint[])
    UNION ALL
    SELECT 'b', b.id, 'team', b.author_member_id, u.username
    FROM broadcasts b LEFT JOIN users u ON u.id = b.author_member_id
    WHERE b.id = ANY(${[...broadcastIds]}::bigint[]) AND b.author_member_id IS NOT NULL`.execute(db);
  for (const r of rows) {
    const author = { kind: r.kind, memberId: r.member_id, username: r.username };
    (r.src === 'm' ? byMessage : byBroadcast).set(Number(r.id), author);
  }
  return { byMessage, byBroadcast };
}
