import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The bot-check challenges already spent (migration 0038). */
export const botCheckRepository = {
  /**
   * Marks a challenge spent; false when it already was. One statement, so two processes sending
   * the same payload at once cannot both pass.
   */
  async spend(db: Db, challenge: string, expiresAt: Date): Promise<boolean> {
    const rows = await db
      .insertInto('bot_check_used')
      .values({ challenge, expires_at: expiresAt })
      .onConflict((oc) => oc.column('challenge').doNothing())
      .returning('challenge')
      .execute();
    return rows.length === 1;
  },

  /** Drops the challenges that expired before `before`: they are refused as expired anyway. */
  async purge(db: Db, before: Date): Promise<number> {
    const result = await db.deleteFrom('bot_check_used').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
