import type { Generated, GeneratedAlways } from 'kysely';

/** Migration 0029: a browser's push subscription. */
export interface PushSubscriptionsTable {
  id: GeneratedAlways<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
  last_sent_at: Date | null;
}

export type NotificationCategory = 'notifications' | 'payments' | 'payouts';

/** Migration 0029: a grouped notification waiting for its job. */
export interface NotificationsPendingTable {
  user_id: string;
  channel: 'push' | 'email';
  group_key: string;
  category: NotificationCategory;
  title: string;
  body: string;
  url: string;
  count: Generated<number>;
  job_key: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0029: the last daily digest a user got. */
export interface NotificationDigestsTable {
  user_id: string;
  sent_at: Date;
}
