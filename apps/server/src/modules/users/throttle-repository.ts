import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export interface FailureKey {
  account: string;
  address: string;
}

export interface FailureRow {
  account: string;
  address: string;
  failures: number;
  last_failure_at: Date;
  blocked_until: Date | null;
}

const sameKey = (a: FailureKey, b: FailureKey) => a.account === b.account && a.address === b.address;

export const throttleRepository = {
  /**
   * The rows of `keys`, created where missing and locked for the caller's transaction, in one
   * statement: a row deleted by a concurrent success between an insert and a later select can
   * therefore never go missing. Callers pass keys in primary-key order, so attempts never deadlock.
   */
  async lockFailures<K extends FailureKey[]>(
    db: Db,
    keys: [...K],
    now: Date,
  ): Promise<{ [I in keyof K]: FailureRow }> {
    const rows = await db
      .insertInto('sign_in_failures')
      .values(keys.map((k) => ({ ...k, failures: 0, last_failure_at: now })))
      .onConflict((oc) =>
        oc.columns(['account', 'address']).doUpdateSet({ failures: sql`sign_in_failures.failures` }),
      )
      .returningAll()
      .execute();
    return keys.map((key) => rows.find((row) => sameKey(row, key))) as { [I in keyof K]: FailureRow };
  },

  async saveFailures(
    db: Db,
    key: FailureKey,
    values: Pick<FailureRow, 'failures' | 'last_failure_at' | 'blocked_until'>,
  ): Promise<void> {
    await db
      .updateTable('sign_in_failures')
      .set(values)
      .where('account', '=', key.account)
      .where('address', '=', key.address)
      .execute();
  },

  /**
   * Takes back the failure an attempt counted in advance (it was the right password); a wait that
   * only this attempt set (the count is below `free` again) is lifted with it.
   */
  async uncount(db: Db, key: FailureKey, free?: number): Promise<void> {
    await db
      .updateTable('sign_in_failures')
      .set({
        failures: sql`greatest(failures - 1, 0)`,
        ...(free !== undefined && {
          blocked_until: sql`CASE WHEN failures - 1 < ${free} THEN NULL ELSE blocked_until END`,
        }),
      })
      .where('account', '=', key.account)
      .where('address', '=', key.address)
      .execute();
  },

  async clear(db: Db, key: FailureKey): Promise<void> {
    await db
      .deleteFrom('sign_in_failures')
      .where('account', '=', key.account)
      .where('address', '=', key.address)
      .execute();
  },

  /** Forgets every count on an account (its password changed): rows locked in key order first. */
  async clearAccount(db: Db, account: string): Promise<void> {
    await db
      .selectFrom('sign_in_failures')
      .select('address')
      .where('account', '=', account)
      .orderBy('address')
      .forUpdate()
      .execute();
    await db.deleteFrom('sign_in_failures').where('account', '=', account).execute();
  },

  /** Drops the counts that no longer hold anyone back: last failure and any wait both before `before`. */
  async purgeFailures(db: Db, before: Date): Promise<number> {
    const result = await db
      .deleteFrom('sign_in_failures')
      .where('last_failure_at', '<', before)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Claims the owner's alert for `now` unless one went out since `since`: true if this call did. */
  async claimAlert(db: Db, userId: string, now: Date, since: Date): Promise<boolean> {
    const row = await db
      .updateTable('users')
      .set({ sign_in_alert_at: now })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('sign_in_alert_at', 'is', null), eb('sign_in_alert_at', '<=', since)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async pressure(db: Db, now: Date, windowStart: Date, attackFailures: number) {
    const row = await db
      .selectFrom('sign_in_failures')
      .select([
        sql<number>`count(*) FILTER (WHERE address = '' AND failures >= ${attackFailures}
          AND last_failure_at > ${windowStart})::int`.as('accounts'),
        sql<number>`count(*) FILTER (WHERE address <> '' AND blocked_until > ${now})::int`.as('addresses'),
      ])
      .executeTakeFirstOrThrow();
    return { accountsUnderAttack: row.accounts, addressesWaiting: row.addresses };
  },

  async isKnownAddress(db: Db, userId: string, address: string): Promise<boolean> {
    const row = await db
      .selectFrom('sign_in_addresses')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .executeTakeFirst();
    return row !== undefined;
  },

  async rememberAddress(db: Db, userId: string, address: string, at: Date): Promise<void> {
    await db
      .insertInto('sign_in_addresses')
      .values({ user_id: userId, address, last_signed_in_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_signed_in_at: at }))
      .execute();
  },

  async forgetAddresses(db: Db, before: Date): Promise<number> {
    const result = await db
      .deleteFrom('sign_in_addresses')
      .where('last_signed_in_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
