// Saved replies (docs/scheduling.md "Saved replies"): a creator's reusable replies.
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/schema';
import type { SavedRepliesTable } from '../../db/schema-replies';

type Db = Kysely<DB>;
export type SavedReplyRow = Selectable<SavedRepliesTable>;

export const repliesRepository = {
  /** The creator's replies by title, as the composer offers them (saved_replies_by_creator_idx). */
  list(db: Db, creatorId: string): Promise<SavedReplyRow[]> {
    return db
      .selectFrom('saved_replies')
      .selectAll()
      .where('creator_id', '=', creatorId)
      .orderBy(sql`lower(title)`)
      .orderBy('id')
      .execute();
  },

  /**
   * How many replies the creator keeps, with her replies locked against others being added until
   * commit: two creates at once cannot both pass the limit.
   */
  async countLocked(trx: Db, creatorId: string): Promise<number> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`saved_replies:${creatorId}`}))`.execute(trx);
    const row = await trx
      .selectFrom('saved_replies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator_id', '=', creatorId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert(trx: Db, values: Insertable<SavedRepliesTable>): Promise<SavedReplyRow> {
    return trx.insertInto('saved_replies').values(values).returningAll().executeTakeFirstOrThrow();
  },

  /** The creator's reply, locked until commit; undefined for anyone else's. */
  ownForUpdate(trx: Db, creatorId: string, id: string) {
    return trx
      .selectFrom('saved_replies')
      .selectAll()
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .forUpdate()
      .executeTakeFirst();
  },

  update(trx: Db, id: string, values: Updateable<SavedRepliesTable>): Promise<SavedReplyRow> {
    return trx
      .updateTable('saved_replies')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Deletes the creator's reply; answers whether there was one. */
  async delete(db: Db, creatorId: string, id: string): Promise<boolean> {
    const res = await db
      .deleteFrom('saved_replies')
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
};
