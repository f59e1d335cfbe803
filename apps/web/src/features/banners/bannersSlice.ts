import type { User } from '@parlor/contract';
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyEvent, realtimeEvent } from '../../platform/realtimeEvent';
import type { RootState } from '../../platform/storeTypes';
import { accountBanners, type BannerFacts, emailBanner } from '../account-states/accountBanners';
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
export function bannersForUser(user: User | null, facts?: BannerFacts): BannerKind[] {
  if (!user) return [];
  const now = facts?.now ?? Date.now();
  const kinds: BannerKind[] = [];
  const email = emailBanner(user, now);
  if (email) kinds.push(email);
  kinds.push(...accountBanners(user, { now, inboxEmpty: facts?.inboxEmpty ?? false, path: facts?.path }));
  return kinds;
}

/** The inbox's unfiltered first page loaded and holds no chat (the StartFirstChat rule). */
const selectInboxEmpty = (s: RootState) =>
  s.inbox.list.status === 'Fetched' &&
  s.inbox.list.filter === 'all' &&
  !s.inbox.list.search &&
  s.inbox.list.ids.length === 0;

/** The banners to show at `now` on the screen at `path` (a boost's banner ends with the boost). */
export const selectVisibleBanners = createSelector(
  [
    (s: RootState) => s.banners,
    (s: RootState) => s.auth.user,
    selectInboxEmpty,
    (_s: RootState, now?: number) => now,
    (_s: RootState, _now?: number, path?: string) => path,
  ],
  (banners, user, inboxEmpty, now, path): BannerKind[] => {
    const all = new Set<BannerKind>([
      // The account's own banners (verify the email, boost, deletion) are its holder's: a team
      // seat could act on none of them.
      ...(user?.acting_member ? [] : bannersForUser(user, { now: now ?? Date.now(), inboxEmpty, path })),
      ...banners.shown,
    ]);
    // The active boost replaces the offer to buy one.
    if (all.has('BoostActive')) all.delete('BoostVisibility');
    return BANNER_KINDS.filter((kind) => all.has(kind) && !banners.dismissed.includes(kind));
  },
);
