import { describe, expect, it } from 'vitest';
import { isProfileComplete } from './profileComplete';

const fan = {
  _id: 'u1',
  type: 'user' as const,
  code_used: null as string | null,
  profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: false },
};
const creator = { ...fan, _id: 'c1', type: 'featured' as const };

describe('isProfileComplete', () => {
  it('counts a creator complete alone or with their own id', () => {
    expect(isProfileComplete(creator)).toBe(true);
    expect(isProfileComplete(creator, { _id: 'c1' })).toBe(true);
    expect(isProfileComplete(creator, { _id: 'someone' })).toBe(false);
  });
  it('needs a bought package from a regular user with the special code', () => {
    expect(isProfileComplete({ ...fan, code_used: 'tiger1' })).toBe(false);
    const bought = { is_affiliate_profile_visited: false, is_bought_credit_package: true };
    expect(isProfileComplete({ ...fan, code_used: 'tiger1', profile_complete_config: bought })).toBe(true);
    expect(isProfileComplete(fan)).toBe(true);
  });
});
