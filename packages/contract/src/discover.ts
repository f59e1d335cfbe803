import { z } from 'zod';
import { Gender, Relationship, UserType } from './enums';
import { FeedPost } from './feed';
import { lazySchema } from './lazy';

/** How many creator cards one Discover page holds. */
export const DISCOVER_PAGE_SIZE = 20;
/** The longest `q` Discover searches with (a substring match over username, bio and tags). */
export const DISCOVER_QUERY_MAX = 64;
/** The most public feed items a card carries. */
export const CARD_FEED_ITEMS = 3;

/** A boolean in a query string: `true`/`false` (also `1`/`0`). */
const QueryBool = lazySchema(() =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
    .transform((v) => v === 'true' || v === '1'),
);

/** Gender filter values as the client sends them (`other` travels as `trans`). */
export const DiscoverGender = lazySchema(() => z.enum(['male', 'female', 'trans']));

/** GET /v1/users/discover. */
export const DiscoverQuery = lazySchema(() =>
  z.object({
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(DISCOVER_PAGE_SIZE).default(DISCOVER_PAGE_SIZE),
    code_used: z.string().trim().max(64).optional(),
    featured: QueryBool.default(true),
    q: z.string().trim().max(DISCOVER_QUERY_MAX).optional(),
    type: z.enum(['near']).optional(),
    gender: z
      .string()
      .max(40)
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .pipe(z.array(DiscoverGender).max(3))
      .optional(),
  }),
);
export type DiscoverQuery = z.input<typeof DiscoverQuery>;

export const Card = lazySchema(() =>
  z.object({
    _id: z.string(),
    type: z.literal('featured'),
    username: z.string(),
    avatar: z.string().nullable(),
    bio: z.string(),
    tags: z.array(z.string()),
    gender: Gender.nullable(),
    is_followee: z.boolean(),
    is_online: z.boolean(),
    last_online: z.string().nullable(),
    rank: z.number().int(),
    punishment_alert: z.boolean(),
    final_punishment_alert: z.boolean(),
    distance_km: z.number().nullable(),
    // The creator's newest public posts, as a fan who does not subscribe sees them.
    profileFeed: z.array(FeedPost).max(CARD_FEED_ITEMS),
  }),
);
export type Card = z.infer<typeof Card>;

/**
 * The discover warnings: what the asker should know about her own place in Discover. A creator's
 * penalty flags, and `not_listed` when her own card is not shown (not featured or forced, invisible,
 * frozen or leaving); a fan's are all false.
 */
export const DiscoverWarnings = lazySchema(() =>
  z.object({
    punishment_alert: z.boolean(),
    final_punishment_alert: z.boolean(),
    not_listed: z.boolean(),
  }),
);
export type DiscoverWarnings = z.infer<typeof DiscoverWarnings>;

export const DiscoverPage = lazySchema(() =>
  z.object({ data: z.array(Card), next: z.string().nullable(), warnings: DiscoverWarnings }),
);
export type DiscoverPage = z.infer<typeof DiscoverPage>;

/** POST /v1/users/following. */
export const FollowRequest = lazySchema(() =>
  z.object({ user_id: z.string({ error: 'user_id is required.' }).max(64) }),
);
/** DELETE /v1/users/following?user_id=. */
export const UnfollowQuery = FollowRequest;
export const FollowState = lazySchema(() => z.object({ is_followee: z.boolean() }));

/** GET /v1/users/following: whom I follow, most recent first. */
export const FollowingQuery = lazySchema(() =>
  z.object({
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(DISCOVER_PAGE_SIZE),
  }),
);
export const Followee = lazySchema(() =>
  z.object({
    _id: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    type: UserType,
    is_online: z.boolean(),
    last_online: z.string().nullable(),
    followed_at: z.string(),
  }),
);
export const FollowingPage = lazySchema(() =>
  z.object({ data: z.array(Followee), next: z.string().nullable() }),
);
export type FollowingPage = z.infer<typeof FollowingPage>;

/** `new_fan`: to the creator the first time a user follows, subscribes or pays them. */
export const NewFanEvent = lazySchema(() =>
  z.object({
    user_id: z.string(),
    username: z.string(),
    relationship: Relationship,
  }),
);
