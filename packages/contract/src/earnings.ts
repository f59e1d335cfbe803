import { z } from 'zod';

/** Credits a creator earned, by what fans paid for (DESIGN §8.5). */
export const EarningsByType = z.object({
  messages: z.number().int(),
  posts: z.number().int(),
  tips: z.number().int(),
  subscriptions: z.number().int(),
  referrals: z.number().int(),
});
export type EarningsByType = z.infer<typeof EarningsByType>;

/** GET /v1/account/totals?totals=false: this month; `totals=true`: all time. */
export const AccountTotalsQuery = z.object({
  totals: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const AccountTotals = z.object({
  /** Credits earned in the period, after the platform's fee. */
  earned: z.number().int(),
  by_type: EarningsByType,
  /** What can be paid out now, in dollars with two decimals. */
  available_usd: z.string(),
  /** Payouts asked for and not yet completed. */
  pending_usd: z.string(),
  paid_out_usd: z.string(),
});
export type AccountTotals = z.infer<typeof AccountTotals>;

/** The longest series one request may ask for. */
export const ACCOUNT_STATS_MAX_DAYS = 366;
const isCalendarDay = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-23')
  .refine(isCalendarDay, 'Use a date that exists, like 2026-11-23');

/** GET /v1/account/stats?from&to: one row per day (UTC), both ends included; default the last 30 days. */
export const AccountStatsQuery = z.object({ from: day.optional(), to: day.optional() });
export const AccountStatsDay = EarningsByType.extend({
  date: z.string(),
  total: z.number().int(),
  new_fans: z.number().int(),
  new_subscribers: z.number().int(),
});
export type AccountStatsDay = z.infer<typeof AccountStatsDay>;
export const AccountStats = z.object({ data: z.array(AccountStatsDay) });
export type AccountStats = z.infer<typeof AccountStats>;
