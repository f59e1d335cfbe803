import { describe, expect, it } from 'vitest';
import { findKeyword, showIntro, textWarnings } from './textWarnings';

const keywords = {
  payment_keywords: ['paypal', 'cash app', 'gift card'],
  global_keywords: ['whatsapp', 'phone number'],
  greeting_keywords: ['hi', 'hello', 'good morning'],
  app_keywords: ['onlyfans', 'instagram'],
};

describe('keyword warnings (part 2 §5)', () => {
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

describe('intro display (part 1 §4)', () => {
  const chat = { intro_enabled: true, can_intro: true, intro_ended: false, is_intro: true };
  const creator = { type: 'featured' as const };
  const fan = { type: 'user' as const };

  it('shows for a fan opening a creator with intro on', () => {
    expect(showIntro(chat, creator, fan)).toBe(true);
  });
  it('hides once the intro ended', () => {
    expect(showIntro({ ...chat, intro_ended: true }, creator, fan)).toBe(false);
  });
  it('shows to others only while the chat is an unended intro', () => {
    expect(showIntro(chat, fan, creator)).toBe(true);
    expect(showIntro({ ...chat, is_intro: false }, fan, creator)).toBe(false);
    expect(showIntro(null, creator, fan)).toBe(false);
  });
});
