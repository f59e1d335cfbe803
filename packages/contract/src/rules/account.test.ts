import { describe, expect, it } from 'vitest';
import { type AccountFacts, isModerationPending, maskEmail, mentionsExclusiveContent } from './account';

const fan: AccountFacts = {
  type: 'user',
  requires_moderation: false,
  id_verification_status: null,
  discover_status: 'hidden',
};
const creator: AccountFacts = { ...fan, type: 'featured', requires_moderation: true };

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

describe('mentionsExclusiveContent', () => {
  it.each([
    'DM me for exclusive content',
    'Exclusive   pics every day',
    'find me on OnlyFans',
    'my only fans link',
    'fansly too',
  ])('refuses %j', (bio) => expect(mentionsExclusiveContent(bio)).toBe(true));
  it.each(['Exclusively yours, chatting daily', 'Ask me anything', 'my fans are the best'])(
    'allows %j',
    (bio) => expect(mentionsExclusiveContent(bio)).toBe(false),
  );
});
