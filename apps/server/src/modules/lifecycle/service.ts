import {
  BOOST_DURATION_HOURS,
  BOOST_PRICE_CREDITS,
  type BoostPayFrom,
  type BoostResponse,
  ERRORS,
} from '@parlor/contract';
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
 * A creator pays BOOST_PRICE_CREDITS from her credits or from her earnings balance (one ledger
 * debit, reason 'boost', on the account she chose) to rank first in Discover for
 * BOOST_DURATION_HOURS. Her row is locked first, so of two boosts at once the second finds the first
 * one active and is refused (409) without paying; a balance too low is 402. Earnings too low say
 * ERRORS.balanceTooLow even at zero: "You have no credits" would be about the other balance.
 */
export async function boostProfile(
  ctx: AppContext,
  user: UserRow,
  payFrom: BoostPayFrom = 'credits',
): Promise<BoostResponse> {
  assertCreator(user);
  assertNotFrozen(user);
  const now = ctx.clock.now();
  const { row, credits, earnings } = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lifecycleRepository.lockForBoost(trx, user.id);
    if (locked.boost_until && locked.boost_until > now) throw conflict(BOOST_ACTIVE_MESSAGE, 'boost_active');
    const until = new Date(now.getTime() + BOOST_DURATION_HOURS * 3_600_000);
    const movement = {
      userId: user.id,
      account: payFrom,
      amount: BOOST_PRICE_CREDITS,
      reason: 'boost',
      idempotencyKey: `boost:${user.id}:${until.toISOString()}`,
    } as const;
    const posted = await ledger.debit(trx, movement).catch((error: unknown) => {
      if (payFrom === 'earnings' && error instanceof DomainError && error.code === 'balance_too_low')
        throw new DomainError(402, 'balance_too_low', ERRORS.balanceTooLow);
      throw error;
    });
    const balanceOf = (account: BoostPayFrom) =>
      account === payFrom ? posted.balance : ledger.balance(trx, user.id, account);
    return {
      row: await lifecycleRepository.setBoostUntil(trx, user.id, until),
      credits: await balanceOf('credits'),
      earnings: await balanceOf('earnings'),
    };
  });
  if (payFrom === 'credits') ctx.hub.publish(user.id, 'total_credits', { credits });
  ctx.hub.publish(user.id, 'user.update', toUser(row));
  return { boost_until: (row.boost_until as Date).toISOString(), credits, earnings };
}
