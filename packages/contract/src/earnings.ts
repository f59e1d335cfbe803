import { z } from 'zod';
import { PayoutMethod } from './account';
import { LIST_PAGE_SIZE } from './constants';
import { lazySchema } from './lazy';
import { groupDigits } from './rules/numbers';

/** Credits a creator earned, by what fans paid for, after the platform's fee. */
export const EarningsByType = lazySchema(() =>
  z.object({
    messages: z.number().int(),
    posts: z.number().int(),
    tips: z.number().int(),
    subscriptions: z.number().int(),
    referrals: z.number().int(),
  }),
);
export type EarningsByType = z.infer<typeof EarningsByType>;

/** GET /v1/account/totals?totals=false: this month; `totals=true`: all time. */
export const AccountTotalsQuery = lazySchema(() =>
  z.object({
    totals: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  }),
);
export const AccountTotals = lazySchema(() =>
  z.object({
    /** Credits earned in the period, after the platform's fee. */
    earned: z.number().int(),
    by_type: EarningsByType,
    /** What can be paid out now, in dollars with two decimals. */
    available_usd: z.string(),
    /** Payouts asked for and not yet completed. */
    pending_usd: z.string(),
    paid_out_usd: z.string(),
  }),
);
export type AccountTotals = z.infer<typeof AccountTotals>;

/** The longest series one request may ask for. */
export const ACCOUNT_STATS_MAX_DAYS = 366;
const isCalendarDay = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const day = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-23')
    .refine(isCalendarDay, 'Use a date that exists, like 2026-11-23'),
);

/** GET /v1/account/stats?from&to: one row per day (UTC), both ends included; default the last 30 days. */
export const AccountStatsQuery = lazySchema(() => z.object({ from: day.optional(), to: day.optional() }));
export const AccountStatsDay = lazySchema(() =>
  EarningsByType.extend({
    date: z.string(),
    total: z.number().int(),
    new_fans: z.number().int(),
    new_subscribers: z.number().int(),
  }),
);
export type AccountStatsDay = z.infer<typeof AccountStatsDay>;
export const AccountStats = lazySchema(() => z.object({ data: z.array(AccountStatsDay) }));
export type AccountStats = z.infer<typeof AccountStats>;

// --- Payouts ---

/** The smallest payout, in dollars. */
export const MINIMUM_PAYOUT_USD = 20;
/** Payouts over this many dollars in 30 days need an approved anti-money-laundering check. */
export const AML_THRESHOLD_USD = 2000;

export const PAYOUT_MESSAGES = {
  minimum: `The minimum payout is $${MINIMUM_PAYOUT_USD.toFixed(2)}.`,
  /** Followed by the available amount, e.g. "$12.30." */
  overAvailable: 'You can withdraw up to',
  noMethod: 'Choose a payout method first.',
  pending: 'You already have a payout waiting to be completed.',
  aml: `Payouts over $${groupDigits(AML_THRESHOLD_USD)} in 30 days need your anti-money-laundering form approved first.`,
  amlPending: 'Your anti-money-laundering form is being checked.',
  wholeDimes: 'Payouts are in steps of $0.10.',
  creatorsOnly: 'Only creators have earnings.',
  notFound: 'Payout not found',
  notPending: 'This payout is no longer waiting.',
} as const;

export const AmlStatus = lazySchema(() => z.enum(['none', 'pending', 'approved', 'rejected']));
export type AmlStatus = z.infer<typeof AmlStatus>;

/** GET /v1/account/info: how the creator is paid. Details are masked (the last characters only). */
export const AccountInfo = lazySchema(() =>
  z.object({
    payout_method: PayoutMethod.nullable(),
    payout_details: z.string().nullable(),
    payout_country: z.string().nullable(),
    minimum_payout_usd: z.string(),
    aml_status: AmlStatus,
    /** The methods this account may use (feature flags bank_transfer, paypal_transfer, ...). */
    payout_methods: z.array(PayoutMethod),
  }),
);
export type AccountInfo = z.infer<typeof AccountInfo>;

/** POST /v2/account/payout: an amount in dollars, in steps of $0.10 (one credit). */
export const PayoutRequest = lazySchema(() =>
  z.object({
    amount_usd: z.coerce
      .number({ error: 'Enter an amount' })
      .positive('Enter an amount')
      .max(1_000_000)
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, PAYOUT_MESSAGES.wholeDimes),
  }),
);
export type PayoutRequest = z.input<typeof PayoutRequest>;

export const PayoutStatus = lazySchema(() => z.enum(['pending', 'completed', 'rejected']));
export type PayoutStatus = z.infer<typeof PayoutStatus>;
export const Payout = lazySchema(() =>
  z.object({
    _id: z.string(),
    amount_usd: z.string(),
    method: PayoutMethod,
    status: PayoutStatus,
    created_at: z.string(),
    completed_at: z.string().nullable(),
  }),
);
export type Payout = z.infer<typeof Payout>;
export const PayoutsQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const PayoutsPage = lazySchema(() => z.object({ data: z.array(Payout), next: z.string().nullable() }));
export type PayoutsPage = z.infer<typeof PayoutsPage>;

const adultBirthDate = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 1990-04-23')
    .refine(isCalendarDay, 'Use a date that exists, like 1990-04-23'),
);
/** POST /v1/account/anti-money-laundering: who the creator is, for the check an admin makes. */
export const AmlRequest = lazySchema(() =>
  z.object({
    full_name: z.string().trim().min(3, 'Enter your full name').max(120),
    date_of_birth: adultBirthDate,
    address: z.string().trim().min(3, 'Enter your address').max(200),
    city: z.string().trim().min(1, 'Enter your city').max(100),
    postal_code: z.string().trim().min(2, 'Enter your postal code').max(20),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Choose your country')
      .transform((c) => c.toUpperCase()),
  }),
);
export type AmlRequest = z.input<typeof AmlRequest>;
export const AmlResponse = lazySchema(() => z.object({ aml_status: AmlStatus }));

/** The event and popup when an admin completes a payout. */
export const PayoutCompletedEvent = lazySchema(() => z.object({ _id: z.string(), amount_usd: z.string() }));

// --- Admin: the payouts queue and AML checks ---
export const AdminPayoutsQuery = lazySchema(() =>
  PayoutsQuery.extend({ status: PayoutStatus.default('pending') }),
);
export const AdminPayout = lazySchema(() =>
  Payout.extend({
    user: z.object({ _id: z.string(), username: z.string() }),
    payout_details: z.string().nullable(),
  }),
);
export const AdminPayoutsPage = lazySchema(() =>
  z.object({ data: z.array(AdminPayout), next: z.string().nullable() }),
);
export const AdminPayoutAction = lazySchema(() =>
  z.object({
    action: z.enum(['complete', 'reject']),
    reason: z.string().trim().max(500).optional(),
  }),
);
export const AdminAmlAction = lazySchema(() => z.object({ action: z.enum(['approve', 'reject']) }));

// --- Referrals ---

/** One account that signed up with my code, and what I earned from it. */
export const Referral = lazySchema(() =>
  z.object({
    _id: z.string(),
    username: z.string(),
    type: z.enum(['user', 'featured']),
    created_at: z.string(),
    /** Credits of commission earned from this account. */
    earned: z.number().int(),
  }),
);
export type Referral = z.infer<typeof Referral>;
export const ReferralsQuery = PayoutsQuery;
export const ReferralsPage = lazySchema(() =>
  z.object({ data: z.array(Referral), next: z.string().nullable() }),
);
export type ReferralsPage = z.infer<typeof ReferralsPage>;

/** A commission paid: from a referred creator's earnings or a referred fan's credit purchase. */
export const SaleCommissionsEvent = lazySchema(() =>
  z.object({
    amount: z.number().int(),
    from_user_id: z.string(),
    kind: z.enum(['creator', 'fan']),
  }),
);
