import { creditsToDollars, type Subscription } from '@parlor/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
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
