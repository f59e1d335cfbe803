import type { User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { userUpdated } from '../auth/authSlice';
import { bannerShown } from '../banners/bannersSlice';
import { pushPopup } from '../popups/popupsSlice';
import { accountBanners } from './accountBanners';
import { applyAccountEvent } from './accountEvents';

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
  created_at: '2024-01-01T00:00:00.000Z',
} satisfies User;

describe('applyAccountEvent', () => {
  it('applies a full user.update and ignores a malformed one', () => {
    const next = { ...user, email_verified: true };
    expect(applyAccountEvent({ user }, 'user.update', next)).toEqual([userUpdated(next)]);
    expect(applyAccountEvent({ user }, 'user.update', { _id: 'u1' })).toEqual([]);
  });

  it('opens the account-terminated popup with the reason on banned', () => {
    expect(applyAccountEvent({ user }, 'banned', { reason: 'Spam' })).toEqual([
      pushPopup({ id: 'account-terminated', kind: 'accountTerminated', props: { reason: 'Spam' } }),
    ]);
    const [action] = applyAccountEvent({ user }, 'banned', 'garbage');
    expect(action).toEqual(
      pushPopup({ id: 'account-terminated', kind: 'accountTerminated', props: { reason: null } }),
    );
  });

  it('records a scheduled deletion on the user', () => {
    const at = '2030-01-01T00:00:00.000Z';
    expect(
      applyAccountEvent({ user }, 'deletion-scheduled', { deleted_scheduled: true, delete_at: at }),
    ).toEqual([userUpdated({ ...user, deleted_scheduled: true, delete_at: at })]);
    expect(applyAccountEvent({ user: null }, 'deletion-scheduled', { deleted_scheduled: true })).toEqual([]);
  });

  it('shows the reported warning', () => {
    const actions = applyAccountEvent({ user }, 'warning_you_have_been_reported', {});
    expect(actions).toContainEqual(bannerShown('ReportedWarning'));
    expect(actions[0]).toMatchObject({
      payload: { settings: { core: { warning_you_have_been_reported: true } } },
    });
  });

  it.each(['model_approved', 'onboarding_approved_id', 'featured_enquiry_approved'] as const)(
    'opens the account-verified popup on %s',
    (name) => {
      expect(applyAccountEvent({ user }, name, {})).toEqual([
        pushPopup({ id: 'account-verified', kind: 'accountVerified', props: {} }),
      ]);
    },
  );
});

describe('accountBanners', () => {
  const creator: User = { ...user, type: 'featured' };
  it('asks a creator without a photo to upload one', () => {
    expect(accountBanners(creator)).toEqual(['WarningInvisibleUploadPhoto']);
  });
  it('warns an approved creator whose profile is hidden or invisible', () => {
    const withPhoto = { ...creator, avatar_url: '/a.png' };
    expect(accountBanners({ ...withPhoto, discover_status: 'featured' })).toEqual([]);
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
