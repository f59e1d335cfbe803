import type { Insertable, Kysely } from 'kysely';
import type { DB, MessagePurchasesTable } from '../../db/schema';

type Db = Kysely<DB>;

/** Paid messages: their purchases, and the self-destruct countdown buying or sending starts. */
export const purchasesRepository = {
  /** Which of these messages were bought. */
  async purchased(db: Db, messageIds: number[]): Promise<Set<number>> {
    if (messageIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('message_purchases')
      .select('message_id')
      .where('message_id', 'in', messageIds)
      .execute();
    return new Set(rows.map((r) => r.message_id));
  },

  /** The message locked until commit, so concurrent purchases of it queue up. */
  lockMessage(db: Db, id: number) {
    return db.selectFrom('messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async insert(db: Db, values: Insertable<MessagePurchasesTable>) {
    await db.insertInto('message_purchases').values(values).execute();
  },

  startCountdown(db: Db, messageId: number, destructAt: Date) {
    return db
      .updateTable('messages')
      .set({ destruct_at: destructAt })
      .where('id', '=', messageId)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** What a buyer bought, newest first, each with its message. */
  page(db: Db, buyerId: string, q: { state: 'all' | 'visible' | 'hidden'; limit: number; offset: number }) {
    return db
      .selectFrom('message_purchases as p')
      .innerJoin('messages as msg', 'msg.id', 'p.message_id')
      .selectAll('msg')
      .select(['p.hidden as purchase_hidden', 'p.created_at as bought_at', 'p.price as paid'])
      .where('p.buyer_id', '=', buyerId)
      .$if(q.state !== 'all', (qb) => qb.where('p.hidden', '=', q.state === 'hidden'))
      .orderBy('p.message_id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },

  /** Hides or shows the buyer's purchases of these messages; answers how many changed. */
  async setHidden(db: Db, buyerId: string, messageIds: number[], hidden: boolean): Promise<number> {
    const res = await db
      .updateTable('message_purchases')
      .set({ hidden })
      .where('buyer_id', '=', buyerId)
      .where('message_id', 'in', messageIds)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  async countSold(db: Db, sellerId: string): Promise<number> {
    const row = await db
      .selectFrom('message_purchases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Marks up to `limit` messages whose countdown has run out destructed; answers them. */
  destructDue(db: Db, now: Date, limit: number) {
    return db
      .updateTable('messages')
      .set({ destructed_at: now })
      .where(
        'id',
        'in',
        db
          .selectFrom('messages')
          .select('id')
          .where('destruct_at', '<=', now)
          .where('destructed_at', 'is', null)
          .limit(limit),
      )
      .returning(['id', 'chat_id', 'sender_id', 'recipient_id'])
      .execute();
  },
};
