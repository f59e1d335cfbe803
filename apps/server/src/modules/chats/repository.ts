// Chats and their members: creating a chat, blocks, rates, what a send needs, unread totals.
import type { ServerEventData } from '@parlor/contract';
import { type Kysely, sql } from 'kysely';
import { batchedLookup } from '../../db/batch';
import { prepared } from '../../db/connection';
import type { DB, UserRow } from '../../db/schema';

type Db = Kysely<DB>;

export interface SendTarget {
  chat_id: string;
  blocked: boolean;
  blocked_by_other: boolean;
  other_media_blocked: boolean;
  credit_rate: number;
  other_type: 'user' | 'featured';
  /** Whether the other side may be paid yet (moderation, lib/users `assertCanReceivePayments`). */
  other_requires_moderation: boolean;
  other_id_verification_status: UserRow['id_verification_status'];
  other_discover_status: UserRow['discover_status'];
  /** The other account is banned or erased. */
  other_gone: boolean;
}

/** What sending needs to know about chats: one statement for the sends that arrive together. */
const sendTargets = batchedLookup(
  async (db, pairs: readonly { userId: string; otherUserId: string }[]) => {
    const rows = await prepared(
      db,
      // A function (migration 0009): its plan is made once per connection, not on every call.
      sql<SendTarget & { user_id: string; other_user_id: string }>`
        SELECT * FROM send_targets(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.otherUserId)}::uuid[])`,
    );
    return new Map(
      rows.map(({ user_id, other_user_id, ...target }) => [`${user_id}:${other_user_id}`, target]),
    );
  },
  (p) => `${p.userId}:${p.otherUserId}`,
);

/** What sending needs to know about a chat (the hot path of delivery); undefined when there is none. */
export function findSendTarget(db: Db, userId: string, otherUserId: string): Promise<SendTarget | undefined> {
  return sendTargets(db, { userId, otherUserId });
}

const ordered = (a: string, b: string) => (a < b ? [a, b] : [b, a]) as [string, string];

/**
 * Finds the pair's chat or creates it with both members' rows; safe against concurrent creation.
 * Tests and benchmarks set chats up with it; the app creates them through `findOrCreateChat`.
 */
export async function getOrCreateChat(trx: Db, userA: string, userB: string): Promise<string> {
  return (await findOrCreateChat(trx, userA, userB)).id;
}

/**
 * As `getOrCreateChat`, telling whether this call created the chat: of concurrent first opens of a
 * pair, the unique pair index lets exactly one insert through.
 */
export async function findOrCreateChat(
  trx: Db,
  userA: string,
  userB: string,
): Promise<{ id: string; created: boolean }> {
  const [low, high] = ordered(userA, userB);
  const inserted = await trx
    .insertInto('chats')
    .values({ user_low: low, user_high: high })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const chat = await trx
    .selectFrom('chats')
    .select('id')
    .where('user_low', '=', low)
    .where('user_high', '=', high)
    .executeTakeFirstOrThrow();
  // Each member row notes whether the other side is the system (support) account, whose chats with
  // unread messages are pinned to the top of the inbox.
  await sql`
    INSERT INTO chat_members (chat_id, user_id, other_user_id, other_is_system)
    SELECT ${chat.id}, me.id, other.id, other.role = 'admin'
    FROM users me JOIN users other ON other.id = CASE WHEN me.id = ${low}::uuid THEN ${high}::uuid ELSE ${low}::uuid END
    WHERE me.id IN (${low}::uuid, ${high}::uuid)
    ON CONFLICT (user_id, other_user_id) DO NOTHING`.execute(trx);
  return { id: chat.id, created: inserted !== undefined };
}

/** Whether either of the two blocked the other. */
export async function isBlockedBetween(db: Db, userA: string, userB: string): Promise<boolean> {
  const row = await db
    .selectFrom('chat_members')
    .select('blocked')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', userA), eb('other_user_id', '=', userB)]),
        eb.and([eb('user_id', '=', userB), eb('other_user_id', '=', userA)]),
      ]),
    )
    .where('blocked', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Brings the chat back into its member's inbox. */
export async function unhideChat(db: Db, userId: string, otherUserId: string): Promise<void> {
  await db
    .updateTable('chat_members')
    .set({ hidden: false })
    .where('user_id', '=', userId)
    .where('other_user_id', '=', otherUserId)
    .execute();
}

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
export async function unreadTotals(db: Db, userId: string): Promise<ServerEventData<'unread_messages'>> {
  const row = await totalsLookup(db, userId);
  return { unread_messages: row?.all ?? 0, unread_messages_favorites: row?.favorites ?? 0 };
}

/** A member's row of one chat: the other member and the unread count; undefined for a non-member. */
export function findMember(db: Db, chatId: string, userId: string) {
  return db
    .selectFrom('chat_members')
    .select(['other_user_id', 'unread_messages', 'cleared_before_id'])
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A member's chat, addressed by chat id or by the other user's id (lists use the latter). */
export function findMemberChat(db: Db, userId: string, id: string) {
  return db
    .selectFrom('chat_members')
    .select(['chat_id', 'other_user_id'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('chat_id', '=', id), eb('other_user_id', '=', id)]))
    .executeTakeFirst();
}

/** The presence of those of `ids` who are the user's chat partners. */
export function partnersPresence(db: Db, userId: string, ids: string[]) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('users as o', 'o.id', 'm.other_user_id')
    .select(['o.id', 'o.online', 'o.last_online', 'o.profile_invisible'])
    .where('m.user_id', '=', userId)
    .where('m.other_user_id', 'in', ids)
    .execute();
}

export async function setCreditRate(db: Db, chatId: string, rate: number): Promise<void> {
  await db.updateTable('chats').set({ credit_rate: rate }).where('id', '=', chatId).execute();
}

/**
 * Stores the copies `userId` is due from broadcasts still sending and does not have yet (migration
 * 0034 `deliver_pending_broadcasts`): a broadcast's copy is committed with its recipient row, so a
 * fan who reads their inbox or a conversation while the fan-out is still writing gets theirs first
 * (docs/broadcasts.md "When a copy is committed"). Answers how many were stored now.
 */
export async function deliverPendingCopies(db: Db, userId: string): Promise<number> {
  const rows = await prepared(
    db,
    sql<{ message_id: number }>`SELECT message_id FROM deliver_pending_broadcasts(${userId}::uuid)`,
  );
  return rows.length;
}
