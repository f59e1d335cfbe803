import {
  type Card,
  type DiscoverQuery,
  ERRORS,
  type FollowingPage,
  type FollowingQuery,
} from '@parlor/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PeriodicTask } from '../../jobs/scheduler';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';
import { fireInTransaction } from '../automessages/service';
import { isOnline, shownPresence } from '../chats/dto';
import type { FanRelationship } from './fans-repository';
import { discoverRepository } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /v1/users/discover: one page of creator cards (DESIGN §8.1), one statement. */
export async function discoverPage(
  ctx: AppContext,
  asker: UserRow,
  q: z.output<typeof DiscoverQuery>,
  geoCountry: string | null,
) {
  const now = ctx.clock.now();
  const genders = [...new Set((q.gender ?? []).map((g) => (g === 'trans' ? 'other' : g)))];
  const rows = await discoverRepository.page(ctx.db, {
    askerId: asker.id,
    genders,
    q: q.q || undefined,
    country: q.type === 'near' ? (asker.country ?? geoCountry) : undefined,
    codeUsed: q.code_used || undefined,
    now,
    viewerCountry: asker.type === 'user' && asker.role !== 'admin' ? (geoCountry ?? asker.country) : null,
    offset: q.offset,
    limit: q.limit,
  });
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
    punishment_alert: row.punishment_alert,
    final_punishment_alert: row.final_punishment_alert,
    // No coordinates are kept: `type=near` narrows to the asker's country (docs/discover.md).
    distance_km: null,
    // Posts are not built yet; a card carries the creator's public feed items once they are.
    profileFeed: [],
  }));
  let next: string | null = null;
  if (rows.length === q.limit) {
    const params = new URLSearchParams({ offset: String(q.offset + q.limit), limit: String(q.limit) });
    if (!q.featured) params.set('featured', 'false');
    if (q.q) params.set('q', q.q);
    if (q.type) params.set('type', q.type);
    if (q.gender?.length) params.set('gender', q.gender.join(','));
    if (q.code_used) params.set('code_used', q.code_used);
    next = `/v1/users/discover?${params}`;
  }
  return { data, next };
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
  // The follow and its new_follower automatic messages commit together (once per fan ever,
  // auto_message_triggers: following again after an unfollow fires nothing).
  const { firstFan, fired } = await ctx.db.transaction().execute(async (trx) => {
    const followed = await discoverRepository.follow(trx, asker.id, target.id, ctx.clock.now());
    const fires = followed.created && target.type === 'featured' && asker.type === 'user';
    return {
      ...followed,
      fired: fires
        ? await fireInTransaction(ctx, trx, {
            creatorId: target.id,
            fanId: asker.id,
            category: 'new_follower',
          })
        : false,
    };
  });
  if (fired) ctx.queue.wake();
  if (firstFan && target.type === 'featured') publishNewFan(ctx, target.id, asker, 'follower');
  return { is_followee: true };
}

/**
 * `new_fan` to a creator: sent after the write that first recorded this fan in `fans` (following,
 * subscribing or paying) has committed; a later, stronger relationship only upgrades the row.
 */
export function publishNewFan(
  ctx: AppContext,
  creatorId: string,
  fan: { id: string; username: string },
  relationship: FanRelationship,
) {
  ctx.hub.publish(creatorId, 'new_fan', { user_id: fan.id, username: fan.username, relationship });
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
    next:
      rows.length === q.limit
        ? `/v1/users/following?${new URLSearchParams({ offset: String(q.offset + q.limit), limit: String(q.limit) })}`
        : null,
  };
}

export const DISCOVER_RANK_JOB = 'discover.rank';

/** Recomputes every creator's Discover rank (docs/discover.md, "Rank"). */
export const discoverRankTask = (ctx: AppContext): PeriodicTask => ({
  name: DISCOVER_RANK_JOB,
  intervalMs: 10 * 60_000,
  run: (now) => discoverRepository.refreshRanks(ctx.db, now),
});
