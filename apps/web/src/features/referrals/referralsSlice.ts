import { creditsToDollars, endpoints, type Referral } from '@parlor/contract';
import { createSlice } from '@reduxjs/toolkit';
import { call, follow } from '../../platform/api';
import {
  emptyPagedList,
  FIRST_PAGE_QUERY,
  firstPageArrived,
  nextPageArrived,
  type PagedList,
} from '../../platform/pagedList';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';

/** The sign-up path; a referral code is the referrer's username. */
export const SIGN_UP_PATH = '/login/signup';

/** The link a user shares: sign-up with their code filled in. */
export function referralLink(origin: string, username: string): string {
  return `${origin.replace(/\/+$/, '')}${SIGN_UP_PATH}?code=${encodeURIComponent(username)}`;
}

/** "12 credits ($1.20)": what a referral earned, both ways. */
export function earnedText(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit' : 'credits'} ($${creditsToDollars(credits)})`;
}

export interface ReferralsState extends PagedList<Referral> {
  /** Said once a commission is paid while the app is open. */
  notice: string | null;
  /** Counts commissions paid since the list was read; the screen re-reads when it moves. */
  paid: number;
}

export const initialReferralsState: ReferralsState = {
  ...emptyPagedList<Referral>(),
  notice: null,
  paid: 0,
};

/** GET /v1/users/referrals: the first page. */
export const loadReferrals = createApiThunk('referrals/load', () =>
  call(endpoints.listReferrals, { query: FIRST_PAGE_QUERY }),
);
export const loadMoreReferrals = createApiThunk('referrals/loadMore', (next: string) =>
  follow(endpoints.listReferrals, next),
);

const referralAppliers: EventAppliers<ReferralsState> = {
  sale_commissions(state, data) {
    state.paid += 1;
    state.notice = `You earned ${earnedText(data.amount)} from a referred ${data.kind === 'creator' ? 'creator' : 'fan'}.`;
  },
};

export const referralsSlice = createSlice({
  name: 'referrals',
  initialState: initialReferralsState,
  reducers: {
    referralNoticeCleared(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadReferrals.fulfilled, (state, action) => firstPageArrived(state, action.payload))
      .addCase(loadMoreReferrals.fulfilled, (state, action) => nextPageArrived(state, action.payload))
      .addCase(realtimeEvent, (state, action) => applyEvent(referralAppliers, state, action.payload));
  },
});

export const { referralNoticeCleared } = referralsSlice.actions;
export const selectReferrals = (state: RootState) => state.referrals;
