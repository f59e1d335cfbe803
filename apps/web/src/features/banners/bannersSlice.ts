import type { User } from '@parlor/contract';
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyEvent, realtimeEvent } from '../../app/realtimeEvent';
import type { RootState } from '../../app/storeTypes';
import { accountBanners } from '../account-states/accountBanners';
import { accountBannerAppliers } from '../account-states/accountEvents';
import { BANNER_KINDS, type BannerKind, type BannersState, showBanner } from './bannersModel';

export const bannersSlice = createSlice({
  name: 'banners',
  initialState: { shown: [], dismissed: [] } as BannersState,
  reducers: {
    bannerShown(state, action: PayloadAction<BannerKind>) {
      showBanner(state, action.payload);
    },
    bannerDismissed(state, action: PayloadAction<BannerKind>) {
      state.shown = state.shown.filter((kind) => kind !== action.payload);
      if (!state.dismissed.includes(action.payload)) state.dismissed.push(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(realtimeEvent, (state, action) =>
      applyEvent(accountBannerAppliers, state, action.payload),
    );
  },
});

export const { bannerShown, bannerDismissed } = bannersSlice.actions;

/** Banners that follow from the account itself rather than from an event. */
export function bannersForUser(user: User | null): BannerKind[] {
  if (!user) return [];
  const kinds: BannerKind[] = [];
  if (!user.email_verified) kinds.push('VerifyEmailAddress');
  kinds.push(...accountBanners(user));
  return kinds;
}

export const selectVisibleBanners = createSelector(
  [(s: RootState) => s.banners, (s: RootState) => s.auth.user],
  (banners, user): BannerKind[] => {
    const all = new Set<BannerKind>([...bannersForUser(user), ...banners.shown]);
    return BANNER_KINDS.filter((kind) => all.has(kind) && !banners.dismissed.includes(kind));
  },
);
