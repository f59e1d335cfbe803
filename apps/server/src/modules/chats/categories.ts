import { type InboxType, RECENT_WINDOW_MS, VIP_MIN_SPENT_CREDITS } from '@parlor/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** A user counts as online while flagged so and their heartbeat is fresh (realtime/presence.ts). */
export const PRESENCE_STALE_MS = 90_000;

type Eb = ExpressionBuilder<DB & { m: DB['chat_members'] }, 'm'>;

/** Users whose presence is fresh: the online tab reads them through `users_online_idx`. */
export function onlineUserIds(eb: Eb, now: Date) {
  return eb
    .selectFrom('users as o')
    .select('o.id')
    .where('o.online', '=', true)
    .where('o.last_online', '>', new Date(now.getTime() - PRESENCE_STALE_MS));
}

/**
 * The inbox categories, defined once (docs/inbox.md) and used by the lists, the live counts and, in
 * SQL, by the counters of migration 0007 (`inbox_contribution`), so a tab's count always equals the
 * length of its list.
 */
export function categoryCondition(eb: Eb, type: InboxType, now: Date): Expression<SqlBool> {
  switch (type) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'online':
      return eb('m.other_user_id', 'in', onlineUserIds(eb, now));
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
