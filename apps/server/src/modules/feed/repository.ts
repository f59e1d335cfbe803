import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { DB, FeedPostsTable } from '../../db/schema';

type Db = Kysely<DB>;
export type FeedPostRow = Selectable<FeedPostsTable>;
/** A post with its owner and the viewer's access to it, as one page query answers it. */
export type FeedPostView = FeedPostRow & {
  username: string;
  avatar_url: string | null;
  subscribed: boolean;
  bought: boolean;
};

/**
 * Is `fan` subscribed to `creator` now: an active subscription, or a canceled one whose paid period
 * has not ended.
 */
const subscribedSql = (fan: string, creator: ReturnType<typeof sql.ref>, now: Date) => sql<boolean>`EXISTS (
  SELECT 1 FROM subscriptions s
  WHERE s.fan_id = ${fan} AND s.creator_id = ${creator}
    AND (s.status = 'active' OR s.current_period_end > ${now}))`;

/**
 * The creators whose posts make `viewer`'s home feed: those they subscribe to and those they
 * follow, as one sub-select (docs/feed.md).
 */
const audienceOf = (viewer: string, now: Date) => sql`(
  SELECT s.creator_id FROM subscriptions s
  WHERE s.fan_id = ${viewer} AND (s.status = 'active' OR s.current_period_end > ${now})
  UNION
  SELECT f.followee_id FROM follows f WHERE f.follower_id = ${viewer})`;

/**
 * Posts with their owner, and for the viewer whether they subscribe and bought: one query a page.
 * A scheduled post is its owner's alone until it appears.
 */
const viewOf = (db: Db, viewer: string, now: Date) =>
  db
    .selectFrom('feed_posts as p')
    .innerJoin('users as u', 'u.id', 'p.owner_id')
    .selectAll('p')
    .select(['u.username', 'u.avatar_url'])
    .select(subscribedSql(viewer, sql.ref('p.owner_id'), now).as('subscribed'))
    .select(
      sql<boolean>`EXISTS (SELECT 1 FROM feed_purchases b WHERE b.post_id = p.id AND b.buyer_id = ${viewer})`.as(
        'bought',
      ),
    )
    .where('p.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('p.scheduled', '=', false), eb('p.owner_id', '=', viewer)]));

export const feedRepository = {
  insert(db: Db, values: Insertable<FeedPostsTable>) {
    return db.insertInto('feed_posts').values(values).returning('id').executeTakeFirstOrThrow();
  },

  /** One live post as `viewer` may see it. */
  view(db: Db, viewer: string, id: number, now: Date): Promise<FeedPostView | undefined> {
    return viewOf(db, viewer, now).where('p.id', '=', id).executeTakeFirst();
  },

  /** The home feed: posts of the creators `viewer` subscribes to, newest to appear first. */
  home(db: Db, viewer: string, q: { limit: number; offset: number }, now: Date): Promise<FeedPostView[]> {
    return viewOf(db, viewer, now)
      .where(sql<boolean>`p.owner_id IN ${audienceOf(viewer, now)}`)
      .orderBy('p.appears_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },

  /** One creator's posts, pinned first, then newest to appear first (her scheduled ones on top for her). */
  byOwner(
    db: Db,
    viewer: string,
    ownerId: string,
    q: { limit: number; offset: number },
    now: Date,
  ): Promise<FeedPostView[]> {
    return viewOf(db, viewer, now)
      .where('p.owner_id', '=', ownerId)
      .orderBy('p.pinned', 'desc')
      .orderBy('p.appears_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },

  /** The owner's posts still to appear, soonest first (on feed_posts_scheduled_idx). */
  scheduled(
    db: Db,
    ownerId: string,
    q: { limit: number; offset: number },
    now: Date,
  ): Promise<FeedPostView[]> {
    return viewOf(db, ownerId, now)
      .where('p.owner_id', '=', ownerId)
      .where('p.scheduled', '=', true)
      .orderBy('p.appears_at')
      .orderBy('p.id')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },

  /**
   * The newest public (not subscriber-only) live posts of each of these creators, at most `perOwner`
   * each, as someone who neither subscribes nor bought sees them: one statement for a page of
   * discover cards, each creator's read on `feed_posts_by_owner_idx`.
   */
  async recentPublic(db: Db, ownerIds: string[], perOwner: number): Promise<FeedPostView[]> {
    if (ownerIds.length === 0) return [];
    const { rows } = await sql<FeedPostView>`
      SELECT p.*, u.username, u.avatar_url, false AS subscribed, false AS bought
      FROM unnest(${ownerIds}::uuid[]) AS o(id)
      JOIN users u ON u.id = o.id
      CROSS JOIN LATERAL (
        SELECT * FROM feed_posts
        WHERE owner_id = o.id AND deleted_at IS NULL AND NOT private_feed AND NOT scheduled
        ORDER BY appears_at DESC, id DESC
        LIMIT ${perOwner}
      ) p
      ORDER BY p.owner_id, p.appears_at DESC, p.id DESC`.execute(db);
    return rows;
  },

  async isSubscribed(db: Db, fan: string, creator: string, now: Date): Promise<boolean> {
    const row = await db
      .selectFrom('subscriptions as s')
      .select('s.id')
      .where('s.fan_id', '=', fan)
      .where('s.creator_id', '=', creator)
      .where((eb) => eb.or([eb('s.status', '=', 'active'), eb('s.current_period_end', '>', now)]))
      .executeTakeFirst();
    return row !== undefined;
  },

  /** A live creator a feed can be asked of. */
  liveCreator(db: Db, id: string) {
    return db
      .selectFrom('users')
      .select(['id', 'type'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('banned_at', 'is', null)
      .executeTakeFirst();
  },

  /** The owner's live post, locked until commit; undefined for anyone else's. */
  ownLiveForUpdate(db: Db, ownerId: string, id: number) {
    return db
      .selectFrom('feed_posts')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  },

  async update(db: Db, id: number, values: Updateable<FeedPostsTable>) {
    await db.updateTable('feed_posts').set(values).where('id', '=', id).execute();
  },

  /**
   * The live post others may see, share-locked so it cannot be deleted (or scheduled) while a
   * purchase of it commits.
   */
  liveForShare(db: Db, id: number) {
    return db
      .selectFrom('feed_posts')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('scheduled', '=', false)
      .forShare()
      .executeTakeFirst();
  },

  async bought(db: Db, postId: number, buyerId: string): Promise<boolean> {
    const row = await db
      .selectFrom('feed_purchases')
      .select('post_id')
      .where('post_id', '=', postId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * The posts `buyer` bought, newest purchase first, each with its owner and the buyer's access: one
   * query a page (on feed_purchases_by_buyer_idx). Deleted posts stay listed, as their purchases do.
   */
  postPurchases(db: Db, buyer: string, q: { limit: number; offset: number }, now: Date) {
    return db
      .selectFrom('feed_purchases as b')
      .innerJoin('feed_posts as p', 'p.id', 'b.post_id')
      .innerJoin('users as u', 'u.id', 'p.owner_id')
      .selectAll('p')
      .select(['u.username', 'u.avatar_url', 'b.price as paid', 'b.created_at as bought_at'])
      .select(subscribedSql(buyer, sql.ref('p.owner_id'), now).as('subscribed'))
      .select(sql<boolean>`true`.as('bought'))
      .where('b.buyer_id', '=', buyer)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.post_id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },

  async insertPurchase(
    db: Db,
    values: { post_id: number; buyer_id: string; seller_id: string; price: number; created_at: Date },
  ) {
    await db.insertInto('feed_purchases').values(values).execute();
  },

  /** Everyone who gets `new_feed` when `creatorId` posts: their subscribers now and their followers. */
  async audienceOfCreator(db: Db, creatorId: string, now: Date): Promise<string[]> {
    const rows = await db
      .selectFrom('subscriptions as s')
      .select('s.fan_id')
      .where('s.creator_id', '=', creatorId)
      .where((eb) => eb.or([eb('s.status', '=', 'active'), eb('s.current_period_end', '>', now)]))
      .union(
        db
          .selectFrom('follows as f')
          .select('f.follower_id as fan_id')
          .where('f.followee_id', '=', creatorId),
      )
      .execute();
    return rows.map((r) => r.fan_id);
  },

  /** Posts in `viewer`'s home feed since they last opened it, counted up to `cap`. */
  async unreadCount(db: Db, viewer: string, since: Date, cap: number, now: Date): Promise<number> {
    const row = await db
      .selectFrom(
        db
          .selectFrom('feed_posts as p')
          .select('p.id')
          .where('p.deleted_at', 'is', null)
          .where('p.scheduled', '=', false)
          .where('p.appears_at', '>', since)
          .where(sql<boolean>`p.owner_id IN ${audienceOf(viewer, now)}`)
          .limit(cap)
          .as('recent'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Makes the scheduled post appear now if it is still due at `at`; answers its owner, to one caller
   * only however often this runs (the post leaves `scheduled` in this statement).
   */
  publishDue(db: Db, id: number, at: Date, now: Date) {
    return db
      .updateTable('feed_posts')
      .set({ scheduled: false, appears_at: now })
      .where('id', '=', id)
      .where('scheduled', '=', true)
      .where('deleted_at', 'is', null)
      .where('appears_at', '=', at)
      .returning('owner_id')
      .executeTakeFirst();
  },

  async markOpened(db: Db, userId: string, now: Date) {
    await db.updateTable('users').set({ feed_opened_at: now }).where('id', '=', userId).execute();
  },
};
