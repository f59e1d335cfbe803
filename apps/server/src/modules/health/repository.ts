import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** One round trip to the database; rejects when it does not answer. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
