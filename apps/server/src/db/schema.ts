import type { ColumnType, Generated, Selectable } from 'kysely';

// Table types for Kysely. Rows never reach the client: repositories map them to contract shapes.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

import type { BotCheckUsedTable, PasswordResetsTable } from './schema-account-basics';
import type {
  ChatMembersTable,
  ChatNotesTable,
  ChatsTable,
  InboxCountersTable,
  MessageHiddenForTable,
  MessagesTable,
  PaymentWarningsTable,
  UserReportsTable,
} from './schema-chats';
import type { FeedPostsTable, FeedPurchasesTable } from './schema-feed';
import type {
  EarningsShardsTable,
  IdempotencyKeysTable,
  LedgerEntriesTable,
  PaymentCustomersTable,
  PaymentEventsTable,
  PaymentsTable,
  SavedCardsTable,
  SubscriptionsTable,
} from './schema-ledger-payments';
import type { ListTables } from './schema-lists';
import type {
  AdminAuditTable,
  CreatorApplicationsTable,
  IdDocumentsTable,
  PlatformNoticeDismissalsTable,
  PlatformNoticesTable,
} from './schema-moderation';
import type {
  AmlChecksTable,
  AutoMessageCategoryName,
  AutoMessageLogTable,
  AutoMessagesTable,
  AutoMessageTriggersTable,
  BroadcastRecipientsTable,
  BroadcastsTable,
  PayoutsTable,
  PlatformAccountTable,
  ReferralSweepTable,
} from './schema-money-broadcasts';
import type {
  NotificationDigestsTable,
  NotificationsPendingTable,
  PushSubscriptionsTable,
} from './schema-push';
import type { SavedRepliesTable } from './schema-replies';
import type { SecurityTables, UsersSecurityColumns } from './schema-security';
import type {
  MessageAuthorsTable,
  TeamActivityTable,
  TeamInvitesTable,
  TeamMembersTable,
} from './schema-team';

export type * from './schema-chats';
export type * from './schema-feed';
export type * from './schema-ledger-payments';
export type {
  AmlChecksTable,
  AutoMessageCategoryName,
  AutoMessageLogTable,
  AutoMessagesTable,
  AutoMessageTriggersTable,
  BroadcastRecipientsTable,
  BroadcastsTable,
  PayoutsTable,
  PlatformAccountTable,
  ReferralSweepTable,
};

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface UsersTable extends UsersSecurityColumns {
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
  id_verification_status: 'pending' | 'in_progress' | 'rejected' | 'verified' | 'retake' | null;
  /** When ID documents were last submitted for review (migration 0027). */
  id_submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  discover_status: Generated<'featured' | 'hidden' | 'denied'>;
  force_discover: Generated<boolean>;
  deleted_scheduled: Generated<boolean>;
  delete_at: NullableTimestamp;
  warning_reported: Generated<boolean>;
  show_skinscore_banner: Generated<boolean>;
  credits: Generated<number>;
  /** Credits a refund or chargeback could not take back (migration 0031); the next purchase pays them. */
  credits_debt: Generated<number>;
  earnings: Generated<number>;
  online: Generated<boolean>;
  /** Discover order, kept by the discover-rank job (docs/discover.md). */
  rank: Generated<number>;
  /** Kept by a trigger on follows. */
  followers: Generated<number>;
  punishment_alert: Generated<boolean>;
  final_punishment_alert: Generated<boolean>;
  /** ISO 3166 alpha-2; `type=near` compares it. */
  country: string | null;
  has_favorites: Generated<boolean>;
  is_broadcasting: Generated<boolean>;
  unread_feeds: Generated<number>;
  /** When the user last opened the first page of their home feed (migration 0017). */
  feed_opened_at: Timestamp;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Generated from username, bio and tags for Discover's search (migration 0020); never written. */
  search_text: ColumnType<string, never, never>;
  profile_invisible: Generated<boolean>;
  intro_enabled: Generated<boolean>;
  notify_marketing: Generated<boolean>;
  notify_notifications: Generated<boolean>;
  notify_payments: Generated<boolean>;
  notify_payouts: Generated<boolean>;
  /** Spends above this many credits ask first (migration 0040); null is off. */
  spend_confirm_above: number | null;
  features: Json<Record<string, boolean>>;
  banned_at: NullableTimestamp;
  ban_reason: string | null;
  frozen_at: NullableTimestamp;
  frozen_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // 0004_accounts
  greeting: string | null;
  payout_method: 'bank_transfer' | 'paypal_transfer' | 'paxum_transfer' | 'crypto_transfer' | null;
  payout_account: string | null;
  payout_holder: string | null;
  payout_country: string | null;
  aml_status: Generated<'none' | 'pending' | 'approved' | 'rejected'>;
  deleted_at: NullableTimestamp;
  // 0018_subscription_price
  subscription_price: Generated<number>;
  // 0028_lifecycle
  /** ISO 3166 alpha-2 codes whose visitors this creator is hidden from (451). */
  blocked_countries: ColumnType<string[], string[] | undefined, string[]>;
  /** A bought profile boost ranks the creator first in Discover until then. */
  boost_until: NullableTimestamp;
  // 0033_intros_and_notices
  /** The area intro popups this account has closed (IntroKind); they never show again. */
  seen_intros: ColumnType<string[], string[] | undefined, string[]>;
  // 0032_account_basics
  /** When the 18+ confirmation and the terms were accepted at sign-up (NULL: before they were asked). */
  terms_accepted_at: NullableTimestamp;
  /** The last data export started (one per DATA_EXPORT_COOLDOWN_MS). */
  data_exported_at: NullableTimestamp;
  /** The owner was last mailed that sign-ins kept failing (one per ALERT_INTERVAL_MS). */
  sign_in_alert_at: NullableTimestamp;
}

export interface AccessTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** A team seat: the member holding this session of the creator's (`user_id`) account. */
  seat_member_id: Generated<string | null>;
}

export interface SignInFailuresTable {
  account: string;
  address: string;
  failures: number;
  last_failure_at: Timestamp;
  blocked_until: NullableTimestamp;
}

export interface SignInAddressesTable {
  user_id: string;
  address: string;
  last_signed_in_at: Timestamp;
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

export interface MediaTable {
  id: Generated<number>;
  public_id: string;
  owner_id: string;
  md5: string;
  kind: 'image' | 'video';
  mime: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  video_length: number | null;
  variants: string[];
  /** Bytes its files take in storage (every variant); 0 once they are removed. */
  stored_bytes: Generated<number>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Per account: the sum of its media's stored_bytes, kept in the same transactions as the rows. */
export interface MediaUsageTable {
  owner_id: string;
  used_bytes: Generated<number>;
}

/** A durable job (docs/jobs.md). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string | null;
  payload: ColumnType<unknown, string | undefined, string>;
  progress: ColumnType<unknown, string | null | undefined, string | null>;
  status: Generated<'queued' | 'running' | 'done' | 'failed' | 'canceled'>;
  run_at: Generated<Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

/** One purchase of a paid post by one buyer. */
export interface MessagePurchasesTable {
  message_id: number;
  buyer_id: string;
  seller_id: string;
  chat_id: string;
  price: number;
  hidden: Generated<boolean>;
  created_at: Timestamp;
}

/** Migration 0016: who follows whom. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Generated<Date>;
}

/** Migration 0016: the first time a user became a creator's fan, and how. */
export interface FansTable {
  creator_id: string;
  fan_id: string;
  relationship: 'follower' | 'subscriber' | 'fan';
  first_at: Generated<Date>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface DB extends ListTables, SecurityTables {
  app_secrets: AppSecretsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  team_invites: TeamInvitesTable;
  team_members: TeamMembersTable;
  message_authors: MessageAuthorsTable;
  team_activity: TeamActivityTable;
  email_codes: EmailCodesTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_addresses: SignInAddressesTable;
  chats: ChatsTable;
  chat_members: ChatMembersTable;
  inbox_counters: InboxCountersTable;
  earnings_shards: EarningsShardsTable;
  messages: MessagesTable;
  message_hidden_for: MessageHiddenForTable;
  payment_warnings: PaymentWarningsTable;
  media: MediaTable;
  media_usage: MediaUsageTable;
  message_purchases: MessagePurchasesTable;
  feed_posts: FeedPostsTable;
  jobs: JobsTable;
  broadcasts: BroadcastsTable;
  platform_account: PlatformAccountTable;
  payouts: PayoutsTable;
  aml_checks: AmlChecksTable;
  referral_sweep: ReferralSweepTable;
  broadcast_recipients: BroadcastRecipientsTable;
  feed_purchases: FeedPurchasesTable;
  ledger_entries: LedgerEntriesTable;
  chat_notes: ChatNotesTable;
  user_reports: UserReportsTable;
  schema_migrations: SchemaMigrationsTable;
  saved_cards: SavedCardsTable;
  payments: PaymentsTable;
  payment_customers: PaymentCustomersTable;
  payment_events: PaymentEventsTable;
  subscriptions: SubscriptionsTable;
  idempotency_keys: IdempotencyKeysTable;
  follows: FollowsTable;
  fans: FansTable;
  auto_messages: AutoMessagesTable;
  auto_message_triggers: AutoMessageTriggersTable;
  auto_message_log: AutoMessageLogTable;
  push_subscriptions: PushSubscriptionsTable;
  notifications_pending: NotificationsPendingTable;
  notification_digests: NotificationDigestsTable;
  creator_applications: CreatorApplicationsTable;
  id_documents: IdDocumentsTable;
  admin_audit: AdminAuditTable;
  platform_notices: PlatformNoticesTable;
  platform_notice_dismissals: PlatformNoticeDismissalsTable;
  password_resets: PasswordResetsTable;
  bot_check_used: BotCheckUsedTable;
  saved_replies: SavedRepliesTable;
}

/** A user as read from the database (what the auth hook attaches to a request). */
export type UserRow = Selectable<UsersTable>;
