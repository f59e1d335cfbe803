import { BOOST_DURATION_HOURS, BOOST_PRICE_CREDITS, type BoostResponse, ERRORS } from '@parlor/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, DomainError, forbidden } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import { ledger } from '../ledger/service';
import { geoIp } from '../provider/service';
import { toUser } from '../users/dto';
import { lifecycleRepository } from './repository';

export const BOOST_ACTIVE_MESSAGE = 'Your profile boost is already active.';
export const CREATORS_ONLY_MESSAGE = 'Only creators can do this.';

/**
 * The country a request comes from: the trusted proxy's geo header (what GET /v1/geo_ip answers),
 * else the country the user set. Null when neither is known; an unknown country is never blocked.
 */
export function requestCountry(
  ctx: AppContext,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  viewer: Pick<UserRow, 'country'> | null,
): string | null {
  return geoIp(ctx, request.ip, request.headers).country ?? viewer?.country ?? null;
}

/**
 * 451 when the creator blocked the visitor's country. Only fans and visitors are refused: the
 * creator herself, other creators and admins are not the audience the block is about.
 */
export function assertAvailableIn(
  creator: { id: string; type: string; blocked_countries: string[] },
  viewer: Pick<UserRow, 'id' | 'type' | 'role'> | null,
  country: string | null,
) {
  if (creator.type !== 'featured' || !country) return;
  if (viewer && (viewer.id === creator.id || viewer.type === 'featured' || viewer.role === 'admin')) return;
  if (creator.blocked_countries.includes(country)) {
    throw new DomainError(451, 'not_in_country', ERRORS.notInCountry);
  }
}

function assertCreator(user: UserRow) {
  if (user.type !== 'featured') throw forbidden(CREATORS_ONLY_MESSAGE, 'not_a_creator');
}

export function blockedCountries(user: UserRow) {
  assertCreator(user);
  return { countries: user.blocked_countries };
}

export async function setBlockedCountries(ctx: AppContext, user: UserRow, countries: string[]) {
  assertCreator(user);
  assertNotFrozen(user);
  const row = await lifecycleRepository.setBlockedCountries(ctx.db, user.id, countries);
  return { countries: row.blocked_countries };
}

/**
 * A creator pays BOOST_PRICE_CREDITS from her credits (a ledger debit, reason 'boost') to rank first
 * in Discover for BOOST_DURATION_HOURS. Her row is locked first, so of two boosts at once the second
 * finds the first one active and is refused (409) without paying; a balance too low is 402.
 */
export async function boostProfile(ctx: AppContext, user: UserRow): Promise<BoostResponse> {
  assertCreator(user);
  assertNotFrozen(user);
  const now = ctx.clock.now();
  const { row, credits } = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lifecycleRepository.lockForBoost(trx, user.id);
    if (locked.boost_until && locked.boost_until > now) throw conflict(BOOST_ACTIVE_MESSAGE, 'boost_active');
    const until = new Date(now.getTime() + BOOST_DURATION_HOURS * 3_600_000);
    const posted = await ledger.debit(trx, {
      userId: user.id,
      account: 'credits',
      amount: BOOST_PRICE_CREDITS,
      reason: 'boost',
      idempotencyKey: `boost:${user.id}:${until.toISOString()}`,
    });
    return { row: await lifecycleRepository.setBoostUntil(trx, user.id, until), credits: posted.balance };
  });
  ctx.hub.publish(user.id, 'total_credits', { credits });
  ctx.hub.publish(user.id, 'user.update', toUser(row));
  return { boost_until: (row.boost_until as Date).toISOString(), credits };
}
