import type { User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import type { BannersState } from './bannersModel';
import { bannerDismissed, bannerShown, bannersSlice, selectVisibleBanners } from './bannersSlice';

const reduce = bannersSlice.reducer;
const empty: BannersState = { shown: [], dismissed: [] };
const user = (emailVerified: boolean) => ({ _id: 'u', email_verified: emailVerified }) as User;
/** A whole store's state with these banners and this signed-in user, for the selector. */
const root = (banners: BannersState, signedIn: User | null) => {
  const state = createStore().getState();
  return { ...state, banners, auth: { ...state.auth, user: signedIn } };
};

describe('banners', () => {
  it('shows Verify Your Email Address while the email is unverified', () => {
    expect(selectVisibleBanners(root(empty, user(false)))).toEqual(['VerifyEmailAddress']);
    expect(selectVisibleBanners(root(empty, user(true)))).toEqual([]);
    expect(selectVisibleBanners(root(empty, null))).toEqual([]);
  });

  it('adds shown banners once and hides dismissed ones', () => {
    let state = reduce(empty, bannerShown('BoostActive'));
    state = reduce(state, bannerShown('BoostActive'));
    expect(state.shown).toEqual(['BoostActive']);
    state = reduce(state, bannerDismissed('VerifyEmailAddress'));
    expect(selectVisibleBanners(root(state, user(false)))).toEqual(['BoostActive']);
  });
});
