import {
  type BuyFeedResponse,
  CARD_FEED_ITEMS,
  type CreateFeedRequest,
  creditsToDollars,
  ERRORS,
  type FeedPage,
  type FeedPost,
  type FeedPostType,
  type PostPurchasePage,
  SCHEDULE_MESSAGES,
  type UpdateFeedRequest,
} from '@parlor/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import { scheduleTime } from '../../lib/schedule';
import { assertNotFrozen, GUEST_VIEWER_ID, isUuid } from '../../lib/users';
import { buyPaidItem } from '../ledger/paid-item';
import { idempotentWithEvents } from '../ledger/service';
import { MEDIA_MESSAGES } from '../media/content';
import { signerFor } from '../media/signing';
import { type MediaRow, mediaByIds, ownLiveMedia, toMessageMedia } from '../media/views';
import { announcePost, enqueuePublish } from './publish';
import { type FeedPostView, feedRepository } from './repository';

type CreateInput = z.output<typeof CreateFeedRequest>;
type UpdateInput = z.output<typeof UpdateFeedRequest>;

/** `unread_feeds` counts up to this many; the badge shows "99+" beyond. */
export const UNREAD_FEEDS_CAP = 100;

const postNotFound = () => notFound(ERRORS.postNotFound, 'post_not_found');
const parseId = (id: string) => (/^\d{1,18}$/.test(id) ? Number(id) : null);

/**
 * May the viewer see the post's media in full? Its owner always; others need a subscription for a
 * private post and a purchase for a paid one, as a paid message needs.
 */
export function isUnlocked(post: FeedPostView, viewerId: string): boolean {
  if (post.owner_id === viewerId) return true;
  if (post.private_feed && !post.subscribed) return false;
  return post.price === 0 || post.bought;
}

/**
 * Posts as `viewerId` may see them, their media loaded in one query and signed for this viewer.
 * Every answer and event that carries a post goes through here, so a locked post never leaves with
 * a full-size URL: only its blurred preview (toMessageMedia, as for paid messages).
 */
export async function postsFor(ctx: AppContext, rows: FeedPostView[], viewerId: string): Promise<FeedPost[]> {
  const mediaIds = [...new Set(rows.flatMap((r) => (r.media_id === null ? [] : [r.media_id])))];
  const media = new Map((await mediaByIds(ctx.db, mediaIds)).map((m) => [m.id, m]));
  const sign = signerFor(ctx, viewerId);
  return rows.map((row) => {
    const unlocked = isUnlocked(row, viewerId);
    const m = row.media_id === null ? undefined : media.get(row.media_id);
    return {
      _id: String(row.id),
      model: { _id: row.owner_id, username: row.username, avatar: row.avatar_url },
      type: row.type,
      // A locked private post keeps its text for subscribers only; a paid public post shows its text.
      text: row.private_feed && !unlocked ? null : row.text,
      media: m ? toMessageMedia(m, sign, unlocked) : null,
      private_feed: row.private_feed,
      price: row.price,
      is_paid: row.owner_id === viewerId || row.price === 0 || row.bought,
      locked: !unlocked,
      pinned: row.pinned,
      // A post is dated when it appeared, so one that was scheduled is not dated as a draft.
      created_at: (row.scheduled ? row.created_at : row.appears_at).toISOString(),
      status: row.scheduled ? 'scheduled' : 'published',
      publish_at: row.scheduled ? row.appears_at.toISOString() : null,
    };
  });
}

async function postFor(ctx: AppContext, id: number, viewerId: string): Promise<FeedPost> {
  const row = await feedRepository.view(ctx.db, viewerId, id, ctx.clock.now());
  if (!row) throw postNotFound();
  const [post] = await postsFor(ctx, [row], viewerId);
  return post as FeedPost;
}

/** The post's type: the one asked for when it fits the media, else what the media is. */
function typeOf(asked: FeedPostType | undefined, media: MediaRow | undefined): FeedPostType {
  if (!media) {
    if (asked && asked !== 'featured')
      throw badRequest(MEDIA_MESSAGES.missingMedia, 'invalid_input', 'public_id');
    return 'featured';
  }
  if (asked === undefined) return media.kind;
  const fits =
    asked === 'imageOrVideo' ||
    asked === 'featured' ||
    asked === media.kind ||
    (asked === 'avatar' && media.kind === 'image');
  if (!fits) throw badRequest(MEDIA_MESSAGES.kindMismatch, 'invalid_input', 'type');
  return asked;
}

/**
 * POST /v1/feed: a creator publishes; their followers and subscribers get `new_feed` once it is
 * committed. With `publish_at` only she sees it until then, when the `feed.publish` job queued in
 * the same transaction makes it appear and announces it.
 */
export async function createPost(ctx: AppContext, user: UserRow, input: CreateInput): Promise<FeedPost> {
  assertNotFrozen(user);
  if (user.type !== 'featured') throw forbidden(ERRORS.feedCreatorsOnly, 'feed_creators_only');
  const now = ctx.clock.now();
  const publishAt = input.publish_at === undefined ? null : scheduleTime(now, input.publish_at, 'publish_at');
  const text = input.text?.trim() ? input.text.trim() : null;
  const wantsMedia = Boolean(input.public_id || input.media_id);
  const media = wantsMedia ? await ownLiveMedia(ctx.db, user.id, input) : undefined;
  if (wantsMedia && !media) throw notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
  if (input.price > 0 && !media) throw badRequest(MEDIA_MESSAGES.priceMediaOnly, 'price_media_only', 'price');
  if (!text && !media) throw badRequest(ERRORS.emptyPost, 'empty_post', 'text');
  const type = typeOf(input.type, media);

  // The post and its publish job commit together; a caller already in a transaction (the demo
  // seed) keeps them in its own.
  const inOne = <T>(work: (trx: typeof ctx.db) => Promise<T>) =>
    ctx.db.isTransaction ? work(ctx.db) : ctx.db.transaction().execute(work);
  const id = await inOne(async (trx) => {
    const row = await feedRepository.insert(trx, {
      owner_id: user.id,
      type,
      text,
      media_id: media?.id ?? null,
      private_feed: input.private_feed,
      price: input.price,
      created_at: now,
      appears_at: publishAt ?? now,
      scheduled: publishAt !== null,
    });
    if (publishAt) await enqueuePublish(ctx, trx, row.id, publishAt);
    return row.id;
  });
  if (publishAt) ctx.queue.wake();
  else await announcePost(ctx, user.id, id);
  return postFor(ctx, id, user.id);
}

/** A creator's new profile photo, posted for followers and subscribers to see. */
export function postAvatar(ctx: AppContext, user: UserRow, publicId: string): Promise<FeedPost> {
  return createPost(ctx, user, { type: 'avatar', public_id: publicId, private_feed: false, price: 0 });
}

/**
 * PATCH /v1/feed/{id}: the owner changes text, privacy or pinning, and a scheduled post's time
 * (`publish_at: null` publishes it now); anyone else finds nothing. A new time queues its own
 * publish job: the old time's job finds the time changed and does nothing.
 */
export async function updatePost(ctx: AppContext, user: UserRow, idParam: string, input: UpdateInput) {
  const id = parseId(idParam);
  if (id === null) throw postNotFound();
  const now = ctx.clock.now();
  // undefined: the time stays; null: publish now; else the new time.
  const publishAt =
    typeof input.publish_at === 'string'
      ? scheduleTime(now, input.publish_at, 'publish_at')
      : input.publish_at;
  const publishedNow = await ctx.db.transaction().execute(async (trx) => {
    const row = await feedRepository.ownLiveForUpdate(trx, user.id, id);
    if (!row) throw postNotFound();
    const text = input.text === undefined ? row.text : input.text?.trim() ? input.text.trim() : null;
    if (!text && row.media_id === null) throw badRequest(ERRORS.emptyPost, 'empty_post', 'text');
    // Publishing what is published changes nothing; giving it a time would take it from its readers.
    const publishNow = publishAt === null && row.scheduled;
    if (publishAt && !row.scheduled)
      throw conflict(SCHEDULE_MESSAGES.published, 'post_published', 'publish_at');
    const moved = publishAt && publishAt.getTime() !== row.appears_at.getTime() ? publishAt : undefined;
    await feedRepository.update(trx, id, {
      text,
      ...(input.private_feed === undefined ? {} : { private_feed: input.private_feed }),
      ...(input.pinned === undefined ? {} : { pinned: input.pinned }),
      ...(publishNow ? { scheduled: false, appears_at: now } : {}),
      ...(moved ? { appears_at: moved } : {}),
    });
    if (moved) await enqueuePublish(ctx, trx, id, moved);
    return publishNow;
  });
  if (publishedNow) await announcePost(ctx, user.id, id);
  else if (publishAt) ctx.queue.wake();
  return postFor(ctx, id, user.id);
}

/** DELETE /v1/feed/{id}: the owner removes the post; purchases of it stay in the ledger. */
export async function deletePost(ctx: AppContext, user: UserRow, idParam: string) {
  const id = parseId(idParam);
  if (id === null) throw postNotFound();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await feedRepository.ownLiveForUpdate(trx, user.id, id);
    if (!row) throw postNotFound();
    await feedRepository.update(trx, id, { deleted_at: ctx.clock.now() });
  });
  return { _id: String(id), is_deleted: true as const };
}

/**
 * GET /v1/feed: the home feed (creators I subscribe to), or with `model_id` one creator's posts
 * with `is_subscribed`. Opening the home feed's first page resets `unread_feeds`.
 */
export async function listFeed(
  ctx: AppContext,
  user: UserRow | null,
  q: { limit: number; offset: number; model_id?: string | undefined; status?: 'scheduled' | undefined },
): Promise<FeedPage> {
  // A visitor reads one creator's page; the home feed and one's scheduled posts are an account's own.
  if (!user && (q.model_id === undefined || q.status === 'scheduled')) throw unauthorized();
  const viewerId = user?.id ?? GUEST_VIEWER_ID;
  const now = ctx.clock.now();
  const page = { limit: q.limit + 1, offset: q.offset };
  let rows: FeedPostView[];
  let isSubscribed: boolean | undefined;
  if (q.status === 'scheduled') {
    rows = await feedRepository.scheduled(ctx.db, viewerId, page, now);
  } else if (q.model_id !== undefined) {
    if (!isUuid(q.model_id)) throw notFound(ERRORS.userNotFound, 'user_not_found');
    const model = await feedRepository.liveCreator(ctx.db, q.model_id);
    if (!model) throw notFound(ERRORS.userNotFound, 'user_not_found');
    rows = await feedRepository.byOwner(ctx.db, viewerId, model.id, page, now);
    isSubscribed = user ? await feedRepository.isSubscribed(ctx.db, user.id, model.id, now) : false;
  } else {
    rows = await feedRepository.home(ctx.db, viewerId, page, now);
    if (q.offset === 0) await feedRepository.markOpened(ctx.db, viewerId, now);
  }
  const more = rows.length > q.limit;
  const data = await postsFor(ctx, rows.slice(0, q.limit), viewerId);
  return {
    data,
    next: nextLink(
      '/v1/feed',
      { limit: q.limit, offset: q.offset, model_id: q.model_id, status: q.status },
      more,
    ),
    ...(isSubscribed === undefined ? {} : { is_subscribed: isSubscribed }),
  };
}

/** `users/me.unread_feeds`: home-feed posts since the user last opened it. */
export function unreadFeeds(ctx: AppContext, user: UserRow): Promise<number> {
  return feedRepository.unreadCount(ctx.db, user.id, user.feed_opened_at, UNREAD_FEEDS_CAP, ctx.clock.now());
}

/**
 * PATCH /v1/feed/{id}/buy, as buying a paid message (messages/purchases.ts): the ledger key names the
 * post, so the buyer is charged once however many buys arrive together; every later one gets 409.
 * The post is share-locked, so buyers of one post do not queue behind each other.
 */
export async function buyPost(ctx: AppContext, user: UserRow, idParam: string): Promise<BuyFeedResponse> {
  assertNotFrozen(user);
  const id = parseId(idParam);
  if (id === null) throw postNotFound();
  const now = ctx.clock.now();
  const credits = await idempotentWithEvents(ctx.events, ctx.db, async (trx, tx) => {
    const row = await feedRepository.liveForShare(trx, id);
    if (!row) throw postNotFound();
    if (row.owner_id === user.id) throw badRequest('You can not buy your own post.', 'own_post');
    if (row.price === 0 || (await feedRepository.bought(trx, id, user.id)))
      throw conflict(ERRORS.alreadyPurchased, 'already_purchased');
    if (row.private_feed && !(await feedRepository.isSubscribed(trx, user.id, row.owner_id, now)))
      throw forbidden(ERRORS.subscribeToSeePost, 'subscription_required');
    const item = {
      item: 'post',
      id: row.id,
      sellerId: row.owner_id,
      price: row.price,
      reference: String(row.id),
    } as const;
    return buyPaidItem(trx, tx, user, item, now, () =>
      feedRepository.insertPurchase(trx, {
        post_id: row.id,
        buyer_id: user.id,
        seller_id: row.owner_id,
        price: row.price,
        created_at: now,
      }),
    );
  });
  const post = await postFor(ctx, id, user.id);
  ctx.hub.publish(user.id, 'total_credits', { credits });
  return { post, credits };
}

/**
 * GET /v1/feed/purchases: the posts the caller unlocked, for the Purchases screen beside the paid
 * messages. One query a page for the purchases with their posts, one for all their media.
 */
export async function listPostPurchases(
  ctx: AppContext,
  user: UserRow,
  q: { limit: number; offset: number },
): Promise<PostPurchasePage> {
  const rows = await feedRepository.postPurchases(
    ctx.db,
    user.id,
    { ...q, limit: q.limit + 1 },
    ctx.clock.now(),
  );
  const page = rows.slice(0, q.limit);
  const live = page.filter((r) => r.deleted_at === null);
  const posts = new Map((await postsFor(ctx, live, user.id)).map((p) => [p._id, p]));
  return {
    data: page.map((r) => ({
      _id: String(r.id),
      post_id: String(r.id),
      seller: { _id: r.owner_id, username: r.username },
      price: r.paid,
      price_in_dollars: creditsToDollars(r.paid),
      created_at: r.bought_at.toISOString(),
      post: posts.get(String(r.id)) ?? null,
    })),
    next: nextLink('/v1/feed/purchases', { limit: q.limit, offset: q.offset }, rows.length > q.limit),
  };
}

/**
 * The posts each of these creators' discover card shows: their newest public posts, at most
 * CARD_FEED_ITEMS, as a fan who does not subscribe sees them (a paid one locked, its media without
 * URLs but the blurred preview).
 */
export async function cardFeeds(
  ctx: AppContext,
  creatorIds: string[],
  viewerId: string,
): Promise<Map<string, FeedPost[]>> {
  const rows = await feedRepository.recentPublic(ctx.db, creatorIds, CARD_FEED_ITEMS);
  const feeds = new Map<string, FeedPost[]>();
  for (const post of await postsFor(ctx, rows, viewerId)) {
    const feed = feeds.get(post.model._id);
    if (feed) feed.push(post);
    else feeds.set(post.model._id, [post]);
  }
  return feeds;
}
