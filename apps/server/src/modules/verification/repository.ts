import type { Insertable, Kysely } from 'kysely';
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
};
