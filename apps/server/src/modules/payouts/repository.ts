import { type Insertable, type Kysely, sql } from 'kysely';
import type { AmlChecksTable, DB } from '../../db/schema';

type Db = Kysely<DB>;

/** Payouts and anti-money-laundering checks (migration 0025). */
export const payoutsRepository = {
  /** Adds a pending payout; undefined when the creator has one pending already. */
  insert(
    trx: Db,
    row: { user_id: string; amount: number; method: string; details: string | null; at: Date },
  ) {
    return trx
      .insertInto('payouts')
      .values({
        user_id: row.user_id,
        amount: row.amount,
        method: row.method as 'bank_transfer',
        details: row.details,
        created_at: row.at,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  hasPending(db: Db, userId: string) {
    return db
      .selectFrom('payouts')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst()
      .then(Boolean);
  },

  /** Credits asked for since `since` that were not rejected (pending or completed). */
  async askedSince(db: Db, userId: string, since: Date) {
    const row = await db
      .selectFrom('payouts')
      .select(sql<number>`COALESCE(sum(amount), 0)::int`.as('credits'))
      .where('user_id', '=', userId)
      .where('status', '<>', 'rejected')
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return row?.credits ?? 0;
  },

  /** Credits pending and completed, all time. */
  async sums(db: Db, userId: string) {
    const row = await db
      .selectFrom('payouts')
      .select([
        sql<number>`COALESCE(sum(amount) FILTER (WHERE status = 'pending'), 0)::int`.as('pending'),
        sql<number>`COALESCE(sum(amount) FILTER (WHERE status = 'completed'), 0)::int`.as('completed'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { pending: row?.pending ?? 0, completed: row?.completed ?? 0 };
  },

  pageOf(db: Db, userId: string, limit: number, offset: number) {
    return db
      .selectFrom('payouts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  /** The admins' queue: payouts in a state, oldest first, with who asked. */
  queue(db: Db, status: 'pending' | 'completed' | 'rejected', limit: number, offset: number) {
    return db
      .selectFrom('payouts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select('u.username')
      .where('p.status', '=', status)
      .orderBy('p.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  /** Decides a pending payout (locked first: a second decision finds it decided). */
  async decide(trx: Db, id: number, status: 'completed' | 'rejected', reason: string | null, at: Date) {
    return trx
      .updateTable('payouts')
      .set({ status, reason, completed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  },

  byIdWithUser(db: Db, id: number) {
    return db
      .selectFrom('payouts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select('u.username')
      .where('p.id', '=', id)
      .executeTakeFirst();
  },

  async submitAml(trx: Db, form: Insertable<AmlChecksTable>) {
    await trx
      .insertInto('aml_checks')
      .values(form)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          full_name: form.full_name,
          date_of_birth: form.date_of_birth,
          address: form.address,
          city: form.city,
          postal_code: form.postal_code,
          country: form.country,
          submitted_at: form.submitted_at ?? new Date(),
          decided_at: null,
        }),
      )
      .execute();
    await trx.updateTable('users').set({ aml_status: 'pending' }).where('id', '=', form.user_id).execute();
  },

  async decideAml(trx: Db, userId: string, status: 'approved' | 'rejected', at: Date) {
    const form = await trx
      .updateTable('aml_checks')
      .set({ decided_at: at })
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    if (!form) return false;
    await trx.updateTable('users').set({ aml_status: status }).where('id', '=', userId).execute();
    return true;
  },
};
