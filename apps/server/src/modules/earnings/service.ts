import {
  ACCOUNT_STATS_MAX_DAYS,
  type AccountStats,
  type AccountStatsDay,
  type AccountTotals,
  creditsToDollars,
  type EarningsByType,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { ledger } from '../ledger/service';
import { payoutTotals } from '../payouts/service';
import { earningsRepository } from './repository';

const DAY_MS = 86_400_000;
const TYPES = ['messages', 'posts', 'tips', 'subscriptions', 'referrals'] as const;

/** Earnings are a creator's: anyone else has none to read. */
function assertCreator(user: UserRow) {
  if (user.type !== 'featured') throw forbidden('Only creators have earnings.', 'creators_only');
}

const emptyByType = (): EarningsByType => ({
  messages: 0,
  posts: 0,
  tips: 0,
  subscriptions: 0,
  referrals: 0,
});
const isType = (t: string | null): t is keyof EarningsByType =>
  (TYPES as readonly string[]).includes(t ?? '');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** GET /v1/account/totals: this month's earnings (UTC), or all time, and the payout balances. */
export async function accountTotals(
  ctx: AppContext,
  user: UserRow,
  allTime: boolean,
): Promise<AccountTotals> {
  assertCreator(user);
  const now = ctx.clock.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [rows, available, payouts] = await Promise.all([
    earningsRepository.byType(ctx.db, user.id, allTime ? null : monthStart),
    ledger.balance(ctx.db, user.id, 'earnings'),
    payoutTotals(ctx.db, user.id),
  ]);
  const byType = emptyByType();
  let earned = 0;
  // What fans paid for; money coming back from a rejected payout is not earned again.
  for (const r of rows) {
    if (!isType(r.type)) continue;
    earned += r.credits;
    byType[r.type] += r.credits;
  }
  return {
    earned,
    by_type: byType,
    // A pending payout already left the available balance (the ledger's hold).
    available_usd: creditsToDollars(available),
    pending_usd: creditsToDollars(payouts.pending),
    paid_out_usd: creditsToDollars(payouts.completed),
  };
}

/** GET /v1/account/stats: a day-by-day series (UTC) for the earnings chart; the last 30 days by default. */
export async function accountStats(
  ctx: AppContext,
  user: UserRow,
  q: { from?: string | undefined; to?: string | undefined },
): Promise<AccountStats> {
  assertCreator(user);
  const today = isoDay(ctx.clock.now());
  const to = q.to ?? today;
  const from = q.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (!Number.isFinite(span) || span < 0)
    throw badRequest('Choose a start before the end.', 'invalid_input', 'from');
  if (span >= ACCOUNT_STATS_MAX_DAYS)
    throw badRequest(`Choose at most ${ACCOUNT_STATS_MAX_DAYS} days.`, 'invalid_input', 'from');
  const rows = await earningsRepository.daily(ctx.db, user.id, from, to);
  const days = new Map<string, AccountStatsDay>();
  for (const r of rows) {
    let d = days.get(r.day);
    if (!d) {
      d = {
        date: r.day,
        ...emptyByType(),
        total: 0,
        new_fans: r.new_fans,
        new_subscribers: r.new_subscribers,
      };
      days.set(r.day, d);
    }
    if (!isType(r.type)) continue;
    d[r.type] += r.credits;
    d.total += r.credits;
  }
  return { data: [...days.values()] };
}
