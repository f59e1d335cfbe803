import { creditsToDollars, type Subscription } from '@parlor/contract';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, SubscriptionsTable } from '../../db/schema';

type Db = Kysely<DB>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
type WithCreator = SubscriptionRow & { username: string; avatar_url: string | null };

export function toSubscription(row: WithCreator): Subscription {
  const active = row.status === 'active';
  return {
    _id: row.id,
    status: row.status,
    user: { _id: row.creator_id, username: row.username, avatar_url: row.avatar_url },
    price: row.price,
    price_in_dollars: creditsToDollars(row.price),
    card_id: row.card_id,
    started_at: row.started_at.toISOString(),
    renews_at: active ? row.current_period_end.toISOString() : null,
    ends_at: row.current_period_end.toISOString(),
    canceled_at: row.canceled_at ? row.canceled_at.toISOString() : null,
  };
}

/**
 * The creator (`u`) may not be paid a renewal: what `assertCanReceivePayments` refuses (a creator
 * awaiting moderation or denied, as `isModerationPending` in the contract says), and a banned or
 * erased account, which a new subscription does not find at all.
 */
const creatorCannotBePaid = sql<boolean>`(
  (u.type = 'featured' AND (
    (u.requires_moderation AND (u.id_verification_status IS NULL OR u.id_verification_status = 'pending'))
    OR u.discover_status = 'denied'))
  OR u.banned_at IS NOT NULL OR u.deleted_at IS NOT NULL)`;

const withCreator = (db: Db) =>
  db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.creator_id')
    .selectAll('s')
    .select(['u.username', 'u.avatar_url']);

export const subscriptionsRepository = {
  /** A fan's subscriptions, active ones first, newest first within each. */
  async page(db: Db, fanId: string, limit: number, offset: number) {
    const rows = await withCreator(db)
      .where('s.fan_id', '=', fanId)
      .orderBy(sql`s.status = 'active'`, 'desc')
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const { total } = await db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('fan_id', '=', fanId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total) };
  },

  byIds(db: Db, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return withCreator(db).where('s.id', 'in', ids).execute();
  },

  async insert(db: Db, values: Insertable<SubscriptionsTable>): Promise<string> {
    const row = await db.insertInto('subscriptions').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * Active subscriptions whose paid period has ended and whose creator may be paid, the longest due
   * first. Those whose creator may not be paid are left to `lapseUnpayable`.
   */
  due(db: Db, now: Date, limit: number) {
    return db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.creator_id')
      .selectAll('s')
      .where('s.status', '=', 'active')
      .where('s.current_period_end', '<=', now)
      .where(sql<boolean>`NOT ${creatorCannotBePaid}`)
      .orderBy('s.current_period_end')
      .limit(limit)
      .execute();
  },

  /**
   * Lapses, in one statement, up to `limit` due subscriptions whose creator may not be paid: they
   * end as a renewal that could not be paid does (`canceled`, the paid period over), and the
   * creator's inbox no longer shows the fan as a subscriber. Nothing is charged. Answers how many.
   */
  async lapseUnpayable(db: Db, now: Date, limit: number): Promise<number> {
    const { rows } = await sql<{ lapsed: number }>`
      WITH lapsed AS (
        UPDATE subscriptions SET status = 'canceled', canceled_at = ${now}
        WHERE id IN (
          SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.creator_id
          WHERE s.status = 'active' AND s.current_period_end <= ${now} AND ${creatorCannotBePaid}
          ORDER BY s.current_period_end
          LIMIT ${limit}
        )
        AND status = 'active'
        RETURNING fan_id, creator_id
      ), unmarked AS (
        UPDATE chat_members m SET is_subscriber = false
        FROM lapsed l WHERE m.user_id = l.creator_id AND m.other_user_id = l.fan_id
      )
      SELECT count(*)::int AS lapsed FROM lapsed`.execute(db);
    return rows[0]?.lapsed ?? 0;
  },

  /**
   * Moves an active subscription to its next period, only if `periodEnd` is still its current one:
   * answers false when another run already moved it.
   */
  async advancePeriod(db: Db, id: string, periodEnd: Date, nextEnd: Date): Promise<boolean> {
    const moved = await db
      .updateTable('subscriptions')
      .set({ current_period_end: nextEnd })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('current_period_end', '=', periodEnd)
      .returning('id')
      .executeTakeFirst();
    return moved !== undefined;
  },

  /** Cancels the fan's active subscriptions among `ids`; answers the ones it canceled. */
  cancelActive(db: Db, fanId: string, ids: string[], now: Date) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .updateTable('subscriptions')
      .set({ status: 'canceled', canceled_at: now })
      .where('fan_id', '=', fanId)
      .where('id', 'in', ids)
      .where('status', '=', 'active')
      .returning(['id', 'creator_id'])
      .execute();
  },

  /** The creator's chat row shows the fan as a subscriber (inbox "Subscribers" filter). */
  async markSubscriber(db: Db, creatorId: string, fanIds: string[], value: boolean) {
    if (fanIds.length === 0) return;
    await db
      .updateTable('chat_members')
      .set({ is_subscriber: value })
      .where('user_id', '=', creatorId)
      .where('other_user_id', 'in', fanIds)
      .execute();
  },
};
