import { type InboxFilter, type InboxType, RECENT_WINDOW_MS, VIP_MIN_SPENT_CREDITS } from '@parlor/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { PRESENCE_STALE_MS } from '../users/presence';

type Eb = ExpressionBuilder<DB & { m: DB['chat_members'] }, 'm'>;

/**
 * Users others see online: presence fresh, invisible mode off. The online tab reads them through
 * `users_online_idx`.
 */
export function onlineUserIds(eb: Eb, now: Date) {
  return eb
    .selectFrom('users as o')
    .select('o.id')
    .where('o.online', '=', true)
    .where('o.last_online', '>', new Date(now.getTime() - PRESENCE_STALE_MS))
    .where('o.profile_invisible', '=', false);
}

/** A member row as the categories read it. */
interface MemberFacts {
  is_favorite: boolean;
  spent_credits: number;
  is_subscriber: boolean;
  last_sender_id: string | null;
  other_user_id: string;
  user_id: string;
  last_message_at: Date | null;
}

interface Category {
  /** The list's condition, in SQL. */
  where(eb: Eb, now: Date): Expression<SqlBool>;
  /** The same rule for one row already read, for the chat's `category` tags. */
  holds(row: MemberFacts, isOnline: boolean, now: Date): boolean;
}

const recentSince = (now: Date) => new Date(now.getTime() - RECENT_WINDOW_MS);

/**
 * The inbox categories, defined once (docs/inbox.md): each rule in SQL for the lists and the live
 * counts, and beside it in TypeScript for the tags on a chat already read. The counters of migration
 * 0007 (`inbox_contribution`) follow the same rules, so a tab's count equals the length of its list;
 * apps/server/test/inbox-categories-agree.test.ts checks the tags and the web client's rules against
 * the lists.
 */
const CATEGORIES: Record<InboxFilter, Category> = {
  all: { where: () => sql<SqlBool>`true`, holds: () => true },
  online: {
    where: (eb, now) => eb('m.other_user_id', 'in', onlineUserIds(eb, now)),
    holds: (_row, isOnline) => isOnline,
  },
  favorites: { where: (eb) => eb('m.is_favorite', '=', true), holds: (row) => row.is_favorite },
  fans: { where: (eb) => eb('m.spent_credits', '>', 0), holds: (row) => row.spent_credits > 0 },
  subscribers: { where: (eb) => eb('m.is_subscriber', '=', true), holds: (row) => row.is_subscriber },
  // The other user wrote last.
  unreplied: {
    where: (eb) => eb('m.last_sender_id', '=', eb.ref('m.other_user_id')),
    holds: (row) => row.last_sender_id === row.other_user_id,
  },
  vip: {
    where: (eb) => eb('m.spent_credits', '>=', VIP_MIN_SPENT_CREDITS),
    holds: (row) => row.spent_credits >= VIP_MIN_SPENT_CREDITS,
  },
  // I wrote last.
  sent: {
    where: (eb) => eb('m.last_sender_id', '=', eb.ref('m.user_id')),
    holds: (row) => row.last_sender_id === row.user_id,
  },
  recent: {
    where: (eb, now) => eb('m.last_message_at', '>', recentSince(now)),
    holds: (row, _online, now) => row.last_message_at !== null && row.last_message_at > recentSince(now),
  },
};

const NAMES = Object.keys(CATEGORIES) as InboxFilter[];

/** The list condition of one inbox tab (`fans2` on the wire is the fans tab). */
export function categoryCondition(eb: Eb, type: InboxType, now: Date): Expression<SqlBool> {
  return CATEGORIES[type === 'fans2' ? 'fans' : type].where(eb, now);
}

/** Which tabs a chat appears under, for the client's badges. */
export function categoriesOf(row: MemberFacts, isOnline: boolean, now: Date): InboxFilter[] {
  return NAMES.filter((name) => CATEGORIES[name].holds(row, isOnline, now));
}
