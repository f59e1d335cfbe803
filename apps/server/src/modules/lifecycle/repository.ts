import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The account-lifecycle columns of users (migration 0028). */
export const lifecycleRepository = {
  /** The creator a request is about, by id or username, with what the country rule needs. */
  /** How many of these users are admins (support). */
  async adminCount(db: Db, ids: string[]): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  creatorFacts(db: Db, by: { id: string } | { username: string }) {
    let query = db.selectFrom('users').select(['id', 'type', 'blocked_countries']);
    query = 'id' in by ? query.where('id', '=', by.id) : query.where('username', '=', by.username);
    return query.executeTakeFirst();
  },
  setBlockedCountries(db: Db, userId: string, countries: string[]) {
    return db
      .updateTable('users')
      .set({ blocked_countries: countries, updated_at: sql`now()` })
      .where('id', '=', userId)
      .returning('blocked_countries')
      .executeTakeFirstOrThrow();
  },
  /** Locks the creator's row so two boosts of one account are serialised. */
  lockForBoost(trx: Db, userId: string) {
    return trx
      .selectFrom('users')
      .select(['id', 'boost_until'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  },
  setBoostUntil(trx: Db, userId: string, until: Date) {
    return trx
      .updateTable('users')
      .set({ boost_until: until })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};

/** The intros an account has closed and the global warning (migration 0033). */
export const noticesRepository = {
  /** Adds one intro to the account's list (once) and answers the list. */
  async markIntroSeen(db: Db, userId: string, intro: string): Promise<string[]> {
    const row = await db
      .updateTable('users')
      .set({
        seen_intros: sql`CASE WHEN ${intro}::text = ANY(seen_intros) THEN seen_intros
          ELSE array_append(seen_intros, ${intro}::text) END`,
      })
      .where('id', '=', userId)
      .returning('seen_intros')
      .executeTakeFirstOrThrow();
    return row.seen_intros;
  },
  current(db: Db) {
    return db.selectFrom('platform_notices').selectAll().where('cleared_at', 'is', null).executeTakeFirst();
  },
  /** The current notice unless this user closed it. */
  currentFor(db: Db, userId: string) {
    return db
      .selectFrom('platform_notices as n')
      .selectAll('n')
      .where('n.cleared_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('platform_notice_dismissals as d')
              .select('d.user_id')
              .whereRef('d.notice_id', '=', 'n.id')
              .where('d.user_id', '=', userId),
          ),
        ),
      )
      .executeTakeFirst();
  },
  /** Clears the current notice, if any; answers its id. Two admins' changes take turns. */
  async clear(db: Db, now: Date) {
    await sql`SELECT pg_advisory_xact_lock(hashtext('platform_notice'))`.execute(db);
    const row = await db
      .updateTable('platform_notices')
      .set({ cleared_at: now })
      .where('cleared_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },
  create(db: Db, message: string, adminId: string, now: Date) {
    return db
      .insertInto('platform_notices')
      .values({ message, created_by: adminId, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  /** Records the dismissal; false when no such notice exists. */
  async dismiss(db: Db, noticeId: string, userId: string) {
    const notice = await db
      .selectFrom('platform_notices')
      .select('id')
      .where('id', '=', noticeId)
      .executeTakeFirst();
    if (!notice) return false;
    await db
      .insertInto('platform_notice_dismissals')
      .values({ notice_id: noticeId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return true;
  },
  /** Accounts with an open connection now: a new notice is sent to them live. */
  async onlineUserIds(db: Db) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('online', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  },
};
