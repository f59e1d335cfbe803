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

  /** The user's own payment, or undefined (another user's is not found either). */
  ownById(db: Db, userId: string, id: string) {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /** The payment a provider's event is about: by Parlor's id when echoed, else by the provider's payment id. */
  async forEvent(db: Db, provider: string, paymentId: string | null, providerPayment: string | null) {
    if (paymentId && isUuid(paymentId)) {
      const row = await db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', paymentId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      if (row) return row;
    }
    if (!providerPayment) return undefined;
    return db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_payment', '=', providerPayment)
      .executeTakeFirst();
  },

  /** Holds the payment row until commit: reversals of one payment run one at a time. */
  lock(db: Db, id: string) {
    return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** Moves a payment on from `from` only: a payment already settled is not settled again. */
  transition(
    db: Db,
    id: string,
    from: PaymentRow['status'] | PaymentRow['status'][],
    change: Updateable<PaymentsTable>,
  ) {
    return db
      .updateTable('payments')
      .set(change)
      .where('id', '=', id)
      .where('status', 'in', Array.isArray(from) ? from : [from])
      .returningAll()
      .executeTakeFirst();
  },

  async update(db: Db, id: string, change: Updateable<PaymentsTable>) {
    await db.updateTable('payments').set(change).where('id', '=', id).execute();
  },

  /**
   * After a first purchase the fan is a customer; a package also completes the profile set-up.
   * Answers the profile config when this purchase is the one that changed it (the first package).
   */
  async markCustomer(db: Db, userId: string, boughtPackage: boolean) {
    await db.updateTable('users').set({ is_customer: true }).where('id', '=', userId).execute();
    if (!boughtPackage) return undefined;
    return db
      .updateTable('users')
      .set({ is_bought_credit_package: true })
      .where('id', '=', userId)
      .where('is_bought_credit_package', '=', false)
      .returning(['is_affiliate_profile_visited', 'is_bought_credit_package'])
      .executeTakeFirst();
  },
};

/** The provider's customer of each user, and the webhook events already applied. */
export const providerRepository = {
  async customer(db: Db, userId: string, provider: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return row?.customer_id;
  },

  async saveCustomer(db: Db, userId: string, provider: string, customerId: string) {
    await db
      .insertInto('payment_customers')
      .values({ user_id: userId, provider, customer_id: customerId })
      .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
      .execute();
  },

  async eventSeen(db: Db, provider: string, eventId: string): Promise<boolean> {
    const row = await db
      .selectFrom('payment_events')
      .select('event_id')
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async recordEvent(db: Db, provider: string, eventId: string, type: string, paymentId: string | null) {
    await db
      .insertInto('payment_events')
      .values({ provider, event_id: eventId, type, payment_id: paymentId })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .execute();
  },
};

/** What a refund or chargeback reads and writes besides the ledger (docs/payments.md "Refunds"). */
export const reversalsRepository = {
  /** Locks the fan's row and reads the debt: reversals and purchases of one fan run one at a time. */
  async lockDebt(db: Db, userId: string): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select('credits_debt')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return row.credits_debt;
  },

  async addDebt(db: Db, userId: string, delta: number) {
    await db
      .updateTable('users')
      .set({ credits_debt: sql`credits_debt + ${delta}` })
      .where('id', '=', userId)
      .execute();
  },

  /**
   * What the fan spent on creators after the payment's credits landed (ledger rows after its
   * `payment:{id}` row, so clocks do not matter), oldest first, each with the creator's share of it
   * (the creator's earnings row under `{fan}:{key}`) and whether an earlier reversal already took it.
   */
  async spendsAfter(db: Db, fanId: string, paymentId: string) {
    const { rows } = await sql<{
      id: string;
      amount: number;
      creator_id: string;
      creator_share: number;
      reversed: boolean;
    }>`
      SELECT f.id::text AS id, -f.delta AS amount, c.user_id AS creator_id, c.delta AS creator_share,
        EXISTS (SELECT 1 FROM ledger_entries r WHERE r.user_id = c.user_id AND r.account = 'earnings'
          AND r.idempotency_key = 'reversal:' || f.id::text) AS reversed
      FROM ledger_entries f
      JOIN ledger_entries c ON c.user_id = f.counterparty_id AND c.account = 'earnings'
        AND c.idempotency_key = f.user_id::text || ':' || f.idempotency_key
      WHERE f.user_id = ${fanId} AND f.account = 'credits' AND f.delta < 0 AND f.id > (
        SELECT p.id FROM ledger_entries p WHERE p.user_id = ${fanId} AND p.account = 'credits'
          AND p.idempotency_key = ${`payment:${paymentId}`})
      ORDER BY f.id`.execute(db);
    return rows;
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

  /**
   * Reads is_customer fresh and holds the fan's row until commit. FOR NO KEY UPDATE, not FOR UPDATE:
   * it still queues the fan's own chat openings, but lets other statements that only reference the
   * fan (a message's sender key) go on, so one of the fan's sends already in flight does not wait
   * on this lock while holding the chat rows this transaction needs next.
   */
  async lockIsCustomer(db: Db, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select(['is_customer'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
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
