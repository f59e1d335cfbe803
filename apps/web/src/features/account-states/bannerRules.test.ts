import type { User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import type { BannersState } from '../banners/bannersModel';
import { bannersForUser, selectVisibleBanners } from '../banners/bannersSlice';
import { accountBanners, emailBanner } from './accountBanners';

// The banner rules of docs/banners-and-popups.md, as pure functions of the user and the clock.

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
const fan = {
  _id: 'f1',
  type: 'user',
  email_verified: true,
  created_at: new Date(NOW - 48 * HOUR).toISOString(),
  is_customer: true,
  credits: 40,
  code_used: null,
  profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: true },
  settings: {
    core: { warning_you_have_been_reported: false },
    profile: { invisible: false, intro_enabled: true },
    notifications: { marketing: true, notifications: true, payments: true, payouts: true },
  },
  deleted_scheduled: false,
  delete_at: null,
  show_skinscore_banner: false,
} as unknown as User;
const creator = {
  ...fan,
  _id: 'c1',
  type: 'featured',
  avatar_url: '/a.png',
  discover_status: 'featured',
  requires_moderation: false,
  id_verification_status: 'verified',
  force_discover: false,
  boost_until: null,
  punishment_alert: false,
} as unknown as User;
const facts = { now: NOW, inboxEmpty: false };

describe('banner rules', () => {
  it('BoostActive while boost_until is ahead, BoostVisibility otherwise', () => {
    const boosted = { ...creator, boost_until: new Date(NOW + HOUR).toISOString() };
    expect(accountBanners(boosted, facts)).toEqual(['BoostActive']);
    expect(accountBanners(boosted, { ...facts, now: NOW + 2 * HOUR })).toEqual(['BoostVisibility']);
    expect(accountBanners(creator, facts)).toEqual(['BoostVisibility']);
  });

  it('BoostActive stays while the profile is hidden; the offer to boost does not', () => {
    const hiddenBoosted = {
      ...creator,
      discover_status: 'hidden' as const,
      boost_until: new Date(NOW + HOUR).toISOString(),
    };
    expect(accountBanners(hiddenBoosted, facts)).toEqual(['WarningInvisibleFeaturedDisabled', 'BoostActive']);
  });

  it('PenaltyProfileVisibility for a penalised creator who is in Discover', () => {
    expect(accountBanners({ ...creator, punishment_alert: true }, facts)).toEqual([
      'PenaltyProfileVisibility',
      'BoostVisibility',
    ]);
  });

  it('GetMoreChats for a fan who bought before and has no credits left', () => {
    expect(accountBanners({ ...fan, credits: 0 }, facts)).toEqual(['GetMoreChats']);
    expect(accountBanners({ ...fan, credits: 0, is_customer: false }, facts)).toEqual([]);
    expect(accountBanners(fan, facts)).toEqual([]);
  });

  it('StartFirstChat for a fan whose inbox loaded empty; never for a creator', () => {
    expect(accountBanners(fan, { ...facts, inboxEmpty: true })).toEqual(['StartFirstChat']);
    expect(accountBanners(creator, { ...facts, inboxEmpty: true })).not.toContain('StartFirstChat');
  });

  it('DeletionScheduled while deletion is scheduled; Skinscore while show_skinscore_banner holds', () => {
    expect(accountBanners({ ...fan, deleted_scheduled: true }, facts)).toEqual(['DeletionScheduled']);
    expect(accountBanners({ ...fan, show_skinscore_banner: true }, facts)).toEqual(['Skinscore']);
  });

  it('VerifyEmailAddress on the first day, VerifyEmailAddressUsingCode after it', () => {
    const fresh = { email_verified: false, created_at: new Date(NOW - HOUR).toISOString() };
    expect(emailBanner(fresh, NOW)).toBe('VerifyEmailAddress');
    expect(emailBanner({ ...fresh, created_at: new Date(NOW - 30 * HOUR).toISOString() }, NOW)).toBe(
      'VerifyEmailAddressUsingCode',
    );
    expect(emailBanner({ ...fresh, email_verified: true }, NOW)).toBeNull();
    expect(bannersForUser({ ...fan, email_verified: false }, facts)).toEqual(['VerifyEmailAddressUsingCode']);
  });

  it('an active boost hides the offer even when BoostActive was shown by an event', () => {
    const state = createStore().getState();
    const banners: BannersState = { shown: ['BoostActive'], dismissed: [] };
    const root = { ...state, banners, auth: { ...state.auth, user: creator } };
    expect(selectVisibleBanners(root, NOW)).toEqual(['BoostActive']);
  });

  it('StartFirstChat follows the loaded, unfiltered, empty inbox', () => {
    const state = createStore().getState();
    const list = { ...state.inbox.list, status: 'Fetched' as const, ids: [] };
    const root = { ...state, inbox: { ...state.inbox, list }, auth: { ...state.auth, user: fan } };
    expect(selectVisibleBanners(root, NOW)).toEqual(['StartFirstChat']);
    const searching = { ...root, inbox: { ...root.inbox, list: { ...list, search: 'jo' } } };
    expect(selectVisibleBanners(searching, NOW)).toEqual([]);
  });

  it('asks a creator without two-factor sign-in to turn it on, on her earnings and payout screens only', () => {
    const unprotected = { ...creator, two_factor: { totp: false, passkeys: 0 } } as User;
    const at = (path: string, user: User = unprotected) => accountBanners(user, { ...facts, path });
    expect(at('/account/earnings/summary')).toContain('ProtectEarnings');
    expect(at('/account/settings/payouts')).toContain('ProtectEarnings');
    expect(at('/chats')).not.toContain('ProtectEarnings');
    expect(
      at('/account/earnings/summary', { ...unprotected, two_factor: { totp: true, passkeys: 0 } }),
    ).not.toContain('ProtectEarnings');
    expect(
      accountBanners({ ...fan, two_factor: { totp: false, passkeys: 0 } } as User, {
        ...facts,
        path: '/account/settings/payouts',
      }),
    ).not.toContain('ProtectEarnings');
  });
});
