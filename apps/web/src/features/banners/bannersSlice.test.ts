import type { User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import {
  type BannersState,
  bannerDismissed,
  bannerShown,
  bannersSlice,
  selectVisibleBanners,
} from './bannersSlice';

const reduce = bannersSlice.reducer;
const empty: BannersState = { shown: [], dismissed: [] };
const user = (emailVerified: boolean) => ({ _id: 'u', email_verified: emailVerified }) as User;

describe('banners', () => {
  it('shows Verify Your Email Address while the email is unverified', () => {
    expect(selectVisibleBanners({ banners: empty, auth: { user: user(false) } })).toEqual([
      'VerifyEmailAddress',
    ]);
    expect(selectVisibleBanners({ banners: empty, auth: { user: user(true) } })).toEqual([]);
    expect(selectVisibleBanners({ banners: empty, auth: { user: null } })).toEqual([]);
  });

  it('adds shown banners once and hides dismissed ones', () => {
    let state = reduce(empty, bannerShown('BoostActive'));
    state = reduce(state, bannerShown('BoostActive'));
    expect(state.shown).toEqual(['BoostActive']);
    state = reduce(state, bannerDismissed('VerifyEmailAddress'));
    expect(selectVisibleBanners({ banners: state, auth: { user: user(false) } })).toEqual(['BoostActive']);
  });
});
