import { type User, WELCOME_SPECIAL_CODE } from '@parlor/contract';

/**
 * A featured user is complete when no other user is given or the ids match; a regular user
 * who came with the special code needs a bought credit package. Any other regular user is complete.
 */
export function isProfileComplete(
  user: Pick<User, '_id' | 'type' | 'code_used' | 'profile_complete_config'>,
  other?: { _id: string } | null,
): boolean {
  if (user.type === 'featured') return !other || other._id === user._id;
  if (user.code_used === WELCOME_SPECIAL_CODE) return user.profile_complete_config.is_bought_credit_package;
  return true;
}
