import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The devices each account signed in from, and the sessions the new-device mail's link ends. */
export const devicesRepository = {
  /**
   * Notes a sign-in from this device: whether the account had never used it, and whether it had
   * used any other device before (an account's first device is not news to its owner).
   */
  async note(db: Db, userId: string, deviceHash: string, now: Date) {
    const other = await db
      .selectFrom('known_devices')
      .select('device_hash')
      .where('user_id', '=', userId)
      .where('device_hash', '<>', deviceHash)
      .limit(1)
      .executeTakeFirst();
    const added = await db
      .insertInto('known_devices')
      .values({ user_id: userId, device_hash: deviceHash, first_seen_at: now, last_seen_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
      .returning('device_hash')
      .executeTakeFirst();
    if (!added) {
      await db
        .updateTable('known_devices')
        .set({ last_seen_at: now })
        .where('user_id', '=', userId)
        .where('device_hash', '=', deviceHash)
        .execute();
    }
    return { isNew: added !== undefined, hadOthers: other !== undefined };
  },

  async forgetDevices(db: Db, before: Date): Promise<number> {
    const result = await db.deleteFrom('known_devices').where('last_seen_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  session(db: Db, tokenId: string) {
    return db
      .selectFrom('access_tokens')
      .select(['id', 'user_id', 'user_agent', 'created_at', 'revoked_at'])
      .where('id', '=', tokenId)
      .where('seat_member_id', 'is', null)
      .executeTakeFirst();
  },

  /** Ends one session: true when this call did (false: it had ended already). */
  async endSession(db: Db, tokenId: string, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Ends every session of the account: the ids, so their sockets close too. */
  async endAllSessions(db: Db, userId: string, now: Date): Promise<string[]> {
    const rows = await db
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  },
};
