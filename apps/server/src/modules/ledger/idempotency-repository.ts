import type { Kysely } from 'kysely';
import { prepared } from '../../db/connection';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export interface KeyRow {
  user_id: string;
  operation: string;
  key: string;
  request_hash: string | null;
}

export const idempotencyRepository = {
  /**
   * Records the key, or answers false when it is recorded already. A concurrent twin's uncommitted
   * row makes this wait until that transaction ends: then it inserts (the twin rolled back) or not.
   */
  async claim(db: Db, row: KeyRow): Promise<boolean> {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'operation', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Prepared: every keyed money request (a tip, a top-up) asks it first. */
  async find(db: Db, userId: string, operation: string, key: string) {
    const [row] = await prepared(
      db,
      db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'reference'])
        .where('user_id', '=', userId)
        .where('operation', '=', operation)
        .where('key', '=', key),
    );
    return row;
  },

  /** Forgets, in one statement, every key recorded before `before`; answers how many. */
  async purgeRecordedBefore(db: Db, before: Date): Promise<number> {
    const deleted = await db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  },

  async setReference(db: Db, userId: string, operation: string, key: string, reference: string) {
    await db
      .updateTable('idempotency_keys')
      .set({ reference })
      .where('user_id', '=', userId)
      .where('operation', '=', operation)
      .where('key', '=', key)
      .execute();
  },
};
