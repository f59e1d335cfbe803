import {
  type Card,
  type DiscoverQuery,
  type DiscoverWarnings,
  ERRORS,
  type FollowingPage,
  type FollowingQuery,
} from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import type { EventTransaction } from '../../events/bus';
import type { Actor, DomainEvents } from '../../events/types';
import type { PeriodicTask } from '../../jobs/scheduler';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import { GUEST_VIEWER_ID, isUuid } from '../../lib/users';
import { cardFeeds } from '../feed/service';
import { isOnline, shownPresence } from '../users/presence';
import { type FanRelationship, fansRepository } from './fans-repository';
import { discoverRepository } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * GET /v1/users/discover: one page of creator cards, one statement. A signed-out visitor (`asker`
 * null) gets the same list with public fields only: no moderation flags, nothing followed, and
 * feed items as a stranger sees them (a paid or private post's media only blurred).
 */
export async function discoverPage(
  ctx: AppContext,
  asker: UserRow | null,
  q: z.output<typeof DiscoverQuery>,
  geoCountry: string | null,
) {
  const now = ctx.clock.now();
  const genders = [...new Set((q.gender ?? []).map((g) => (g === 'trans' ? 'other' : g)))];
  const askerId = asker?.id ?? GUEST_VIEWER_ID;
  // Fans and visitors miss the creators who blocked their country; creators and admins see them.
  const seesEveryCountry = asker !== null && (asker.type === 'featured' || asker.role === 'admin');
  const rows = await discoverRepository.page(ctx.db, {
    askerId,
    genders,
    q: q.q || undefined,
    country: q.type === 'near' ? (asker?.country ?? geoCountry) : undefined,
    codeUsed: q.code_used || undefined,
    now,
    viewerCountry: seesEveryCountry ? null : (geoCountry ?? asker?.country ?? null),
    offset: q.offset,
    limit: q.limit,
  });
  const feeds = await cardFeeds(
    ctx,
    rows.map((row) => row.id),
    askerId,
  );
  const data: Card[] = rows.map((row) => ({
    _id: row.id,
    type: 'featured',
    username: row.username,
    avatar: row.avatar_url,
    bio: row.bio,
    tags: row.tags,
    gender: row.gender,
    is_followee: Boolean(row.is_followee),
    is_online: isOnline(row, now),
    last_online: iso(row.last_online),
    rank: row.rank,
    // Moderation's marks are for accounts of the platform, not for the open web.
    punishment_alert: asker ? row.punishment_alert : false,
    final_punishment_alert: asker ? row.final_punishment_alert : false,
    // No coordinates are kept: `type=near` narrows to the asker's country (docs/discover.md).
    distance_km: null,
    profileFeed: feeds.get(row.id) ?? [],
  }));
  const next = nextLink(
    '/v1/users/discover',
    {
      offset: q.offset,
      limit: q.limit,
      featured: q.featured ? undefined : 'false',
      q: q.q,
      type: q.type,
      gender: q.gender?.join(','),
      code_used: q.code_used,
    },
    rows.length === q.limit,
  );
  return { data, next, warnings: discoverWarnings(asker) };
}

/** The asker's own standing in Discover, by the same rule as the cards' (`visibleCreator`). */
function discoverWarnings(asker: UserRow | null): DiscoverWarnings {
  if (asker?.type !== 'featured')
    return { punishment_alert: false, final_punishment_alert: false, not_listed: false };
  const listed =
    (asker.discover_status === 'featured' || asker.force_discover) &&
    !asker.profile_invisible &&
    asker.frozen_at === null &&
    !asker.deleted_scheduled;
  return {
    punishment_alert: asker.punishment_alert,
    final_punishment_alert: asker.final_punishment_alert,
    not_listed: !listed,
  };
}

/** The account a follow or unfollow names: 404 when it does not exist (or is gone). */
async function followTarget(ctx: AppContext, asker: UserRow, userId: string) {
  if (userId === asker.id) throw badRequest('You cannot follow yourself.', 'follow_self', 'user_id');
  const target = isUuid(userId) ? await discoverRepository.target(ctx.db, asker.id, userId) : undefined;
  if (!target || target.banned_at || target.deleted_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
  return target;
}

/**
 * POST /v1/users/following: idempotent. Across a block it is refused with the spec's message. The
 * creator hears `new_fan` the first time this user becomes their fan, after the follow commits.
 */
export async function follow(ctx: AppContext, asker: UserRow, userId: string) {
  const target = await followTarget(ctx, asker, userId);
  if (target.blocked) throw forbidden(ERRORS.blocked, 'blocked');
  const at = ctx.clock.now();
  const follower = { id: asker.id, username: asker.username };
  await ctx.events.transaction(ctx.db, async (trx, tx) => {
    const { created, firstFan } = await discoverRepository.follow(trx, asker.id, target.id, at);
    await tx.publish('followed', {
      follower: { ...follower, type: asker.type },
      followee: { id: target.id, type: target.type },
      created,
      at,
    });
    if (firstFan && target.type === 'featured')
      await tx.publish('fan_gained', { creatorId: target.id, fan: follower, relationship: 'follower' });
  });
  return { is_followee: true };
}

/**
 * Inside a payment's transaction (a tip, a purchase, a subscription): the payer is recorded as the
 * creator's fan, and the first time ever `fan_gained` is published with it.
 */
export async function recordFan(
  trx: Kysely<DB>,
  tx: EventTransaction,
  f: { creatorId: string; fan: Actor; relationship: FanRelationship; at: Date },
) {
  const first = await fansRepository.record(trx, f.creatorId, [f.fan.id], f.relationship, f.at);
  if (first.length > 0)
    await tx.publish('fan_gained', { creatorId: f.creatorId, fan: f.fan, relationship: f.relationship });
}

/**
 * A paid send and a tip record their fan in the statement that stores them: the first time,
 * `fan_gained` follows.
 */
export function fanOfMessage(ctx: AppContext, e: DomainEvents['message_stored']) {
  if (e.newFan)
    ctx.events.committed('fan_gained', {
      creatorId: e.message.recipient_id,
      fan: e.sender,
      relationship: 'fan',
    });
}

export function fanOfTip(ctx: AppContext, e: DomainEvents['tip_sent']) {
  if (e.newFan)
    ctx.events.committed('fan_gained', { creatorId: e.creatorId, fan: e.fan, relationship: 'fan' });
}

/**
 * `new_fan` to a creator: sent after the write that first recorded this fan in `fans` (following,
 * subscribing or paying) has committed; a later, stronger relationship only upgrades the row.
 */
export function publishNewFan(ctx: AppContext, e: DomainEvents['fan_gained']) {
  ctx.hub.publish(e.creatorId, 'new_fan', {
    user_id: e.fan.id,
    username: e.fan.username,
    relationship: e.relationship,
  });
}

/** DELETE /v1/users/following?user_id=: idempotent; unfollowing is allowed across a block. */
export async function unfollow(ctx: AppContext, asker: UserRow, userId: string) {
  const target = await followTarget(ctx, asker, userId);
  await discoverRepository.unfollow(ctx.db, asker.id, target.id);
  return { is_followee: false };
}

/** GET /v1/users/following: whom I follow, most recent first. */
export async function following(
  ctx: AppContext,
  asker: UserRow,
  q: z.output<typeof FollowingQuery>,
): Promise<FollowingPage> {
  const now = ctx.clock.now();
  const rows = await discoverRepository.following(ctx.db, asker.id, q.offset, q.limit);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      username: row.username,
      avatar: row.avatar_url,
      type: row.type,
      ...shownPresence(row, now),
      followed_at: row.created_at.toISOString(),
    })),
    next: nextLink('/v1/users/following', { offset: q.offset, limit: q.limit }, rows.length === q.limit),
  };
}

export const DISCOVER_RANK_JOB = 'discover.rank';

/** Recomputes every creator's Discover rank (docs/discover.md, "Rank"). */
export const discoverRankTask = (ctx: AppContext): PeriodicTask => ({
  name: DISCOVER_RANK_JOB,
  intervalMs: 10 * 60_000,
  run: (now) => discoverRepository.refreshRanks(ctx.db, now),
});
