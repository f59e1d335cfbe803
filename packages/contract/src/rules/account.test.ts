import { describe, expect, it } from 'vitest';
import {
  type AccountFacts,
  editDistance,
  emailSuggestion,
  isFreeMailAddress,
  isModerationPending,
  isProfileComplete,
  maskEmail,
} from './account';

const fan: AccountFacts = {
  _id: 'u1',
  type: 'user',
  onboarding_v2: true,
  code_used: null,
  affiliate: 'a1',
  profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: false },
  requires_moderation: false,
  id_verification_status: null,
  discover_status: 'hidden',
  force_discover: false,
};
const creator: AccountFacts = { ...fan, _id: 'c1', type: 'featured', requires_moderation: true };

describe('emailSuggestion', () => {
  it('suggests a well-known host one to three edits away', () => {
    expect(emailSuggestion('jo@gmial.com')).toBe('jo@gmail.com');
    expect(emailSuggestion('jo@gmail.co')).toBe('jo@gmail.com');
    expect(emailSuggestion('Jo.Smith@yaho.com')).toBe('Jo.Smith@yahoo.com');
    expect(emailSuggestion('jo@hotmial.con')).toBe('jo@hotmail.com');
    expect(emailSuggestion('jo@outlok.com')).toBe('jo@outlook.com');
    expect(emailSuggestion('jo@icoud.com')).toBe('jo@icloud.com');
  });

  it('stays quiet for an exact host, a far domain and a broken address', () => {
    expect(emailSuggestion('jo@gmail.com')).toBeUndefined();
    expect(emailSuggestion('jo@example.org')).toBeUndefined();
    expect(emailSuggestion('jo@university.edu')).toBeUndefined();
    expect(emailSuggestion('not-an-email')).toBeUndefined();
    expect(emailSuggestion('jo@')).toBeUndefined();
  });

  it('stops at distance three', () => {
    expect(editDistance('gxxxl.com', 'gmail.com')).toBe(3);
    expect(emailSuggestion('jo@gxxxl.com')).toBe('jo@gmail.com');
    expect(editDistance('gxxxx.com', 'gmail.com')).toBe(4);
    expect(emailSuggestion('jo@gxxxx.com')).toBeUndefined();
  });
});

describe('isFreeMailAddress', () => {
  it('flags Yahoo, Outlook, Hotmail and iCloud only', () => {
    for (const e of ['a@yahoo.com', 'a@outlook.fr', 'a@HOTMAIL.co.uk', 'a@icloud.com']) {
      expect(isFreeMailAddress(e)).toBe(true);
    }
    expect(isFreeMailAddress('a@gmail.com')).toBe(false);
    expect(isFreeMailAddress('a@myyahoo.com')).toBe(false);
    expect(isFreeMailAddress('nope')).toBe(false);
  });
});

describe('maskEmail', () => {
  it('shows 3 characters of a local part of 8 or more', () => {
    expect(maskEmail('johnsmith@gmail.com')).toBe('joh******@gmail.com');
    expect(maskEmail('abcdefgh@x.io')).toBe('abc*****@x.io');
  });
  it('shows 2 characters of 4 to 7', () => {
    expect(maskEmail('abcd@x.io')).toBe('ab**@x.io');
    expect(maskEmail('abcdefg@x.io')).toBe('ab*****@x.io');
  });
  it('shows 1 character of 2 to 3 and none of 1', () => {
    expect(maskEmail('ab@x.io')).toBe('a*@x.io');
    expect(maskEmail('abc@x.io')).toBe('a**@x.io');
    expect(maskEmail('a@x.io')).toBe('*@x.io');
  });
});

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

describe('isModerationPending', () => {
  it('is pending while moderation is required and the ID check is pending or absent', () => {
    expect(isModerationPending(creator)).toBe(true);
    expect(isModerationPending({ ...creator, id_verification_status: 'pending' })).toBe(true);
    expect(isModerationPending({ ...creator, id_verification_status: 'in_progress' })).toBe(false);
    expect(isModerationPending({ ...creator, requires_moderation: false })).toBe(false);
  });
  it('is pending when discover status is denied, and never for a fan', () => {
    expect(isModerationPending({ ...creator, requires_moderation: false, discover_status: 'denied' })).toBe(
      true,
    );
    expect(isModerationPending({ ...fan, requires_moderation: true })).toBe(false);
  });
});
