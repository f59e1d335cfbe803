import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** Earnings credits by what was paid for, as the reports name them (the ledger's reasons). */
const TYPE_OF_REASON = sql`CASE e.reason
  WHEN 'message_rate' THEN 'messages' WHEN 'paid_message' THEN 'messages' WHEN 'paid_post' THEN 'posts'
  WHEN 'tip' THEN 'tips' WHEN 'subscription' THEN 'subscriptions' WHEN 'referral' THEN 'referrals'
  ELSE 'other' END`;

export interface DayRow {
  day: string;
  type: string | null;
  credits: number;
  new_fans: number;
  new_subscribers: number;
}

/** A creator's earnings reports, read from the ledger (what they earned is what it credited). */
export const earningsRepository = {
  /** Credits earned since `since` (all time when null), by type. */
  async byType(db: Db, userId: string, since: Date | null) {
    const { rows } = await sql<{ type: string; credits: number }>`
      SELECT ${TYPE_OF_REASON} AS type, COALESCE(sum(e.delta), 0)::int AS credits
      FROM ledger_entries e
      WHERE e.user_id = ${userId} AND e.account = 'earnings' AND e.delta > 0
        AND (${since}::timestamptz IS NULL OR e.created_at >= ${since}::timestamptz)
      GROUP BY 1`.execute(db);
    return rows;
  },

  /**
   * Per UTC day from `from` to `to` (both included): earnings by type (one row per day and type,
   * `type` null on days without earnings), and the day's new fans and subscribers.
   */
  async daily(db: Db, userId: string, from: string, to: string) {
    const { rows } = await sql<DayRow>`
      WITH days AS (
        SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
      ), range AS (
        SELECT (${from}::date)::timestamp AT TIME ZONE 'UTC' AS lo,
               ((${to}::date + 1)::timestamp) AT TIME ZONE 'UTC' AS hi
      ), earned AS (
        SELECT (e.created_at AT TIME ZONE 'UTC')::date AS day, ${TYPE_OF_REASON} AS type, sum(e.delta)::int AS credits
        FROM ledger_entries e, range r
        WHERE e.user_id = ${userId} AND e.account = 'earnings' AND e.delta > 0
          AND e.created_at >= r.lo AND e.created_at < r.hi
        GROUP BY 1, 2
      ), fans AS (
        SELECT (f.first_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
        FROM fans f, range r WHERE f.creator_id = ${userId} AND f.first_at >= r.lo AND f.first_at < r.hi
        GROUP BY 1
      ), subs AS (
        SELECT (s.started_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
        FROM subscriptions s, range r WHERE s.creator_id = ${userId} AND s.started_at >= r.lo AND s.started_at < r.hi
        GROUP BY 1
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, e.type, COALESCE(e.credits, 0)::int AS credits,
             COALESCE(f.n, 0)::int AS new_fans, COALESCE(s.n, 0)::int AS new_subscribers
      FROM days d
      LEFT JOIN earned e ON e.day = d.day
      LEFT JOIN fans f ON f.day = d.day
      LEFT JOIN subs s ON s.day = d.day
      ORDER BY d.day`.execute(db);
    return rows;
  },
};
