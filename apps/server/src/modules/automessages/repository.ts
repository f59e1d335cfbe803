import { type Kysely, type Selectable, sql } from 'kysely';
import { prepared } from '../../db/connection';
import type { AutoMessageCategoryName, AutoMessagesTable, DB } from '../../db/schema';

type Db = Kysely<DB>;
export type AutoMessageRow = Selectable<AutoMessagesTable>;

/** One message of a category as a PUT leaves it: `id` when it replaces an existing one. */
export interface AutoMessageValues {
  id?: string | undefined;
  type: 'text' | 'media';
  text: string | null;
  price: number;
  media_id: number | null;
  delay_seconds: number;
}

export const autoMessagesRepository = {
  /** The creator's messages of every category, each category in its order. */
  allOf(db: Db, creatorId: string): Promise<AutoMessageRow[]> {
    return db
      .selectFrom('auto_messages')
      .selectAll()
      .where('creator_id', '=', creatorId)
      .orderBy('category')
      .orderBy('position')
      .execute();
  },

  /** One category's messages in order. */
  categoryOf(db: Db, creatorId: string, category: AutoMessageCategoryName): Promise<AutoMessageRow[]> {
    return db
      .selectFrom('auto_messages')
      .selectAll()
      .where('creator_id', '=', creatorId)
      .where('category', '=', category)
      .orderBy('position')
      .execute();
  },

  /** The category's current ids, locked until commit so two PUTs of one category run one after the other. */
  async lockCategory(db: Db, creatorId: string, category: AutoMessageCategoryName): Promise<Set<string>> {
    // An empty category has no row to lock: a transaction lock on the pair keeps two PUTs apart.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`auto_messages:${creatorId}:${category}`}))`.execute(
      db,
    );
    const rows = await db
      .selectFrom('auto_messages')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where('category', '=', category)
      .forUpdate()
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  /**
   * Makes the category exactly `items`, in their order (inside the caller's transaction): rows not
   * among them are deleted, those named by id are rewritten, the others are inserted. Every
   * statement is limited to this creator's rows of this category.
   */
  async replaceCategory(
    db: Db,
    creatorId: string,
    category: AutoMessageCategoryName,
    items: readonly AutoMessageValues[],
  ): Promise<void> {
    const kept = items.flatMap((i) => (i.id ? [i.id] : []));
    await db
      .deleteFrom('auto_messages')
      .where('creator_id', '=', creatorId)
      .where('category', '=', category)
      .$if(kept.length > 0, (qb) => qb.where('id', 'not in', kept))
      .execute();
    for (const [position, item] of items.entries()) {
      const values = {
        position,
        type: item.type,
        text: item.text,
        price: item.price,
        media_id: item.media_id,
        delay_seconds: item.delay_seconds,
      };
      if (item.id)
        await db
          .updateTable('auto_messages')
          .set(values)
          .where('id', '=', item.id)
          .where('creator_id', '=', creatorId)
          .where('category', '=', category)
          .execute();
      else
        await db
          .insertInto('auto_messages')
          .values({ ...values, creator_id: creatorId, category })
          .execute();
    }
  },

  /** Creators who have at least one message in the category (the in-process cache of the send path). */
  async creatorsWith(db: Db, category: AutoMessageCategoryName): Promise<Set<string>> {
    const rows = await db
      .selectFrom('auto_messages')
      .select('creator_id')
      .distinct()
      .where('category', '=', category)
      .execute();
    return new Set(rows.map((r) => r.creator_id));
  },

  /**
   * Records that the trigger fired for this fan, when the creator has messages in the category and
   * it never fired for them before (the primary key decides). With `firstMessage`, only when the
   * fan sent nothing to the creator in that chat before it. Answers whether it fired now.
   */
  async fire(
    db: Db,
    t: {
      creatorId: string;
      fanId: string;
      category: AutoMessageCategoryName;
      at: Date;
      firstMessage?: { chatId: string; messageId: number };
    },
  ): Promise<boolean> {
    const first = t.firstMessage;
    // Prepared: every tip, purchase, subscription and first follow runs it in its transaction.
    const rows = await prepared(
      db,
      sql<{ creator_id: string }>`
      INSERT INTO auto_message_triggers (creator_id, fan_id, category, fired_at)
      SELECT ${t.creatorId}::uuid, ${t.fanId}::uuid, ${t.category}::text, ${t.at.toISOString()}::timestamptz
      WHERE EXISTS (SELECT 1 FROM auto_messages a
                    WHERE a.creator_id = ${t.creatorId}::uuid AND a.category = ${t.category}::text)
      ${
        first
          ? sql`AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = ${first.chatId}::uuid
                  AND m.sender_id = ${t.fanId}::uuid AND m.id < ${first.messageId} AND m.type <> 'tip')`
          : sql``
      }
      ON CONFLICT DO NOTHING
      RETURNING creator_id`,
    );
    return rows.length > 0;
  },

  async log(
    db: Db,
    row: {
      creatorId: string;
      fanId: string;
      category: AutoMessageCategoryName;
      autoMessageId: string;
      messageId: number;
      at: Date;
    },
  ): Promise<{ id: number } | undefined> {
    return db
      .insertInto('auto_message_log')
      .values({
        creator_id: row.creatorId,
        fan_id: row.fanId,
        category: row.category,
        auto_message_id: row.autoMessageId,
        message_id: row.messageId,
        sent_at: row.at,
      })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .returning('id')
      .executeTakeFirst();
  },

  /** The creator's log, newest first, with each fan's username. */
  logPage(db: Db, creatorId: string, q: { limit: number; offset: number }) {
    return db
      .selectFrom('auto_message_log as l')
      .innerJoin('users as u', 'u.id', 'l.fan_id')
      .select(['l.id', 'l.category', 'l.fan_id', 'u.username', 'l.message_id', 'l.sent_at'])
      .where('l.creator_id', '=', creatorId)
      .orderBy('l.sent_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },
};
