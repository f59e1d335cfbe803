import { describe, expect, it } from 'vitest';
import { showsWelcome, WELCOME_SPECIAL_CODE, type WelcomeFacts } from './welcome';

const CREATOR = '0b0c8f5e-2f6e-4a55-9f3e-1c6b1d1f0a01';
const referred: WelcomeFacts = {
  type: 'user',
  onboarding_v2: true,
  code_used: 'mila',
  affiliate: CREATOR,
  profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: false },
};
const config = (c: Partial<WelcomeFacts['profile_complete_config']>) => ({
  ...referred,
  profile_complete_config: { ...referred.profile_complete_config, ...c },
});

describe('showsWelcome', () => {
  it('welcomes the creator a referred fan signed up through', () => {
    expect(showsWelcome(referred, CREATOR)).toBe(true);
  });
  it('only for a regular user: a creator referred by a creator is not welcomed', () => {
    expect(showsWelcome({ ...referred, type: 'featured' }, CREATOR)).toBe(false);
  });
  it('only with onboarding_v2', () => {
    expect(showsWelcome({ ...referred, onboarding_v2: false }, CREATOR)).toBe(false);
  });
  it('not for a fan who came with the special code', () => {
    expect(showsWelcome({ ...referred, code_used: WELCOME_SPECIAL_CODE }, CREATOR)).toBe(false);
    expect(showsWelcome({ ...referred, code_used: null }, CREATOR)).toBe(true);
  });
  it('ends with the visit to the affiliate', () => {
    expect(showsWelcome(config({ is_affiliate_profile_visited: true }), CREATOR)).toBe(false);
  });
  it('ends with a bought credit package', () => {
    expect(showsWelcome(config({ is_bought_credit_package: true }), CREATOR)).toBe(false);
  });
  it('only for the fan’s own affiliate', () => {
    expect(showsWelcome(referred, '5d7a3c2e-1111-4a55-9f3e-1c6b1d1f0a02')).toBe(false);
    expect(showsWelcome({ ...referred, affiliate: null }, CREATOR)).toBe(false);
    expect(showsWelcome(referred, null)).toBe(false);
  });
  it('nobody signed in is welcomed', () => {
    expect(showsWelcome(null, CREATOR)).toBe(false);
  });
});
