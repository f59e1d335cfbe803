import { describe, expect, it } from 'vitest';
import { findKeyword, showIntro, textWarnings } from './textWarnings';

const keywords = {
  payment_keywords: ['paypal', 'cash app', 'gift card'],
  global_keywords: ['whatsapp', 'phone number'],
  greeting_keywords: ['hi', 'hello', 'good morning'],
  app_keywords: ['onlyfans', 'instagram'],
};

describe('keyword warnings', () => {
  it('matches case-insensitively and ignores punctuation', () => {
    expect(findKeyword('Send it via PayPal!', keywords.payment_keywords)).toBe('paypal');
    expect(findKeyword('p.a.y.p.a.l works', keywords.payment_keywords)).toBe('paypal');
    expect(findKeyword('Cash-App? no: cash, app', keywords.payment_keywords)).toBe('cash app');
    expect(findKeyword('my Phone-Number is', keywords.global_keywords)).toBe('phone number');
    expect(findKeyword('my phone, number is', keywords.global_keywords)).toBe('phone number');
  });

  it('matches whole words only', () => {
    expect(findKeyword('this is nice', keywords.greeting_keywords)).toBeUndefined();
    expect(findKeyword('hi!', keywords.greeting_keywords)).toBe('hi');
  });

  it('finds each list and orders the warnings by seriousness', () => {
    expect(
      textWarnings('Add me on Instagram or WhatsApp, I take PayPal', keywords).map((w) => w.kind),
    ).toEqual(['payment', 'app', 'global']);
  });

  it('warns about website links with or without a scheme', () => {
    expect(textWarnings('see https://example.org/x', keywords)[0]).toEqual({
      kind: 'link',
      match: 'https://example.org/x',
    });
    expect(textWarnings('visit mysite.com today', keywords)[0]?.kind).toBe('link');
    expect(textWarnings('www.example.net', null)[0]?.kind).toBe('link');
    expect(textWarnings('that is fine.really', keywords)).toEqual([]);
  });

  it('only calls a short message a bare greeting', () => {
    expect(textWarnings('Hello!', keywords)).toEqual([{ kind: 'greeting', match: 'hello' }]);
    expect(textWarnings('Good morning :)', keywords)).toEqual([{ kind: 'greeting', match: 'good morning' }]);
    expect(textWarnings('hi, I loved your last photo set, where was it taken?', keywords)).toEqual([]);
  });

  it('says nothing about an empty box', () => {
    expect(textWarnings('   ', keywords)).toEqual([]);
  });
});

describe('intro display', () => {
  const chat = { intro_enabled: true, can_intro: true, intro_ended: false, is_intro: true };
  const creator = { type: 'featured' as const };
  const fan = { type: 'user' as const };

  it('shows for a fan with a creator who has intros on while the fan can intro', () => {
    expect(showIntro(chat, creator, fan)).toBe(true);
    // The first rule asks only these four things.
    expect(showIntro({ ...chat, intro_ended: true, is_intro: false }, creator, fan)).toBe(true);
  });

  it('hides once the fan can no longer intro and the intro ended', () => {
    const ended = { intro_enabled: true, can_intro: false, intro_ended: true, is_intro: false };
    expect(showIntro(ended, creator, fan)).toBe(false);
    expect(showIntro({ ...chat, intro_enabled: false, is_intro: false }, creator, fan)).toBe(false);
  });

  it('shows to the creator while the chat is an intro that has not ended', () => {
    const theirs = { intro_enabled: true, can_intro: false, intro_ended: false, is_intro: true };
    expect(showIntro(theirs, fan, creator)).toBe(true);
    expect(showIntro({ ...theirs, intro_ended: true }, fan, creator)).toBe(false);
    expect(showIntro({ ...theirs, is_intro: false }, fan, creator)).toBe(false);
  });

  it('needs a chat to know anything', () => {
    expect(showIntro(null, creator, fan)).toBe(false);
  });
});
