import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The platform's own account (migration 0023): who it is and its fee. */
export const platformRepository = {
  /** Each server writes its PLATFORM_FEE_PERCENT at start; payments read it in the database. */
  async setFeePercent(db: Kysely<DB>, percent: number) {
    await db.updateTable('platform_account').set({ fee_percent: percent }).execute();
  },
  async accountId(db: Kysely<DB>): Promise<string> {
    const row = await db.selectFrom('platform_account').select('user_id').executeTakeFirstOrThrow();
    return row.user_id;
  },
};
