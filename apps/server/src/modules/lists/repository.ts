// Fan lists (docs/lists.md): the lists, a custom list's members, and what each list counts. A list
// is a set of the creator's chats, so its members are taken from and counted over her chat rows.
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const columns = ['id', 'creator_id', 'name', 'kind', 'rule', 'created_at'] as const;

/** A list and the condition that tells its chats, for the counts. */
export interface CountedList {
  id: string;
  kind: 'custom' | 'smart';
  /** A smart list's rule as a condition over the creator's chat rows `m`. */
  condition?: Expression<SqlBool>;
}

export const listsRepository = {
  /** Serialises one creator's list writes, so the limit and the name check hold under concurrency. */
  async lockCreator(trx: Db, creatorId: string) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`fan_lists:${creatorId}`}))`.execute(trx);
  },

  /** The creator's lists, oldest first. */
  all(db: Db, creatorId: string) {
    return db
      .selectFrom('fan_lists')
      .select(columns)
      .where('creator_id', '=', creatorId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** One of the creator's lists; with `share`, locked against a delete until the transaction ends. */
  byId(db: Db, creatorId: string, id: string, share = false) {
    return db
      .selectFrom('fan_lists')
      .select(columns)
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .$if(share, (q) => q.forShare())
      .executeTakeFirst();
  },

  /** The creator's lists among `ids`. */
  byIds(db: Db, creatorId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('fan_lists')
      .select(columns)
      .where('creator_id', '=', creatorId)
      .where('id', 'in', ids)
      .execute();
  },

  async count(db: Db, creatorId: string): Promise<number> {
    const row = await db
      .selectFrom('fan_lists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator_id', '=', creatorId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Whether another of the creator's lists has this name, whatever its case. */
  async nameTaken(db: Db, creatorId: string, name: string, exceptId?: string): Promise<boolean> {
    const row = await db
      .selectFrom('fan_lists')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as string))
      .executeTakeFirst();
    return row !== undefined;
  },

  insert(
    trx: Db,
    row: { creatorId: string; name: string; kind: 'custom' | 'smart'; rule: unknown; at: Date },
  ) {
    return trx
      .insertInto('fan_lists')
      .values({
        creator_id: row.creatorId,
        name: row.name,
        kind: row.kind,
        rule: row.rule === null ? null : JSON.stringify(row.rule),
        created_at: row.at,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
  },

  update(trx: Db, creatorId: string, id: string, set: { name?: string; rule?: unknown }) {
    return trx
      .updateTable('fan_lists')
      .set({
        ...(set.name !== undefined ? { name: set.name } : {}),
        ...(set.rule !== undefined ? { rule: JSON.stringify(set.rule) } : {}),
      })
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .returning(columns)
      .executeTakeFirst();
  },

  async delete(db: Db, creatorId: string, id: string): Promise<boolean> {
    const row = await db
      .deleteFrom('fan_lists')
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Adds those of `fanIds` who have a chat with the creator, in one INSERT ... SELECT from her chat
   * rows; fans already on the list stay as they were. Answers how many were added.
   */
  async addMembers(trx: Db, creatorId: string, listId: string, fanIds: string[], at: Date) {
    const result = await trx
      .insertInto('fan_list_members')
      .columns(['list_id', 'fan_id', 'added_at'])
      .expression(
        trx
          .selectFrom('chat_members as m')
          .select([
            sql<string>`${listId}::uuid`.as('list_id'),
            'm.other_user_id',
            sql<Date>`${at}::timestamptz`.as('at'),
          ])
          .where('m.user_id', '=', creatorId)
          .where('m.other_user_id', 'in', fanIds),
      )
      .onConflict((oc) => oc.columns(['list_id', 'fan_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  async removeMembers(trx: Db, listId: string, fanIds: string[]) {
    const result = await trx
      .deleteFrom('fan_list_members')
      .where('list_id', '=', listId)
      .where('fan_id', 'in', fanIds)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /**
   * How many chats of the creator's inbox (hidden ones aside, as on every tab) each list holds, in one
   * statement: one grouped join for all custom lists, and one count per smart list (each over her
   * chat rows with its rule), joined by UNION ALL.
   */
  async counts(db: Db, creatorId: string, lists: CountedList[]): Promise<Map<string, number>> {
    const counts = new Map(lists.map((l) => [l.id, 0]));
    const custom = lists.filter((l) => l.kind === 'custom').map((l) => l.id);
    const branches: Expression<unknown>[] = lists.flatMap((l) =>
      l.kind === 'smart' && l.condition
        ? [
            db
              .selectFrom('chat_members as m')
              .select([sql<string>`${l.id}::uuid`.as('id'), sql<number>`count(*)::int`.as('n')])
              .where('m.user_id', '=', creatorId)
              .where('m.hidden', '=', false)
              .where(l.condition),
          ]
        : [],
    );
    if (custom.length > 0)
      branches.unshift(
        db
          .selectFrom('fan_list_members as lm')
          .innerJoin('chat_members as m', (j) =>
            j.on('m.user_id', '=', creatorId).onRef('m.other_user_id', '=', 'lm.fan_id'),
          )
          .select([sql<string>`lm.list_id`.as('id'), sql<number>`count(*)::int`.as('n')])
          .where('lm.list_id', 'in', custom)
          .where('m.hidden', '=', false)
          .groupBy('lm.list_id'),
      );
    if (branches.length === 0) return counts;
    const { rows } = await sql<{ id: string; n: number }>`${sql.join(branches, sql` UNION ALL `)}`.execute(
      db,
    );
    for (const r of rows) counts.set(r.id, Number(r.n));
    return counts;
  },

  /**
   * Which of the lists `fanId` is on, hidden chat or not: a custom list's stored members, and the
   * smart lists whose rule holds for the fan's chat row. One statement.
   */
  async including(db: Db, creatorId: string, fanId: string, lists: CountedList[]): Promise<Set<string>> {
    const custom = lists.filter((l) => l.kind === 'custom').map((l) => l.id);
    const branches: Expression<unknown>[] = lists.flatMap((l) =>
      l.kind === 'smart' && l.condition
        ? [
            db
              .selectFrom('chat_members as m')
              .select(sql<string>`${l.id}::uuid`.as('id'))
              .where('m.user_id', '=', creatorId)
              .where('m.other_user_id', '=', fanId)
              .where(l.condition),
          ]
        : [],
    );
    if (custom.length > 0)
      branches.unshift(
        db
          .selectFrom('fan_list_members as lm')
          .select(sql<string>`lm.list_id`.as('id'))
          .where('lm.fan_id', '=', fanId)
          .where('lm.list_id', 'in', custom),
      );
    if (branches.length === 0) return new Set();
    const { rows } = await sql<{ id: string }>`${sql.join(branches, sql` UNION ALL `)}`.execute(db);
    return new Set(rows.map((r) => r.id));
  },

  /** The names of those of `ids` that are the creator's lists. */
  async names(db: Db, creatorId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('fan_lists')
      .select(['id', 'name'])
      .where('creator_id', '=', creatorId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
