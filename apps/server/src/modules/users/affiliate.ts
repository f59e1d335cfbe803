import { ERRORS, type ProfileCompleteConfig } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { usersRepository } from './repository';
import { publicProfile } from './service';

/** GET /v1/users/me/affiliate: the public profile of the creator the account signed up through. */
export async function affiliateProfile(ctx: AppContext, caller: UserRow) {
  const affiliate = caller.affiliate_id
    ? await usersRepository.findById(ctx.db, caller.affiliate_id)
    : undefined;
  if (!affiliate) throw notFound(ERRORS.userNotFound, 'user_not_found');
  return publicProfile(ctx, affiliate.username, caller.id);
}

/**
 * The fan opened `creatorId`'s page or chat. Only her own affiliate counts, and only the first
 * time: that visit sets is_affiliate_profile_visited and tells every open tab (the
 * profile_complete_config event), which ends the welcome flag there. Answers the config as it is.
 */
export async function recordAffiliateVisit(
  ctx: AppContext,
  caller: UserRow,
  creatorId: string,
): Promise<ProfileCompleteConfig> {
  const config = {
    is_affiliate_profile_visited: caller.is_affiliate_profile_visited,
    is_bought_credit_package: caller.is_bought_credit_package,
  };
  if (caller.affiliate_id !== creatorId || caller.is_affiliate_profile_visited) return config;
  const set = await usersRepository.markAffiliateVisited(ctx.db, caller.id);
  if (!set) return { ...config, is_affiliate_profile_visited: true }; // a parallel visit set it first
  ctx.hub.publish(caller.id, 'profile_complete_config', set);
  return set;
}
