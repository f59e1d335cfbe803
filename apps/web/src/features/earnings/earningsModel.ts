import {
  type AccountStatsDay,
  type AccountTotals,
  creditsToDollars,
  type EarningsByType,
  PAYOUT_MESSAGES,
  type Payout,
  type PayoutMethod,
} from '@parlor/contract';
import type { ApiErrorInfo } from '../../platform/api';

export type EarningsPeriod = 'month' | 'all';
export type EarningsRange = 30 | 90;
export type EarningType = keyof EarningsByType;

/** The types in the order the page, the chart's stack (bottom first) and the exports list them. */
export const EARNING_TYPES: readonly { type: EarningType; label: string; color: string }[] = [
  { type: 'messages', label: 'Messages', color: '#6d28d9' },
  { type: 'subscriptions', label: 'Subscriptions', color: '#0e7490' },
  { type: 'tips', label: 'Tips', color: '#d97706' },
  { type: 'posts', label: 'Posts', color: '#db2777' },
  { type: 'referrals', label: 'Referrals', color: '#15803d' },
];

export const METHOD_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: 'Bank transfer',
  paypal_transfer: 'PayPal',
  paxum_transfer: 'Paxum',
  crypto_transfer: 'Crypto',
};

export interface TotalsRow {
  type: EarningType;
  label: string;
  color: string;
  credits: number;
  dollars: string;
  /** Share of the period's earnings, 0-100, for the bar beside the row. */
  share: number;
}
export interface TotalsView {
  earnedCredits: number;
  earnedDollars: string;
  rows: TotalsRow[];
  available: string;
  pending: string;
  paidOut: string;
}

/** The totals answer as the page shows it: dollars beside credits, each type's share. */
export function totalsView(totals: AccountTotals): TotalsView {
  const sum = EARNING_TYPES.reduce((acc, t) => acc + Math.max(0, totals.by_type[t.type]), 0);
  return {
    earnedCredits: totals.earned,
    earnedDollars: creditsToDollars(totals.earned),
    rows: EARNING_TYPES.map(({ type, label, color }) => {
      const credits = totals.by_type[type];
      return {
        type,
        label,
        color,
        credits,
        dollars: creditsToDollars(credits),
        share: sum > 0 ? Math.round((Math.max(0, credits) / sum) * 1000) / 10 : 0,
      };
    }),
    available: totals.available_usd,
    pending: totals.pending_usd,
    paidOut: totals.paid_out_usd,
  };
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The last `range` days (UTC), today included: the stats query. */
export function rangeDates(range: EarningsRange, now: number): { from: string; to: string } {
  return { from: isoDay(now - (range - 1) * DAY_MS), to: isoDay(now) };
}

/** Every day of the range once, in order; a day the server left out counts as nothing earned. */
export function fillSeries(data: AccountStatsDay[], from: string, to: string): AccountStatsDay[] {
  const byDate = new Map(data.map((d) => [d.date.slice(0, 10), d]));
  const out: AccountStatsDay[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) {
    const date = isoDay(t);
    out.push(
      byDate.get(date) ?? {
        date,
        messages: 0,
        posts: 0,
        tips: 0,
        subscriptions: 0,
        referrals: 0,
        total: 0,
        new_fans: 0,
        new_subscribers: 0,
      },
    );
  }
  return out;
}

export interface ChartData {
  /** Each day's UTC midnight, in seconds (what the chart's time axis takes). */
  x: number[];
  /** Dollars per type, in EARNING_TYPES order. */
  values: number[][];
  /** Running sums bottom-up: `stacks[i]` is the top of type i's bar (types 0..i added). */
  stacks: number[][];
  /** Each day's total in dollars. */
  totals: number[];
}

const dollars = (credits: number) => Math.round(credits * 10) / 100;

/** The day series as stacked bars: dollars by type and where each type's bar ends. */
export function seriesToChart(series: AccountStatsDay[]): ChartData {
  const x = series.map((d) => Date.parse(`${d.date.slice(0, 10)}T00:00:00Z`) / 1000);
  const values = EARNING_TYPES.map(({ type }) => series.map((d) => dollars(d[type])));
  const stacks: number[][] = [];
  values.forEach((row, i) => {
    const below = stacks[i - 1];
    stacks.push(row.map((v, j) => Math.round(((below ? (below[j] ?? 0) : 0) + v) * 100) / 100));
  });
  return { x, values, stacks, totals: series.map((d) => dollars(d.total)) };
}

/**
 * The chart's dollar axis: round ticks (1, 2 or 5 times a power of ten, at most five steps) from
 * zero up to the first tick at or above the tallest bar, so the axis always reaches it.
 */
export function axisScale(max: number): { top: number; step: number; ticks: number[] } {
  const target = max > 0 ? max : 1;
  const rough = target / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 5, 10].map((m) => m * power).find((s) => Math.ceil(target / s - 1e-9) <= 5) ?? power * 10;
  const count = Math.max(1, Math.ceil(target / step - 1e-9));
  const ticks = Array.from({ length: count + 1 }, (_, i) => Math.round(i * step * 100) / 100);
  return { top: ticks[count] ?? step, step, ticks };
}

/** Sums of a series: credits by type, new fans and subscribers (the range's figures). */
export function seriesSums(series: AccountStatsDay[]): Omit<AccountStatsDay, 'date'> {
  const sums = {
    messages: 0,
    posts: 0,
    tips: 0,
    subscriptions: 0,
    referrals: 0,
    total: 0,
    new_fans: 0,
    new_subscribers: 0,
  };
  for (const d of series) {
    for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += d[key];
  }
  return sums;
}

// --- CSV ---

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. A
 * leading =, +, - or @ of text is prefixed with ' so a spreadsheet does not run it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The day series as CSV, dollars with two decimals. */
export function earningsCsv(series: AccountStatsDay[]): string {
  return toCsv([
    ['date', ...EARNING_TYPES.map((t) => `${t.type}_usd`), 'total_usd', 'new_fans', 'new_subscribers'],
    ...series.map((d) => [
      d.date.slice(0, 10),
      ...EARNING_TYPES.map((t) => creditsToDollars(d[t.type])),
      creditsToDollars(d.total),
      d.new_fans,
      d.new_subscribers,
    ]),
  ]);
}

export function payoutsCsv(payouts: Payout[]): string {
  return toCsv([
    ['requested_at', 'amount_usd', 'method', 'status', 'completed_at'],
    ...payouts.map((p) => [p.created_at, p.amount_usd, METHOD_LABELS[p.method], p.status, p.completed_at]),
  ]);
}

// --- Payouts ---

/** What the payout form does with a refusal: where the message goes and what it offers next. */
export type PayoutErrorKind = 'amount' | 'method' | 'pending' | 'aml' | 'amlPending' | 'other';
export interface PayoutErrorView {
  kind: PayoutErrorKind;
  message: string;
}

/** The server's refusal as it came, sorted by what the creator can do about it. */
export function payoutError(error: ApiErrorInfo): PayoutErrorView {
  const { status, message } = error;
  if (status === 422) return { kind: message === PAYOUT_MESSAGES.amlPending ? 'amlPending' : 'aml', message };
  if (status === 409) return { kind: 'pending', message };
  if (status === 400) {
    if (message === PAYOUT_MESSAGES.noMethod || /method/i.test(error.code))
      return { kind: 'method', message };
    return { kind: 'amount', message };
  }
  return { kind: 'other', message };
}

/** The form's first amount: everything available, in whole dimes (what the server takes). */
export function defaultPayoutAmount(availableUsd: string): string {
  const cents = Math.round(Number.parseFloat(availableUsd) * 100);
  if (!Number.isFinite(cents) || cents <= 0) return '';
  return (Math.floor(cents / 10) / 10).toFixed(2);
}
