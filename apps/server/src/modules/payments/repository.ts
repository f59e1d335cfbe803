import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { DB, PaymentsTable, SavedCardsTable } from '../../db/schema';
import { isUuid } from '../../lib/users';

type Db = Kysely<DB>;
export type PaymentRow = Selectable<PaymentsTable>;
export type SavedCardRow = Selectable<SavedCardsTable>;

export const paymentsRepository = {
  /** A new payment, waiting to be charged. Its idempotency key was claimed in the same transaction. */
  insertPending(db: Db, values: Omit<Insertable<PaymentsTable>, 'status'>) {
    return db
      .insertInto('payments')
      .values({ ...values, status: 'pending' })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Whether one of the user's payments of this kind was made with this key (an expired key's). */
  async keyUsed(db: Db, userId: string, kind: PaymentRow['kind'], idempotencyKey: string): Promise<boolean> {
    const row = await db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', idempotencyKey)
      .where('kind', '=', kind)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  byId(db: Db, id: string) {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Moves a payment on from `from` only: a payment already settled is not settled again. */
  transition(db: Db, id: string, from: PaymentRow['status'], change: Updateable<PaymentsTable>) {
    return db
      .updateTable('payments')
      .set(change)
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
  },

  async update(db: Db, id: string, change: Updateable<PaymentsTable>) {
    await db.updateTable('payments').set(change).where('id', '=', id).execute();
  },

  /** After a first purchase the fan is a customer; a package also completes the profile set-up. */
  async markCustomer(db: Db, userId: string, boughtPackage: boolean) {
    await db
      .updateTable('users')
      .set({ is_customer: true, ...(boughtPackage ? { is_bought_credit_package: true } : {}) })
      .where('id', '=', userId)
      .execute();
  },
};

export const cardsRepository = {
  listLive(db: Db, userId: string) {
    return db
      .selectFrom('saved_cards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  },

  findLive(db: Db, userId: string, id: string) {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return db
      .selectFrom('saved_cards')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Saves a card once per fan and number; saving it again answers the row already there. */
  async save(db: Db, card: Omit<SavedCardRow, 'id' | 'created_at' | 'deleted_at'>): Promise<SavedCardRow> {
    const inserted = await db
      .insertInto('saved_cards')
      .values(card)
      .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).where('deleted_at', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    return db
      .selectFrom('saved_cards')
      .selectAll()
      .where('user_id', '=', card.user_id)
      .where('fingerprint', '=', card.fingerprint)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
  },

  /** Locks the card row until commit: deleting it waits for, or excludes, a subscription starting on it. */
  async lock(db: Db, id: string) {
    await db.selectFrom('saved_cards').select('id').where('id', '=', id).forUpdate().execute();
  },

  /** Holds a live card until commit (shared): it cannot be deleted meanwhile. Throws when it is gone. */
  async holdLive(db: Db, id: string) {
    await db
      .selectFrom('saved_cards')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forShare()
      .executeTakeFirstOrThrow();
  },

  async paysActiveSubscription(db: Db, id: string): Promise<boolean> {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('card_id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return row !== undefined;
  },

  async softDelete(db: Db, id: string, now: Date) {
    await db.updateTable('saved_cards').set({ deleted_at: now }).where('id', '=', id).execute();
  },
};

/** What the free-chat rule reads: who the creator is, the fan's chats with creators, their purchases. */
export const freeChatsRepository = {
  userKind(db: Db, userId: string) {
    return db.selectFrom('users').select(['type', 'role']).where('id', '=', userId).executeTakeFirst();
  },

  async hasChat(db: Db, userId: string, otherUserId: string): Promise<boolean> {
    const row = await db
      .selectFrom('chat_members')
      .select('chat_id')
      .where('user_id', '=', userId)
      .where('other_user_id', '=', otherUserId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Reads is_customer fresh and holds the fan's row until commit. */
  async lockIsCustomer(db: Db, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select(['is_customer'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    return row?.is_customer === true;
  },

  /** Chats the fan has with creators (admins, who also answer as creators, not counted). */
  async chatsWithCreators(db: Db, fanId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM chat_members m JOIN users u ON u.id = m.other_user_id
      WHERE m.user_id = ${fanId} AND u.type = 'featured' AND u.role <> 'admin'`.execute(db);
    return rows[0]?.n ?? 0;
  },
};
