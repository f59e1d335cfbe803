import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * Each account's total of `media.stored_bytes` (table media_usage). It changes only in the
 * transaction that changes the rows it sums, so it never drifts from them.
 */
export const mediaUsageRepository = {
  async used(db: Db, ownerId: string): Promise<number> {
    const row = await db
      .selectFrom('media_usage')
      .select('used_bytes')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return row?.used_bytes ?? 0;
  },

  /**
   * Adds `bytes` to the owner's total when the total stays within `quota`; answers whether it did.
   * One statement: ON CONFLICT DO UPDATE locks the owner's row and checks its latest committed
   * total, so concurrent uploads of one account queue here and none is let past the quota.
   */
  async add(db: Db, ownerId: string, bytes: number, quota: number): Promise<boolean> {
    if (bytes > quota) return false;
    const row = await db
      .insertInto('media_usage')
      .values({ owner_id: ownerId, used_bytes: bytes })
      .onConflict((oc) =>
        oc
          .column('owner_id')
          .doUpdateSet((eb) => ({ used_bytes: eb('media_usage.used_bytes', '+', bytes) }))
          .where((eb) => eb(eb('media_usage.used_bytes', '+', bytes), '<=', quota)),
      )
      .returning('used_bytes')
      .executeTakeFirst();
    return row !== undefined;
  },

  async subtract(db: Db, ownerId: string, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    await db
      .updateTable('media_usage')
      .set((eb) => ({ used_bytes: eb('used_bytes', '-', bytes) }))
      .where('owner_id', '=', ownerId)
      .execute();
  },
};
