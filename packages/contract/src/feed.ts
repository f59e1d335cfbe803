import { z } from 'zod';
import { LIST_PAGE_SIZE } from './constants';
import { lazySchema } from './lazy';
import { ScheduleTime } from './lists';
import { CONTENT_PRICE_MAX_CREDITS, MessageMedia } from './messages';

/** The post types: a new avatar makes an `avatar` post; `featured` is text only. */
export const FeedPostType = lazySchema(() =>
  z.enum(['avatar', 'featured', 'image', 'video', 'imageOrVideo']),
);
export type FeedPostType = z.infer<typeof FeedPostType>;

export const FEED_TEXT_MAX_LENGTH = 2000;

/**
 * A post as the asking user may see it. A `locked` post carries only the blurred
 * preview of its media, as a paid message does before it is bought.
 */
export const FeedPost = lazySchema(() =>
  z.object({
    _id: z.string(),
    model: z.object({ _id: z.string(), username: z.string(), avatar: z.string().nullable() }),
    type: FeedPostType,
    text: z.string().nullable(),
    media: MessageMedia.nullable(),
    private_feed: z.boolean(),
    price: z.number().int(),
    is_paid: z.boolean(),
    locked: z.boolean(),
    pinned: z.boolean(),
    created_at: z.string(),
    /** `scheduled` until `publish_at`: only its owner sees it then. */
    status: z.enum(['published', 'scheduled']),
    publish_at: z.string().nullable(),
  }),
);
export type FeedPost = z.infer<typeof FeedPost>;

/** GET /v1/feed: my home feed, or with `model_id` one creator's posts. */
export const FeedQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    model_id: z.string().max(64).optional(),
    /** `scheduled`: my own posts still to appear, soonest first. */
    status: z.enum(['scheduled']).optional(),
  }),
);
export const FeedPage = lazySchema(() =>
  z.object({
    data: z.array(FeedPost),
    next: z.string().nullable(),
    /** With `model_id`: whether I subscribe to that creator. */
    is_subscribed: z.boolean().optional(),
  }),
);
export type FeedPage = z.infer<typeof FeedPage>;

const FeedText = lazySchema(() =>
  z
    .string()
    .max(FEED_TEXT_MAX_LENGTH, `Posts cannot exceed ${FEED_TEXT_MAX_LENGTH} characters`)
    .nullable()
    .optional(),
);

/** POST /v1/feed (creators): text and/or one of the creator's own photos or videos. */
export const CreateFeedRequest = lazySchema(() =>
  z.object({
    type: FeedPostType.optional(),
    text: FeedText,
    media_id: z.string().max(128).nullable().optional(),
    public_id: z.string().max(128).nullable().optional(),
    private_feed: z.boolean().default(false),
    price: z.number().int().min(0).max(CONTENT_PRICE_MAX_CREDITS).default(0),
    /** When it appears to others, in the future and at most 90 days ahead; absent: now. */
    publish_at: ScheduleTime.optional(),
  }),
);
export type CreateFeedRequest = z.input<typeof CreateFeedRequest>;

/** PATCH /v1/feed/{id} (owner): the changed values. */
export const UpdateFeedRequest = lazySchema(() =>
  z.object({
    text: FeedText,
    private_feed: z.boolean().optional(),
    pinned: z.boolean().optional(),
    /** A scheduled post's new time; null publishes it now. */
    publish_at: ScheduleTime.nullable().optional(),
  }),
);
export type UpdateFeedRequest = z.input<typeof UpdateFeedRequest>;

export const DeleteFeedResponse = lazySchema(() =>
  z.object({ _id: z.string(), is_deleted: z.literal(true) }),
);
export const BuyFeedResponse = lazySchema(() => z.object({ post: FeedPost, credits: z.number().int() }));
export type BuyFeedResponse = z.infer<typeof BuyFeedResponse>;

/** GET /v1/feed/purchases: the posts the caller unlocked, newest purchase first, 20 at a time. */
export const PostPurchasesQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const PostPurchase = lazySchema(() =>
  z.object({
    /** The post's id: one purchase per post and buyer. */
    _id: z.string(),
    post_id: z.string(),
    seller: z.object({ _id: z.string(), username: z.string() }),
    /** What the fan paid, in credits (the post's price then). */
    price: z.number().int(),
    price_in_dollars: z.string(),
    created_at: z.string(),
    /** The post as the fan sees it now; null once its creator deleted it (the purchase stays). */
    post: FeedPost.nullable(),
  }),
);
export type PostPurchase = z.infer<typeof PostPurchase>;
export const PostPurchasePage = lazySchema(() =>
  z.object({ data: z.array(PostPurchase), next: z.string().nullable() }),
);
export type PostPurchasePage = z.infer<typeof PostPurchasePage>;

/** Realtime: a creator I subscribe to (or follow) posted. */
export const NewFeedEvent = lazySchema(() => z.object({ feed_id: z.string(), model_id: z.string() }));
