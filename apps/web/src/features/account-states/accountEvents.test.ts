import type { ServerEventName, User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { accountBanners } from './accountBanners';

const user = {
  _id: 'u1',
  username: 'jo',
  email: 'jo@example.com',
  type: 'user',
  role: 'user',
  gender: null,
  bio: '',
  avatar_url: null,
  last_online: null,
  id_verified: false,
  is_customer: false,
  onboarding_v2: true,
  new_fm_onboarding: false,
  email_verified: false,
  code_used: null,
  affiliate: null,
  profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: false },
  requires_moderation: false,
  id_verification_status: null,
  discover_status: 'hidden',
  force_discover: false,
  deleted_scheduled: false,
  delete_at: null,
  show_skinscore_banner: false,
  credits: 0,
  has_favorites: false,
  is_broadcasting: false,
  unread_feeds: 0,
  tags: [],
  settings: {
    core: { warning_you_have_been_reported: false },
    profile: { invisible: false, intro_enabled: true },
    notifications: { marketing: true, notifications: true, payments: true, payouts: true },
  },
  subscription_price: 50,
  created_at: '2024-01-01T00:00:00.000Z',
} satisfies User;

/** A signed-in store that takes one server event the way the realtime connection hands it over. */
function receive(name: ServerEventName, data: unknown, signedIn: User | null = user) {
  const store = createStore();
  if (signedIn) store.dispatch(userUpdated(signedIn));
  handleServerEvent(store, 'u1', name, data);
  return store.getState();
}

describe('account events', () => {
  it('applies a full user.update and ignores a malformed one', () => {
    const next = { ...user, email_verified: true };
    expect(receive('user.update', next).auth.user).toEqual(next);
    expect(receive('user.update', { _id: 'u1' }).auth.user).toEqual(user);
  });

  it('opens the account-terminated popup with the reason and appeal contact on banned', () => {
    const ban = { reason: 'Spam', contact: 'appeals@example.com' };
    expect(receive('banned', { reason: 'Spam', ban }).popups.stack).toEqual([
      { id: 'account-terminated', kind: 'accountTerminated', props: { ban } },
    ]);
    expect(receive('banned', { reason: 'Spam' }).popups.stack).toEqual([
      {
        id: 'account-terminated',
        kind: 'accountTerminated',
        props: { ban: { reason: 'Spam', contact: null } },
      },
    ]);
    expect(receive('banned', 'garbage').popups.stack).toEqual([
      {
        id: 'account-terminated',
        kind: 'accountTerminated',
        props: { ban: { reason: null, contact: null } },
      },
    ]);
  });

  it('records a scheduled deletion on the user', () => {
    const at = '2030-01-01T00:00:00.000Z';
    expect(receive('deletion-scheduled', { deleted_scheduled: true, delete_at: at }).auth.user).toEqual({
      ...user,
      deleted_scheduled: true,
      delete_at: at,
    });
    expect(receive('deletion-scheduled', { deleted_scheduled: true }, null).auth.user).toBeNull();
  });

  it('shows the reported warning', () => {
    const state = receive('warning_you_have_been_reported', {});
    expect(state.banners.shown).toContain('ReportedWarning');
    expect(state.auth.user).toMatchObject({ settings: { core: { warning_you_have_been_reported: true } } });
  });

  it.each(['model_approved', 'onboarding_approved_id', 'featured_enquiry_approved'] as const)(
    'opens the account-verified popup on %s',
    (name) => {
      expect(receive(name, {}).popups.stack).toEqual([
        { id: 'account-verified', kind: 'accountVerified', props: {} },
      ]);
    },
  );

  it('says an ID check or application was turned down, with the reason when there is one', () => {
    expect(receive('onboarding_rejected', { user_id: 'u1', reason: 'Blurry photo' }).popups.stack).toEqual([
      {
        id: 'onboarding-rejected',
        kind: 'basic',
        props: { title: 'Not approved', text: 'Your verification was not approved: Blurry photo' },
      },
    ]);
    expect(
      receive('onboarding_rejected', { user_id: 'u1', reason: null }).popups.stack[0]?.props,
    ).toMatchObject({
      text: 'Your verification was not approved. Account shows what you can do next.',
    });
  });
});

describe('accountBanners', () => {
  const creator: User = { ...user, type: 'featured' };
  it('asks a creator without a photo to upload one', () => {
    expect(accountBanners(creator)).toEqual(['WarningInvisibleUploadPhoto']);
  });
  it('warns an approved creator whose profile is hidden or invisible', () => {
    const withPhoto = { ...creator, avatar_url: '/a.png' };
    // Visible in Discover: no warning, only the offer to boost.
    expect(accountBanners({ ...withPhoto, discover_status: 'featured' })).toEqual(['BoostVisibility']);
    expect(accountBanners(withPhoto)).toEqual(['WarningInvisibleFeaturedDisabled']);
    const invisible = {
      ...withPhoto,
      discover_status: 'featured' as const,
      settings: { ...user.settings, profile: { invisible: true, intro_enabled: true } },
    };
    expect(accountBanners(invisible)).toEqual(['WarningInvisibleFeaturedDisabled']);
    // Waiting for moderation is not "disabled": no banner yet.
    expect(accountBanners({ ...withPhoto, requires_moderation: true })).toEqual([]);
  });
  it('asks a special-code fan to complete the profile, and shows the reported warning', () => {
    expect(accountBanners({ ...user, code_used: 'tiger1' })).toEqual(['CompleteProfile']);
    const reported = {
      ...user,
      settings: { ...user.settings, core: { warning_you_have_been_reported: true } },
    };
    expect(accountBanners(reported)).toEqual(['ReportedWarning']);
    expect(accountBanners(user)).toEqual([]);
  });
});
