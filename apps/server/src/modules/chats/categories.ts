import { type InboxType, RECENT_WINDOW_MS, VIP_MIN_SPENT_CREDITS } from '@parlor/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** A user counts as online while flagged so and their heartbeat is fresh (realtime/presence.ts). */
export const PRESENCE_STALE_MS = 90_000;

type Eb = ExpressionBuilder<DB & { m: DB['chat_members']; o: DB['users'] }, 'm' | 'o'>;

/**
 * The inbox categories, defined once (docs/inbox.md) and used by both the lists and the totals, so a
 * tab's count always equals the length of its list.
 */
export function categoryCondition(eb: Eb, type: InboxType, now: Date): Expression<SqlBool> {
  switch (type) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'online':
      return eb.and([
        eb('o.online', '=', true),
        eb('o.last_online', '>', new Date(now.getTime() - PRESENCE_STALE_MS)),
      ]);
    case 'favorites':
      return eb('m.is_favorite', '=', true);
    case 'fans2':
      return eb('m.spent_credits', '>', 0);
    case 'subscribers':
      return eb('m.is_subscriber', '=', true);
    case 'unreplied':
      return eb('m.last_sender_id', '=', eb.ref('m.other_user_id'));
    case 'vip':
      return eb('m.spent_credits', '>=', VIP_MIN_SPENT_CREDITS);
    case 'sent':
      return eb('m.last_sender_id', '=', eb.ref('m.user_id'));
    case 'recent':
      return eb('m.last_message_at', '>', new Date(now.getTime() - RECENT_WINDOW_MS));
  }
}

/** The same definitions as SQL fragments for one-pass COUNT(*) FILTER totals. */
export function totalsSelection(now: Date) {
  const stale = new Date(now.getTime() - PRESENCE_STALE_MS);
  const recent = new Date(now.getTime() - RECENT_WINDOW_MS);
  return [
    sql<number>`count(*)::int`.as('all'),
    sql<number>`count(*) FILTER (WHERE o.online AND o.last_online > ${stale})::int`.as('online'),
    sql<number>`count(*) FILTER (WHERE m.spent_credits > 0)::int`.as('fans'),
    sql<number>`count(*) FILTER (WHERE m.is_subscriber)::int`.as('subscribers'),
    sql<number>`count(*) FILTER (WHERE m.is_favorite)::int`.as('favorites'),
    sql<number>`count(*) FILTER (WHERE m.last_sender_id = m.other_user_id)::int`.as('unreplied'),
    sql<number>`count(*) FILTER (WHERE m.spent_credits >= ${VIP_MIN_SPENT_CREDITS})::int`.as('vip'),
    sql<number>`count(*) FILTER (WHERE m.last_message_at > ${recent})::int`.as('recent'),
    sql<number>`count(*) FILTER (WHERE m.last_sender_id = m.user_id)::int`.as('sent'),
  ] as const;
}

/** Which tabs a chat appears under, for the client's badges. */
export function categoriesOf(
  row: {
    is_favorite: boolean;
    spent_credits: number;
    is_subscriber: boolean;
    last_sender_id: string | null;
    other_user_id: string;
    user_id: string;
    last_message_at: Date | null;
  },
  isOnline: boolean,
  now: Date,
) {
  const out: (
    | 'all'
    | 'online'
    | 'favorites'
    | 'fans'
    | 'subscribers'
    | 'unreplied'
    | 'vip'
    | 'sent'
    | 'recent'
  )[] = ['all'];
  if (isOnline) out.push('online');
  if (row.is_favorite) out.push('favorites');
  if (row.spent_credits > 0) out.push('fans');
  if (row.is_subscriber) out.push('subscribers');
  if (row.last_sender_id === row.other_user_id) out.push('unreplied');
  if (row.spent_credits >= VIP_MIN_SPENT_CREDITS) out.push('vip');
  if (row.last_sender_id === row.user_id) out.push('sent');
  if (row.last_message_at && row.last_message_at.getTime() > now.getTime() - RECENT_WINDOW_MS)
    out.push('recent');
  return out;
}
