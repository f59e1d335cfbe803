import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The app_secrets table: named keys shared by every server process on one database. */
export const secretsRepository = {
  /** Stores each value whose name is not stored yet; a name already there keeps its value. */
  async addMissing(db: Kysely<DB>, values: { name: string; value: string }[]): Promise<void> {
    await db
      .insertInto('app_secrets')
      .values(values)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  },

  async byNames(db: Kysely<DB>, names: readonly string[]): Promise<Record<string, string>> {
    const rows = await db
      .selectFrom('app_secrets')
      .select(['name', 'value'])
      .where('name', 'in', names)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  },
};
