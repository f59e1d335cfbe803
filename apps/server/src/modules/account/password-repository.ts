import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** Password reset links (migration 0032) and ending an account's sessions when its password changes. */
export const passwordRepository = {
  /** The newest link mailed to the account and how many were mailed since `since`, in one statement. */
  async recentResets(db: Db, userId: string, since: Date) {
    const row = await db
      .selectFrom('password_resets')
      .select([
        sql<Date | null>`max(created_at)`.as('newest'),
        sql<number>`count(*) FILTER (WHERE created_at > ${since})::int`.as('since'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { newest: row.newest ? new Date(row.newest) : null, since: row.since ?? 0 };
  },

  /** Stores a new link, voiding the account's older unused ones: only the newest mail works. */
  async insertReset(db: Db, values: { userId: string; tokenHash: string; at: Date; expiresAt: Date }) {
    await db
      .updateTable('password_resets')
      .set({ used_at: values.at })
      .where('user_id', '=', values.userId)
      .where('used_at', 'is', null)
      .execute();
    await db
      .insertInto('password_resets')
      .values({
        user_id: values.userId,
        token_hash: values.tokenHash,
        created_at: values.at,
        expires_at: values.expiresAt,
      })
      .execute();
  },

  findReset(db: Db, tokenHash: string) {
    return db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  /** The link with this token hash, locked so two tabs cannot both use it. */
  lockReset(db: Db, tokenHash: string) {
    return db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
  },

  async useReset(db: Db, id: string, at: Date) {
    await db.updateTable('password_resets').set({ used_at: at }).where('id', '=', id).execute();
  },

  async setPasswordHash(db: Db, userId: string, passwordHash: string, at: Date) {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: at })
      .where('id', '=', userId)
      .execute();
  },

  /**
   * Revokes every live session of the account but `keepTokenId` (none when undefined) and answers
   * their ids, so their open sockets can be closed too.
   */
  async revokeSessions(db: Db, userId: string, at: Date, keepTokenId?: string): Promise<string[]> {
    const rows = await db
      .updateTable('access_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(keepTokenId !== undefined, (q) => q.where('id', '!=', keepTokenId as string))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  },

  /** Drops links used or expired before `before`: they can never open anything again. */
  async purgeResets(db: Db, before: Date): Promise<number> {
    const result = await db
      .deleteFrom('password_resets')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
