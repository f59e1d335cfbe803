import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { NotificationCategory } from '../../db/schema-push';

type Db = Kysely<DB>;

export interface PendingInput {
  userId: string;
  channel: 'push' | 'email';
  groupKey: string;
  category: NotificationCategory;
  title: string;
  body: string;
  url: string;
  jobKey: string;
}

export interface PendingRow {
  user_id: string;
  channel: 'push' | 'email';
  group_key: string;
  category: NotificationCategory;
  title: string;
  body: string;
  url: string;
  count: number;
}

/** Where notifications are stored and read: subscriptions, grouped pending rows, digests. */
export const pushRepository = {
  /** Stores a subscription for the user; an endpoint already known (this device) moves to them. */
  async saveSubscription(
    db: Db,
    userId: string,
    s: { endpoint: string; p256dh: string; auth: string },
    now: Date,
  ) {
    await db
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: now })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth, created_at: now }),
      )
      .execute();
  },

  /** Drops the user's subscription with this endpoint (another user's is left alone). */
  async deleteSubscription(db: Db, userId: string, endpoint: string) {
    await db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .execute();
  },

  /** A push service said the subscription is gone (404/410). */
  async dropSubscription(db: Db, id: string) {
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  subscriptionsOf(db: Db, userId: string) {
    return db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  },

  async markSent(db: Db, id: string, now: Date) {
    await db.updateTable('push_subscriptions').set({ last_sent_at: now }).where('id', '=', id).execute();
  },

  /**
   * Adds a notification to its group: a new row answers true (its job must be enqueued), a row
   * already waiting takes the newest text and counts one more.
   */
  async addPending(db: Db, p: PendingInput, now: Date): Promise<{ created: boolean; jobKey: string }> {
    const { rows } = await sql<{ job_key: string; created: boolean }>`
      INSERT INTO notifications_pending
        (user_id, channel, group_key, category, title, body, url, job_key, created_at, updated_at)
      VALUES (${p.userId}, ${p.channel}, ${p.groupKey}, ${p.category}, ${p.title}, ${p.body}, ${p.url},
        ${p.jobKey}, ${now}, ${now})
      ON CONFLICT (user_id, channel, group_key) DO UPDATE SET
        count = notifications_pending.count + 1, title = EXCLUDED.title, body = EXCLUDED.body,
        url = EXCLUDED.url, updated_at = EXCLUDED.updated_at
      RETURNING job_key, (xmax = 0) AS created`.execute(db);
    const row = rows[0] as { job_key: string; created: boolean };
    return { created: row.created, jobKey: row.job_key };
  },

  /** Takes (deletes and answers) the pending row that this job was enqueued for. */
  async takePending(db: Db, jobKey: string): Promise<PendingRow | undefined> {
    const row = await db
      .deleteFrom('notifications_pending')
      .where('job_key', '=', jobKey)
      .returning(['user_id', 'channel', 'group_key', 'category', 'title', 'body', 'url', 'count'])
      .executeTakeFirst();
    return row as PendingRow | undefined;
  },

  /** Who the notification goes to, with the settings that decide whether it goes. */
  recipient(db: Db, userId: string) {
    return db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'email',
        'email_verified',
        'banned_at',
        'notify_notifications',
        'notify_payments',
        'notify_payouts',
        'notify_marketing',
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
  },

  /**
   * Everything recording a notice needs, in one round trip: the recipient's settings, whether they
   * have a device to push to, and the name of who caused it (events pass by here at send rate).
   */
  noticeTarget(db: Db, userId: string, actorId: string | null) {
    return db
      .selectFrom('users as u')
      .select((eb) => [
        'u.email_verified',
        'u.banned_at',
        'u.notify_notifications',
        'u.notify_payments',
        'u.notify_payouts',
        eb
          .exists(eb.selectFrom('push_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 'u.id'))
          .as('has_push'),
        actorId === null
          ? sql<string | null>`null`.as('actor')
          : eb.selectFrom('users as a').select('a.username').where('a.id', '=', actorId).as('actor'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  },

  /** Turns one notification setting off (the unsubscribe link). */
  async turnOff(db: Db, userId: string, category: NotificationCategory, now: Date): Promise<boolean> {
    const column = `notify_${category}` as const;
    const result = await db
      .updateTable('users')
      .set({ [column]: false, updated_at: now })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * People due a digest: unread messages waiting, the `notifications` setting on, a verified email,
   * not seen for a day, no digest in the last day, and unread messages that arrived since the last one.
   */
  async digestCandidates(db: Db, awaySince: Date, limit: number) {
    const { rows } = await sql<{ id: string; username: string; email: string; unread: number }>`
      SELECT u.id, u.username, u.email, t.unread::int AS unread
      FROM users u
      JOIN (SELECT user_id, sum(unread_messages) AS unread FROM inbox_counters GROUP BY user_id) t
        ON t.user_id = u.id
      LEFT JOIN notification_digests d ON d.user_id = u.id
      WHERE t.unread > 0 AND u.notify_notifications AND u.email_verified AND u.banned_at IS NULL
        AND (u.last_online IS NULL OR u.last_online < ${awaySince})
        AND (d.sent_at IS NULL OR d.sent_at < ${awaySince})
        AND EXISTS (
          SELECT 1 FROM chat_members c
          WHERE c.user_id = u.id AND c.unread_messages > 0 AND c.last_sender_id <> u.id
            AND c.last_message_at > COALESCE(d.sent_at, '-infinity'::timestamptz))
      ORDER BY u.id
      LIMIT ${limit}`.execute(db);
    return rows;
  },

  /** The chats with unread messages, most unread first: the digest's lines. */
  async unreadChats(db: Db, userId: string, limit: number) {
    return db
      .selectFrom('chat_members as m')
      .innerJoin('users as o', 'o.id', 'm.other_user_id')
      .select(['o.id as other_id', 'o.username', 'm.unread_messages'])
      .where('m.user_id', '=', userId)
      .where('m.unread_messages', '>', 0)
      .orderBy('m.unread_messages', 'desc')
      .limit(limit)
      .execute();
  },

  /** Records a digest as sent; answers false when another process sent it first. */
  async claimDigest(db: Db, userId: string, awaySince: Date, now: Date): Promise<boolean> {
    const { rows } = await sql<{ user_id: string }>`
      INSERT INTO notification_digests (user_id, sent_at) VALUES (${userId}, ${now})
      ON CONFLICT (user_id) DO UPDATE SET sent_at = EXCLUDED.sent_at
        WHERE notification_digests.sent_at < ${awaySince}
      RETURNING user_id`.execute(db);
    return rows.length > 0;
  },
};
