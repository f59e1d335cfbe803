import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The account-lifecycle columns of users (migration 0028). */
export const lifecycleRepository = {
  /** The creator a request is about, by id or username, with what the country rule needs. */
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
  /** Whether the fan still has a subscription that renews (not canceled). */
  async hasRenewingSubscription(db: Db, fanId: string) {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('fan_id', '=', fanId)
      .where('status', '=', 'active')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
  /** Whether some fan's paid period with this creator has not ended yet (renewing or canceled). */
  async hasRunningSubscribers(db: Db, creatorId: string, now: Date) {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where('current_period_end', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
