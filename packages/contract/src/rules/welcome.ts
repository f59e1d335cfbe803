// The referred fan's welcome: the creator whose referral link she signed up through is welcomed
// for her (Discover, the creator's page) until she has been to that creator or bought credits.
import type { User } from '../users';

/** A sign-up code whose fans are not welcomed and count as complete only once they buy credits. */
export const WELCOME_SPECIAL_CODE = 'tiger1';

/** The fields of the User the welcome rule reads. */
export type WelcomeFacts = Pick<
  User,
  'type' | 'onboarding_v2' | 'code_used' | 'affiliate' | 'profile_complete_config'
>;

/**
 * The welcome flag for `creatorId`: shown only for a regular user with onboarding_v2, code_used
 * not the special code, no affiliate visit, no credit package bought, and whose first affiliate
 * is that creator.
 */
export function showsWelcome(
  user: WelcomeFacts | null | undefined,
  creatorId: string | null | undefined,
): boolean {
  if (!user || !creatorId) return false;
  return (
    user.type === 'user' &&
    user.onboarding_v2 &&
    user.code_used !== WELCOME_SPECIAL_CODE &&
    !user.profile_complete_config.is_affiliate_profile_visited &&
    !user.profile_complete_config.is_bought_credit_package &&
    user.affiliate === creatorId
  );
}
