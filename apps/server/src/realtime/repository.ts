import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Up to this many chats, a user's partners are looked up one by one; past it, from the online set. */
const FEW_CHATS = 2000;

/** Who of a user's chat partners is online now, and what the user's own presence may show. */
export interface PartnersOnline {
  /** Partners online now (flagged online, heartbeat fresh): whom the user's comings and goings reach. */
  online: string[];
  /** Those of them others may see online: invisible mode off (the user's `init` lists these). */
  shown: string[];
  /** The user's own invisible mode: their comings and goings are told to no partner. */
  invisible: boolean;
}

/**
 * The user's chat partners who are online now (flagged online, heartbeat after `fresh`). Two
 * shapes, because the planner cannot tell them apart: how many users are online swings through the
 * day and its statistics lag. A fan with a handful of chats must not walk every online user (a few
 * milliseconds per connect with 5,000 online, on every connect and disconnect), and a creator with
 * 100,000 chats must not probe each of them; so the member rows are read first, up to FEW_CHATS,
 * and only a user with more is matched against the online users instead.
 */
export async function onlinePartnerIds(db: Kysely<DB>, userId: string, fresh: Date): Promise<PartnersOnline> {
  const few = await sql<{ scanned: number; online: string[]; hidden: string[]; invisible: boolean }>`
    WITH mine AS MATERIALIZED (
      SELECT other_user_id FROM chat_members WHERE user_id = ${userId} LIMIT ${FEW_CHATS + 1}
    ), partners AS MATERIALIZED (
      SELECT o.id, o.profile_invisible FROM mine
      CROSS JOIN LATERAL (
        -- OFFSET 0 keeps this a lookup per member row: flattened, the planner starts from the
        -- online users when its statistics say there are few.
        SELECT u.id, u.profile_invisible FROM users u
        WHERE u.id = mine.other_user_id AND u.online AND u.last_online > ${fresh}
        OFFSET 0
      ) o
      WHERE (SELECT count(*) FROM mine) <= ${FEW_CHATS}
    )
    SELECT (SELECT count(*) FROM mine)::int AS scanned,
      ARRAY(SELECT p.id FROM partners p)::text[] AS online,
      ARRAY(SELECT p.id FROM partners p WHERE p.profile_invisible)::text[] AS hidden,
      COALESCE((SELECT u.profile_invisible FROM users u WHERE u.id = ${userId}), false) AS invisible`.execute(
    db,
  );
  const row = few.rows[0];
  const invisible = row?.invisible ?? false;
  let partners: { id: string; profile_invisible: boolean }[];
  if (row && row.scanned <= FEW_CHATS) {
    const hidden = new Set(row.hidden);
    partners = row.online.map((id) => ({ id, profile_invisible: hidden.has(id) }));
  } else {
    const many = await sql<{ id: string; profile_invisible: boolean }>`
      SELECT o.id, o.profile_invisible FROM users o
      WHERE o.online AND o.last_online > ${fresh}
        AND EXISTS (SELECT 1 FROM chat_members m WHERE m.user_id = ${userId} AND m.other_user_id = o.id)`.execute(
      db,
    );
    partners = many.rows;
  }
  return {
    online: partners.map((p) => p.id),
    shown: partners.filter((p) => !p.profile_invisible).map((p) => p.id),
    invisible,
  };
}

/**
 * Marks the user offline as of `at`, unless a later `last_online` was written meanwhile (a socket
 * opened on another process); answers whether it did.
 */
export async function markOffline(db: Kysely<DB>, userId: string, at: Date): Promise<boolean> {
  const marked = await db
    .updateTable('users')
    .set({ online: false, last_online: at })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('last_online', 'is', null), eb('last_online', '<=', at)]))
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) > 0;
}

/** Sets these users' presence at once: online and fresh as of `at`, or offline since `at`. */
export async function setPresence(
  db: Kysely<DB>,
  userIds: string[],
  online: boolean,
  at: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ online, last_online: at })
    .where('id', '=', sql<string>`ANY(${userIds}::uuid[])`)
    .execute();
}

/** Marks offline everyone still flagged online whose heartbeat is older than `stale`; answers how many. */
export async function sweepStale(db: Kysely<DB>, stale: Date): Promise<number> {
  const swept = await db
    .updateTable('users')
    .set({ online: false })
    .where('online', '=', true)
    .where('last_online', '<', stale)
    .executeTakeFirst();
  return Number(swept.numUpdatedRows ?? 0);
}
