import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** What fans pay creators for: the earnings a referrer takes a share of. */
const CREATOR_EARNINGS = ['message_rate', 'paid_message', 'paid_post', 'tip', 'subscription'] as const;

export interface CommissionSource {
  id: number;
  kind: 'creator' | 'fan';
  source_id: string;
  delta: number;
  referrer_id: string;
  referrer_type: 'user' | 'featured';
  referrer_features: Record<string, boolean> | null;
}

/** Referrals: who signed up with whose code, and the ledger rows commissions come from. */
export const referralsRepository = {
  /** The sweep's position, locked: one sweep at a time. */
  async lockSweep(trx: Db) {
    const row = await trx
      .selectFrom('referral_sweep')
      .select('last_entry_id')
      .forUpdate()
      .executeTakeFirstOrThrow();
    return Number(row.last_entry_id);
  },

  setSweep(trx: Db, lastEntryId: number) {
    return trx.updateTable('referral_sweep').set({ last_entry_id: lastEntryId }).execute();
  },

  /**
   * Ledger rows after `after`, written before `settledBefore` (so transactions still running are not
   * passed over), that earn a referrer a commission: a referred creator's earnings within 12 months
   * of their sign-up, and a referred fan's credit purchases. Answers them and the last row id read.
   */
  async sources(trx: Db, after: number, settledBefore: Date, limit: number) {
    const last = await trx
      .selectFrom('ledger_entries')
      .select(sql<number | null>`max(id)`.as('id'))
      .where('id', '>', after)
      .where('created_at', '<', settledBefore)
      .executeTakeFirst();
    const upTo = Number(last?.id ?? after);
    if (upTo <= after) return { rows: [] as CommissionSource[], lastId: after };
    const rows = await trx
      .selectFrom('ledger_entries as e')
      .innerJoin('users as s', 's.id', 'e.user_id')
      .innerJoin('users as r', 'r.id', 's.affiliate_id')
      .select([
        'e.id',
        sql<'creator' | 'fan'>`CASE WHEN e.account = 'earnings' THEN 'creator' ELSE 'fan' END`.as('kind'),
        'e.user_id as source_id',
        'e.delta',
        'r.id as referrer_id',
        'r.type as referrer_type',
        'r.features as referrer_features',
      ])
      .where('e.id', '>', after)
      .where('e.id', '<=', upTo)
      .where('e.delta', '>', 0)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('e.account', '=', 'earnings'),
            eb('e.reason', 'in', CREATOR_EARNINGS),
            eb('s.type', '=', 'featured'),
            eb('e.created_at', '<', sql<Date>`s.created_at + interval '12 months'`),
          ]),
          eb.and([
            eb('e.account', '=', 'credits'),
            eb('e.reason', '=', 'package'),
            eb('s.type', '=', 'user'),
          ]),
        ]),
      )
      .orderBy('e.id')
      .limit(limit)
      .execute();
    // A full page stops at its last row; the rest waits for the next sweep.
    const lastId = rows.length === limit ? Number(rows[rows.length - 1]?.id) : upTo;
    return { rows: rows as unknown as CommissionSource[], lastId };
  },

  /** The accounts that signed up with my code, newest first, with the commission each earned me. */
  page(db: Db, referrerId: string, limit: number, offset: number) {
    return db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.type',
        'u.created_at',
        (eb) =>
          eb
            .selectFrom('ledger_entries as e')
            .select(sql<number>`COALESCE(sum(e.delta), 0)::int`.as('n'))
            .where('e.user_id', '=', referrerId)
            .where('e.account', '=', 'earnings')
            .where('e.reason', '=', 'referral')
            .whereRef('e.counterparty_id', '=', 'u.id')
            .as('earned'),
      ])
      .where('u.affiliate_id', '=', referrerId)
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id')
      .limit(limit)
      .offset(offset)
      .execute();
  },
};
