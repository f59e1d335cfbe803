import type { ColumnType, Generated } from 'kysely';

// Table types for Kysely. Rows never reach the client: repositories map them to contract shapes.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  type: 'user' | 'featured';
  role: Generated<'user' | 'admin'>;
  gender: 'male' | 'female' | 'other' | null;
  bio: Generated<string>;
  avatar_url: string | null;
  last_online: NullableTimestamp;
  id_verified: Generated<boolean>;
  is_customer: Generated<boolean>;
  onboarding_v2: Generated<boolean>;
  new_fm_onboarding: Generated<boolean>;
  email_verified: Generated<boolean>;
  code_used: string | null;
  affiliate_id: string | null;
  referral_code: string;
  is_affiliate_profile_visited: Generated<boolean>;
  is_bought_credit_package: Generated<boolean>;
  requires_moderation: Generated<boolean>;
  id_verification_status: 'pending' | 'in_progress' | 'rejected' | 'verified' | null;
  discover_status: Generated<'featured' | 'hidden' | 'denied'>;
  force_discover: Generated<boolean>;
  deleted_scheduled: Generated<boolean>;
  delete_at: NullableTimestamp;
  warning_reported: Generated<boolean>;
  show_skinscore_banner: Generated<boolean>;
  credits: Generated<number>;
  earnings: Generated<number>;
  has_favorites: Generated<boolean>;
  is_broadcasting: Generated<boolean>;
  unread_feeds: Generated<number>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  profile_invisible: Generated<boolean>;
  intro_enabled: Generated<boolean>;
  notify_marketing: Generated<boolean>;
  notify_notifications: Generated<boolean>;
  notify_payments: Generated<boolean>;
  notify_payouts: Generated<boolean>;
  features: Json<Record<string, boolean>>;
  banned_at: NullableTimestamp;
  ban_reason: string | null;
  frozen_at: NullableTimestamp;
  frozen_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccessTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface EmailCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'verify_email' | 'action';
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface ChatsTable {
  id: Generated<string>;
  user_low: string;
  user_high: string;
  created_at: Timestamp;
}

export interface ChatMembersTable {
  chat_id: string;
  user_id: string;
  other_user_id: string;
  unread_messages: Generated<number>;
  is_favorite: Generated<boolean>;
  hidden: Generated<boolean>;
  cleared_before_id: number | null;
  last_message_id: number | null;
  last_message_at: NullableTimestamp;
  last_sender_id: string | null;
  last_read_message_id: number | null;
  spent_credits: Generated<number>;
  blocked: Generated<boolean>;
  media_blocked: Generated<boolean>;
  created_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  chat_id: string;
  sender_id: string;
  recipient_id: string;
  type: Generated<'text' | 'gif' | 'image' | 'video' | 'tip'>;
  text: string | null;
  price: Generated<number>;
  self_destruct: Generated<boolean>;
  parent_message_id: number | null;
  client_send_id: string | null;
  system: Generated<boolean>;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MessageHiddenForTable {
  message_id: number;
  user_id: string;
}

export type LedgerAccount = 'credits' | 'earnings';
export type LedgerReason =
  | 'package'
  | 'message_rate'
  | 'paid_message'
  | 'tip'
  | 'subscription'
  | 'refund'
  | 'crypto_topup'
  | 'admin_adjustment'
  | 'payout';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: string;
  account: LedgerAccount;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  counterparty_id: string | null;
  reference: string | null;
  idempotency_key: string;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface DB {
  app_secrets: AppSecretsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  email_codes: EmailCodesTable;
  chats: ChatsTable;
  chat_members: ChatMembersTable;
  messages: MessagesTable;
  message_hidden_for: MessageHiddenForTable;
  ledger_entries: LedgerEntriesTable;
  schema_migrations: SchemaMigrationsTable;
}
