import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

// The own data export reads the account's history one page at a time (keyset paging on each
// table's key), so a creator with years of chats is never held in memory at once.

export const exportRepository = {
  /**
   * Starts an export unless one started within `cooldownMs`: answers null when it may go on, else
   * when the last one started. One statement, so two tabs cannot both start one.
   */
  async claimExport(db: Db, userId: string, now: Date, cooldownMs: number): Promise<Date | null> {
    const claimed = await db
      .updateTable('users')
      .set({ data_exported_at: now })
      .where('id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('data_exported_at', 'is', null),
          eb('data_exported_at', '<=', new Date(now.getTime() - cooldownMs)),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    if (claimed) return null;
    const row = await db
      .selectFrom('users')
      .select('data_exported_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.data_exported_at ?? now;
  },

  /** The account's chats after `afterChatId`, with the other member's name. */
  chatsPage(db: Db, userId: string, afterChatId: string | null, limit: number) {
    return db
      .selectFrom('chat_members as m')
      .innerJoin('users as o', 'o.id', 'm.other_user_id')
      .select(['m.chat_id', 'm.other_user_id', 'o.username as other_username'])
      .where('m.user_id', '=', userId)
      .$if(afterChatId !== null, (q) => q.where('m.chat_id', '>', afterChatId as string))
      .orderBy('m.chat_id')
      .limit(limit)
      .execute();
  },

  /** One chat's messages after `afterId`, oldest first (on messages_by_chat_idx). */
  messagesPage(db: Db, chatId: string, afterId: number, limit: number) {
    return db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Paid messages the account bought, after `afterMessageId`. */
  messagePurchasesPage(db: Db, userId: string, afterMessageId: number, limit: number) {
    return db
      .selectFrom('message_purchases as p')
      .innerJoin('users as s', 's.id', 'p.seller_id')
      .select(['p.message_id', 'p.chat_id', 'p.price', 'p.created_at', 's.username as seller'])
      .where('p.buyer_id', '=', userId)
      .where('p.message_id', '>', afterMessageId)
      .orderBy('p.message_id')
      .limit(limit)
      .execute();
  },

  /** Paid feed posts the account bought, after `afterPostId`. */
  postPurchasesPage(db: Db, userId: string, afterPostId: number, limit: number) {
    return db
      .selectFrom('feed_purchases as p')
      .innerJoin('users as s', 's.id', 'p.seller_id')
      .select(['p.post_id', 'p.price', 'p.created_at', 's.username as seller'])
      .where('p.buyer_id', '=', userId)
      .where('p.post_id', '>', afterPostId)
      .orderBy('p.post_id')
      .limit(limit)
      .execute();
  },

  /** The account's ledger (credits and earnings), after `afterId`; `reason` narrows it (tips). */
  ledgerPage(db: Db, userId: string, afterId: number, limit: number, reason?: 'tip') {
    return db
      .selectFrom('ledger_entries as l')
      .leftJoin('users as c', 'c.id', 'l.counterparty_id')
      .select([
        'l.id',
        'l.account',
        'l.delta',
        'l.balance_after',
        'l.reason',
        'l.created_at',
        'c.username as counterparty',
      ])
      .where('l.user_id', '=', userId)
      .where('l.id', '>', afterId)
      .$if(reason !== undefined, (q) => q.where('l.reason', '=', reason as 'tip'))
      .orderBy('l.id')
      .limit(limit)
      .execute();
  },

  /** Subscriptions the account holds as a fan or receives as a creator, after `afterId`. */
  subscriptionsPage(db: Db, userId: string, afterId: string | null, limit: number) {
    return db
      .selectFrom('subscriptions as s')
      .innerJoin('users as f', 'f.id', 's.fan_id')
      .innerJoin('users as c', 'c.id', 's.creator_id')
      .select([
        's.id',
        's.fan_id',
        'f.username as fan',
        'c.username as creator',
        's.status',
        's.price',
        's.started_at',
        's.current_period_end',
        's.canceled_at',
      ])
      .where((eb) => eb.or([eb('s.fan_id', '=', userId), eb('s.creator_id', '=', userId)]))
      .$if(afterId !== null, (q) => q.where('s.id', '>', afterId as string))
      .orderBy('s.id')
      .limit(limit)
      .execute();
  },

  /** Card and crypto payments, without any provider token or card fingerprint. */
  paymentsPage(db: Db, userId: string, afterId: string | null, limit: number) {
    return db
      .selectFrom('payments')
      .select([
        'id',
        'kind',
        'status',
        'purpose',
        'credits',
        'amount_cents',
        'currency',
        'card_brand',
        'card_last4',
        'created_at',
        'completed_at',
        'reversed_credits',
      ])
      .where('user_id', '=', userId)
      .$if(afterId !== null, (q) => q.where('id', '>', afterId as string))
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  payoutsPage(db: Db, userId: string, afterId: number, limit: number) {
    return db
      .selectFrom('payouts')
      .select(['id', 'amount', 'method', 'status', 'reason', 'created_at', 'completed_at'])
      .where('user_id', '=', userId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** The accounts this one follows. */
  followsPage(db: Db, userId: string, afterId: string | null, limit: number) {
    return db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.followee_id')
      .select(['f.followee_id', 'u.username', 'f.created_at'])
      .where('f.follower_id', '=', userId)
      .$if(afterId !== null, (q) => q.where('f.followee_id', '>', afterId as string))
      .orderBy('f.followee_id')
      .limit(limit)
      .execute();
  },
};
