import type { ColumnType, Generated } from 'kysely';

// Table types of the ledger and payments (schema.ts joins them into DB): ledger entries and the
// spread earnings shards, cards, payments and their events, subscriptions, idempotency keys.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type LedgerAccount = 'credits' | 'earnings';
export type LedgerReason =
  | 'package'
  | 'message_rate'
  | 'paid_message'
  | 'paid_post'
  | 'tip'
  | 'subscription'
  | 'refund'
  | 'crypto_topup'
  | 'admin_adjustment'
  | 'payout'
  | 'payout_returned'
  | 'referral'
  | 'chargeback'
  | 'payment_reversal'
  | 'debt_repaid'
  | 'boost';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: string;
  account: LedgerAccount;
  delta: number;
  /** NULL for credits to a spread account (earnings): they are not serialised against each other. */
  balance_after: number | null;
  reason: LedgerReason;
  counterparty_id: string | null;
  reference: string | null;
  idempotency_key: string;
  created_at: Timestamp;
}

/** One of a creator's 16 earnings rows (migration 0014); earnings = users.earnings + their sum. */
export interface EarningsShardsTable {
  user_id: string;
  shard: number;
  amount: number;
}

export interface SavedCardsTable {
  id: Generated<string>;
  user_id: string;
  brand: 'VISA' | 'MASTER';
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string;
  fingerprint: string;
  provider_token: string;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export type PaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed';
export interface PaymentsTable {
  id: Generated<string>;
  user_id: string;
  idempotency_key: string;
  status: PaymentStatus;
  kind: 'card' | 'crypto';
  package_id: string | null;
  credits: number;
  amount_cents: number;
  currency: Generated<string>;
  purpose: Generated<'package' | 'tip' | 'subscription' | 'message' | 'feed'>;
  model_id: string | null;
  purpose_amount: number | null;
  chat_id: string | null;
  message_id: string | null;
  feed_id: string | null;
  card_id: string | null;
  card_brand: 'VISA' | 'MASTER' | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  card_name: string | null;
  card_fingerprint: string | null;
  provider_token: string | null;
  save_card: Generated<boolean>;
  /** Unused: challenge tokens are derived from the payment id (kept because 0005 shipped with it). */
  challenge_hash: string | null;
  failure_message: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  /** Which provider took it (migration 0031) and its ids there: checkout session, payment. */
  provider: Generated<string>;
  provider_checkout: string | null;
  provider_payment: string | null;
  /** The provider's page the browser is sent to (hosted checkout, a bank's challenge). */
  redirect_url: string | null;
  /** Credits refunds and chargebacks already took back. */
  reversed_credits: Generated<number>;
}

export interface PaymentCustomersTable {
  user_id: string;
  provider: string;
  customer_id: string;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  payment_id: string | null;
  received_at: Generated<Date>;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  fan_id: string;
  creator_id: string;
  status: 'active' | 'canceled';
  price: number;
  card_id: string | null;
  started_at: Timestamp;
  current_period_end: Timestamp;
  canceled_at: NullableTimestamp;
  created_at: Timestamp;
}

/** One row per caller, operation and idempotency key (migration 0012, modules/ledger/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: string;
  operation: string;
  key: string;
  request_hash: string | null;
  reference: string | null;
  created_at: Timestamp;
}
