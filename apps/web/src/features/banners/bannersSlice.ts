import type { User } from '@parlor/contract';
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { accountBanners } from '../account-states/accountBanners';

/** Part 1 §2 banner kinds. */
export const BANNER_KINDS = [
  'GetMoreChats',
  'PenaltyProfileVisibility',
  'BoostActive',
  'WarningInvisibleUploadPhoto',
  'WarningInvisibleFeaturedDisabled',
  'CompleteProfile',
  'StartFirstChat',
  'VerifyEmailAddress',
  'VerifyEmailAddressUsingCode',
  'BoostVisibility',
  // Not a spec kind: the reported warning of part 1 §7 (issue 6).
  'ReportedWarning',
] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

export interface BannersState {
  /** Banners turned on by an event or a screen (e.g. BoostActive after a boost). */
  shown: BannerKind[];
  /** Banners the user closed in this session. */
  dismissed: BannerKind[];
}

export const bannersSlice = createSlice({
  name: 'banners',
  initialState: { shown: [], dismissed: [] } as BannersState,
  reducers: {
    bannerShown(state, action: PayloadAction<BannerKind>) {
      if (!state.shown.includes(action.payload)) state.shown.push(action.payload);
      state.dismissed = state.dismissed.filter((kind) => kind !== action.payload);
    },
    bannerDismissed(state, action: PayloadAction<BannerKind>) {
      state.shown = state.shown.filter((kind) => kind !== action.payload);
      if (!state.dismissed.includes(action.payload)) state.dismissed.push(action.payload);
    },
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

type WithBanners = { banners: BannersState; auth: { user: User | null } };

export const selectVisibleBanners = createSelector(
  [(s: WithBanners) => s.banners, (s: WithBanners) => s.auth.user],
  (banners, user): BannerKind[] => {
    const all = new Set<BannerKind>([...bannersForUser(user), ...banners.shown]);
    return BANNER_KINDS.filter((kind) => all.has(kind) && !banners.dismissed.includes(kind));
  },
);
