import type { Referral } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { referralRules } from './referralRules';
import {
  earnedText,
  initialReferralsState,
  loadMoreReferrals,
  loadReferrals,
  referralLink,
  referralNoticeCleared,
  referralsSlice,
} from './referralsSlice';

const reduce = referralsSlice.reducer;
const referral = (id: string, earned = 0, type: Referral['type'] = 'featured'): Referral => ({
  _id: id,
  username: `user${id}`,
  type,
  created_at: '2026-11-01T10:00:00.000Z',
  earned,
});
const commission = (amount: number, kind: 'creator' | 'fan') =>
  realtimeEvent({
    event: 'sale_commissions',
    data: { amount, from_user_id: 'u2', kind },
    me: 'me',
    receivedAt: 1,
  });

describe('referral link', () => {
  it('is the sign-up screen with the username as the code', () => {
    expect(referralLink('https://parlor.example', 'anna')).toBe(
      'https://parlor.example/login/signup?code=anna',
    );
    expect(referralLink('http://localhost:5173/', 'a b&c')).toBe(
      'http://localhost:5173/login/signup?code=a%20b%26c',
    );
  });

  it('says credits and dollars', () => {
    expect(earnedText(1)).toBe('1 credit ($0.10)');
    expect(earnedText(250)).toMatch(/^250 credits \(\$\d+\.\d\d\)$/);
  });

  it('tells of the fans’ package commission only where the account’s flag is on', () => {
    const creator = referralRules('featured', true).points.join(' ');
    expect(creator).toContain('5 %');
    expect(creator).toContain('12 months');
    expect(creator).toContain('10 %');
    expect(referralRules('featured', false).points.join(' ')).not.toContain('10 %');
    const fan = referralRules('user', false).points.join(' ');
    expect(fan).toContain('5 %');
    expect(fan).not.toContain('10 %');
    expect(referralRules('user', true).points.join(' ')).toContain('10 %');
  });
});

describe('referrals list', () => {
  it('the first page replaces the list; load more appends without repeats', () => {
    let s = reduce(
      initialReferralsState,
      loadReferrals.fulfilled({ data: [referral('1')], next: 'n1' }, 'r'),
    );
    expect(s).toMatchObject({ loaded: true, next: 'n1' });
    s = reduce(
      s,
      loadMoreReferrals.fulfilled({ data: [referral('1'), referral('2', 0, 'user')], next: null }, 'r', 'n1'),
    );
    expect(s.items.map((r) => r._id)).toEqual(['1', '2']);
    expect(s.next).toBeNull();
    s = reduce(s, loadReferrals.fulfilled({ data: [referral('3', 5)], next: null }, 'r'));
    expect(s.items.map((r) => r._id)).toEqual(['3']);
  });

  it('a paid commission asks for a re-read and says what was earned, until cleared', () => {
    let s = reduce(initialReferralsState, commission(12, 'creator'));
    expect(s.paid).toBe(1);
    expect(s.notice).toBe('You earned 12 credits ($1.20) from a referred creator.');
    s = reduce(s, commission(1, 'fan'));
    expect(s.paid).toBe(2);
    expect(s.notice).toContain('referred fan');
    s = reduce(s, referralNoticeCleared());
    expect(s.notice).toBeNull();
  });
});
