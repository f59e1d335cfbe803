import type { ColumnType, Generated } from 'kysely';

// Table types of the money and broadcast features added with issues 14 and 15 (schema.ts joins
// them into DB): the platform's fee account, payouts and AML checks, the referral sweep, broadcasts
// and automatic messages.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The platform's fee account (migration 0023): one row. */
export interface PlatformAccountTable {
  singleton: Generated<boolean>;
  user_id: string;
  fee_percent: Generated<number>;
}

/** A payout a creator asked for (migration 0025). */
export interface PayoutsTable {
  id: Generated<number>;
  user_id: string;
  amount: number;
  method: 'bank_transfer' | 'paypal_transfer' | 'paxum_transfer' | 'crypto_transfer';
  details: string | null;
  status: Generated<'pending' | 'completed' | 'rejected'>;
  reason: string | null;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

/** An anti-money-laundering form as submitted (migration 0025). */
export interface AmlChecksTable {
  user_id: string;
  full_name: string;
  date_of_birth: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  submitted_at: Generated<Date>;
  decided_at: NullableTimestamp;
}

export interface ReferralSweepTable {
  singleton: Generated<boolean>;
  last_entry_id: number;
}

/** A broadcast (docs/broadcasts.md). */
export interface BroadcastsTable {
  id: Generated<number>;
  creator_id: string;
  client_send_id: string | null;
  status: Generated<'scheduled' | 'sending' | 'done' | 'canceled'>;
  type: 'text' | 'image' | 'video';
  text: string | null;
  price: Generated<number>;
  self_destruct: Generated<boolean>;
  media_id: number | null;
  destruct_at: NullableTimestamp;
  exclude_buyers: Generated<boolean>;
  total: Generated<number>;
  sent: Generated<number>;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
  /** The team member who composed it; null when the creator did. */
  author_member_id: Generated<string | null>;
  /** The fan list it went to, and the lists whose fans it left out (migration 0044). */
  list_id: Generated<string | null>;
  exclude_list_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** A scheduled broadcast's time, then when it really started; null for one sent at once. */
  send_at: NullableTimestamp;
  /** A scheduled broadcast's audience as the send gave it, fixed when it starts. */
  audience: ColumnType<unknown, string | null | undefined, string | null>;
}

/** A broadcast's audience, fixed and numbered when it was sent. */
export interface BroadcastRecipientsTable {
  broadcast_id: number;
  n: number;
  recipient_id: string;
  chat_id: string;
}

export type AutoMessageCategoryName =
  | 'new_follower'
  | 'new_subscriber'
  | 'first_message'
  | 'tip_received'
  | 'content_purchased';

export interface AutoMessagesTable {
  id: Generated<string>;
  creator_id: string;
  category: AutoMessageCategoryName;
  position: number;
  type: 'text' | 'media';
  text: string | null;
  price: Generated<number>;
  media_id: number | null;
  delay_seconds: Generated<number>;
  created_at: Generated<Date>;
}

export interface AutoMessageTriggersTable {
  creator_id: string;
  fan_id: string;
  category: AutoMessageCategoryName;
  fired_at: Timestamp;
}

export interface AutoMessageLogTable {
  id: Generated<number>;
  creator_id: string;
  fan_id: string;
  category: AutoMessageCategoryName;
  auto_message_id: string | null;
  message_id: number;
  sent_at: Timestamp;
}
