import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, EmailCodesTable } from '../../db/schema';

type Db = Kysely<DB>;

export const codesRepository = {
  /** Marks the user's unused codes of this purpose used, so only the newest one counts. */
  async voidUnused(db: Db, userId: string, purpose: EmailCodesTable['purpose'], at: Date): Promise<void> {
    await db
      .updateTable('email_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  },

  async insert(db: Db, values: Insertable<EmailCodesTable>): Promise<void> {
    await db.insertInto('email_codes').values(values).execute();
  },

  /** Codes of every purpose mailed to the user since `since`. */
  async countSince(db: Db, userId: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom('email_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return row.n;
  },

  /** The newest code of one purpose. */
  newestCode(db: Db, userId: string, purpose: EmailCodesTable['purpose']) {
    return db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** Counts a wrong guess; the last allowed one also uses the code up. */
  async countWrongGuess(db: Db, codeId: string, attempts: number, usedAt: Date | null) {
    await db
      .updateTable('email_codes')
      .set({ attempts, ...(usedAt && { used_at: usedAt }) })
      .where('id', '=', codeId)
      .execute();
  },

  async useCode(db: Db, codeId: string, at: Date) {
    await db.updateTable('email_codes').set({ used_at: at }).where('id', '=', codeId).execute();
  },
};
