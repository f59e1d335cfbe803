// Broadcasts (docs/broadcasts.md): the broadcast rows, their fixed audience, the fan-out's batches,
// the stats and unsend.
import { type Expression, type Insertable, type Kysely, type SqlBool, sql } from 'kysely';
import type { BroadcastsTable, DB } from '../../db/schema';
import { type InboxFilter, inboxScope } from '../chats/inbox-repository';
import { PRESENCE_STALE_MS } from '../users/presence';

type Db = Kysely<DB>;

/**
 * Who a broadcast goes to: chosen chats (other users' ids), or a category (or a fan list) less
 * exceptions; `exclude` leaves out the fans on other lists (the lists module's condition on `m`).
 */
export type Audience = ({ ids: string[] } | { filter: InboxFilter; except: string[] }) & {
  exclude?: Expression<SqlBool> | undefined;
};

/** The creator's chats an audience names, less chats blocked either way and accounts gone. */
function audienceQuery(db: Db, creatorId: string, audience: Audience, now: Date, opts: AudienceOptions) {
  const chosen =
    'ids' in audience
      ? db
          .selectFrom('chat_members as m')
          .where('m.user_id', '=', creatorId)
          .where('m.other_user_id', 'in', audience.ids.length > 0 ? audience.ids : [creatorId])
      : inboxScope(db, creatorId, audience.filter, now).$if(audience.except.length > 0, (q) =>
          q.where('m.other_user_id', 'not in', audience.except),
        );
  const base = audience.exclude ? chosen.where(audience.exclude) : chosen;
  return base
    .innerJoin('chat_members as f', (j) =>
      j.onRef('f.user_id', '=', 'm.other_user_id').onRef('f.other_user_id', '=', 'm.user_id'),
    )
    .innerJoin('users as o', 'o.id', 'm.other_user_id')
    .where('m.blocked', '=', false)
    .where('f.blocked', '=', false)
    .where('m.other_is_system', '=', false)
    .where('o.banned_at', 'is', null)
    .where('o.deleted_at', 'is', null)
    .$if(opts.media, (q) => q.where('f.media_blocked', '=', false))
    .$if(opts.excludeBuyersOf !== null, (q) =>
      q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('message_purchases as p')
              .innerJoin('messages as pm', 'pm.id', 'p.message_id')
              .select(sql`1`.as('one'))
              .whereRef('p.buyer_id', '=', 'm.other_user_id')
              .where('p.seller_id', '=', creatorId)
              .where('pm.media_id', '=', opts.excludeBuyersOf as number),
          ),
        ),
      ),
    );
}

interface AudienceOptions {
  /** Media broadcasts skip fans who block media from the creator. */
  media: boolean;
  /** Skip fans who already bought this media from the creator. */
  excludeBuyersOf: number | null;
}

/** The creator's broadcasts with read, purchase and earning figures, counted over their copies. */
function statsQuery(db: Db, creatorId: string) {
  return db
    .selectFrom('broadcasts as b')
    .leftJoin('media as md', 'md.id', 'b.media_id')
    .selectAll('b')
    .select([
      'md.public_id as media_public_id',
      (eb) =>
        eb
          .selectFrom('messages as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.broadcast_id', '=', 'b.id')
          .whereRef('m.sender_id', '=', 'b.creator_id')
          .where('m.is_read', '=', true)
          .as('read'),
      (eb) =>
        eb
          .selectFrom('messages as m')
          .innerJoin('message_purchases as p', 'p.message_id', 'm.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.broadcast_id', '=', 'b.id')
          .whereRef('m.sender_id', '=', 'b.creator_id')
          .as('purchases'),
      // What the creator earned: the ledger's credit of each purchase (the price less the
      // platform's fee at the time), found by the purchase's key.
      (eb) =>
        eb
          .selectFrom('messages as m')
          .innerJoin('message_purchases as p', 'p.message_id', 'm.id')
          .innerJoin('ledger_entries as e', (j) =>
            j
              .onRef('e.user_id', '=', 'b.creator_id')
              .on('e.account', '=', 'earnings')
              .on('e.idempotency_key', '=', sql<string>`p.buyer_id::text || ':paid_message:' || m.id`),
          )
          .select(sql<number>`COALESCE(sum(e.delta), 0)::int`.as('s'))
          .whereRef('m.broadcast_id', '=', 'b.id')
          .whereRef('m.sender_id', '=', 'b.creator_id')
          .as('earned'),
    ])
    .where('b.creator_id', '=', creatorId);
}

export type BroadcastStatsRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof statsQuery>['executeTakeFirst']>>
>;

export const broadcastsRepository = {
  /** How many chats the audience reaches now. */
  async countAudience(db: Db, creatorId: string, audience: Audience, now: Date, opts: AudienceOptions) {
    const row = await audienceQuery(db, creatorId, audience, now, opts)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** The broadcast a send id started, if any. */
  findBySendId(db: Db, creatorId: string, clientSendId: string) {
    return db
      .selectFrom('broadcasts')
      .selectAll()
      .where('creator_id', '=', creatorId)
      .where('client_send_id', '=', clientSendId)
      .executeTakeFirst();
  },

  /** Adds a broadcast; undefined when one of the creator's is still sending or the send id is taken. */
  insert(trx: Db, row: Insertable<BroadcastsTable>) {
    return trx
      .insertInto('broadcasts')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * Fixes the audience: one numbered row per recipient, written by one INSERT ... SELECT. Answers
   * how many.
   */
  async fixAudience(
    trx: Db,
    broadcastId: number,
    creatorId: string,
    audience: Audience,
    now: Date,
    opts: AudienceOptions,
  ) {
    const chosen = audienceQuery(trx, creatorId, audience, now, opts).select([
      sql<number>`${broadcastId}::bigint`.as('broadcast_id'),
      // Fans online now first: the first batches reach everyone who is looking.
      sql<number>`row_number() OVER (ORDER BY (o.online AND o.last_online > ${new Date(now.getTime() - PRESENCE_STALE_MS)}) DESC, m.chat_id)`.as(
        'n',
      ),
      'm.other_user_id as recipient_id',
      'm.chat_id',
    ]);
    const result = await trx
      .insertInto('broadcast_recipients')
      .columns(['broadcast_id', 'n', 'recipient_id', 'chat_id'])
      .expression(chosen)
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  setTotal(trx: Db, id: number, total: number) {
    return trx.updateTable('broadcasts').set({ total }).where('id', '=', id).execute();
  },

  setBroadcasting(db: Db, userId: string, on: boolean) {
    return db.updateTable('users').set({ is_broadcasting: on }).where('id', '=', userId).execute();
  },

  byId(db: Db, id: number) {
    return db.selectFrom('broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Appends the copies of recipients [from, to) (migration 0021 `append_broadcast`): one statement,
   * atomic on its own. Answers the copies stored now (none for a batch that ran before).
   */
  async appendBatch(db: Db, id: number, from: number, to: number) {
    const { rows } = await sql<{
      recipient_id: string;
      chat_id: string;
      message_id: number;
      created_at: Date;
      recipient_unread: number;
      recipient_unread_all: number;
      recipient_unread_favorites: number;
    }>`SELECT * FROM append_broadcast(${id}, ${from}, ${to})`.execute(db);
    return rows;
  },

  /** Counts copies a step stored into the broadcast's figures; answers them and whether it still sends. */
  addSent(db: Db, id: number, count: number) {
    return db
      .updateTable('broadcasts')
      .set({ sent: sql`sent + ${count}` })
      .where('id', '=', id)
      .returning(['sent', 'total', 'status', 'created_at', 'send_at'])
      .executeTakeFirst();
  },

  /**
   * Marks the broadcast done with its copies counted exactly; answers it to one caller only, however
   * often this runs.
   */
  finish(db: Db, id: number, now: Date) {
    return db
      .updateTable('broadcasts')
      .set((eb) => ({
        status: 'done',
        finished_at: now,
        sent: eb
          .selectFrom('messages as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('m.broadcast_id', '=', id)
          .whereRef('m.sender_id', '=', 'broadcasts.creator_id'),
      }))
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .returningAll()
      .executeTakeFirst();
  },

  /** Those of `ids` online now: copies are pushed to them, the others read them when they come. */
  async onlineAmong(db: Db, ids: string[]) {
    if (ids.length === 0) return new Set<string>();
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids)
      .where('online', '=', true)
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  /** The creator's broadcasts, newest first, with their figures (one query). */
  page(db: Db, creatorId: string, limit: number, offset: number) {
    return statsQuery(db, creatorId).orderBy('b.id', 'desc').limit(limit).offset(offset).execute();
  },

  /** The creator's broadcasts still to start, soonest first (on broadcasts_scheduled_idx). */
  scheduledPage(db: Db, creatorId: string, limit: number, offset: number) {
    return statsQuery(db, creatorId)
      .where('b.status', '=', 'scheduled')
      .orderBy('b.send_at')
      .orderBy('b.id')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  /** One of the creator's broadcasts with its figures. */
  statsOf(db: Db, creatorId: string, id: number) {
    return statsQuery(db, creatorId).where('b.id', '=', id).executeTakeFirst();
  },

  /**
   * Marks the broadcast unsent and answers whether it was still sending. Its row is locked first: a
   * batch in flight commits before, and batches after it see it canceled and store nothing.
   */
  async cancel(trx: Db, creatorId: string, id: number, now: Date) {
    const before = await trx
      .selectFrom('broadcasts')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable('broadcasts')
      .set({ status: 'canceled', finished_at: sql`COALESCE(finished_at, ${now}::timestamptz)` })
      .where('id', '=', id)
      .execute();
    return { id, wasSending: before.status === 'sending' };
  },

  /**
   * Deletes every copy not bought. The copies are locked first, so a purchase in flight commits
   * before the next statement decides what was bought (a bought copy is never deleted).
   */
  async deleteUnbought(trx: Db, creatorId: string, id: number, now: Date) {
    await trx
      .selectFrom('messages')
      .select('id')
      .where('broadcast_id', '=', id)
      .where('sender_id', '=', creatorId)
      .forUpdate()
      .execute();
    const deleted = await trx
      .updateTable('messages as m')
      .set({ deleted_at: now })
      .where('m.broadcast_id', '=', id)
      .where('m.sender_id', '=', creatorId)
      .where('m.deleted_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('message_purchases as p').select('p.message_id').whereRef('p.message_id', '=', 'm.id'),
          ),
        ),
      )
      .returning(['m.id', 'm.chat_id', 'm.recipient_id'])
      .execute();
    const kept = await trx
      .selectFrom('messages as m')
      .innerJoin('message_purchases as p', 'p.message_id', 'm.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.broadcast_id', '=', id)
      .where('m.sender_id', '=', creatorId)
      .executeTakeFirst();
    return { deleted, kept: Number(kept?.n ?? 0) };
  },
};
