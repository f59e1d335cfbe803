import {
  type AccountInfo,
  type AccountStatsDay,
  type AccountTotals,
  type AmlRequest,
  type AmlStatus,
  endpoints,
  type Payout,
} from '@parlor/contract';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { call, follow, toErrorInfo } from '../../platform/api';
import {
  emptyPagedList,
  FIRST_PAGE_QUERY,
  firstPageArrived,
  nextPageArrived,
  type PagedList,
} from '../../platform/pagedList';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { createApiThunk } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';
import { logout } from '../auth/authThunks';
import { seatAllows } from '../team/seatAccess';
import {
  type EarningsPeriod,
  type EarningsRange,
  fillSeries,
  type PayoutErrorView,
  payoutError,
  rangeDates,
} from './earningsModel';

export interface EarningsState {
  /** Set when the page first loads: live refreshes are for a page that was opened. */
  opened: boolean;
  period: EarningsPeriod;
  range: EarningsRange;
  totals: Record<EarningsPeriod, AccountTotals | null>;
  totalsError: string | null;
  /** Each range's days, every day once (filled), oldest first. */
  series: Record<EarningsRange, AccountStatsDay[] | null>;
  seriesError: string | null;
  info: AccountInfo | null;
  infoError: string | null;
  payouts: PagedList<Payout> & { error: string | null };
  payout: { sending: boolean; error: PayoutErrorView | null; success: string | null };
  aml: {
    open: boolean;
    sending: boolean;
    error: string | null;
    field: string | null;
    success: string | null;
  };
}

export const initialEarningsState: EarningsState = {
  opened: false,
  period: 'month',
  range: 30,
  totals: { month: null, all: null },
  totalsError: null,
  series: { 30: null, 90: null },
  seriesError: null,
  info: null,
  infoError: null,
  payouts: { ...emptyPagedList<Payout>(), error: null },
  payout: { sending: false, error: null, success: null },
  aml: { open: false, sending: false, error: null, field: null, success: null },
};

export const loadTotals = createApiThunk('earnings/totals', async (period: EarningsPeriod) =>
  call(endpoints.accountTotals, { query: { totals: period === 'all' ? 'true' : 'false' } }),
);

/** The last 30 or 90 days; `to` is today (UTC) when asked, so a day that starts shows up. */
export const loadSeries = createApiThunk('earnings/series', async (range: EarningsRange) => {
  const { from, to } = rangeDates(range, Date.now());
  const { data } = await call(endpoints.accountStats, { query: { from, to } });
  return fillSeries(data, from, to);
});

export const loadAccountInfo = createApiThunk('earnings/info', async () => call(endpoints.accountInfo));

/** GET /v1/account/payouts, 20 a page: the first page again (`reset`) or the next by its link. */
export const loadPayouts = createApiThunk(
  'earnings/payouts',
  async ({ reset }: { reset: boolean }, { getState }) => {
    const next = selectEarnings(getState()).payouts.next;
    if (!reset && next) return follow(endpoints.listPayouts, next);
    return call(endpoints.listPayouts, { query: FIRST_PAGE_QUERY });
  },
  // Payouts are never a team seat's (a seat with `earnings` reads the figures only).
  (_arg, getState) => seatAllows(getState().auth.user, 'listPayouts'),
);

export const requestPayout = createApiThunk('earnings/requestPayout', async (amount_usd: string) =>
  call(endpoints.requestPayout, { body: { amount_usd } }),
);

export const submitAml = createApiThunk('earnings/aml', async (body: AmlRequest) =>
  call(endpoints.submitAml, { body }),
);

const appliers: EventAppliers<EarningsState> = {
  // The history shows it completed at once; totals are read again by the listener.
  payout_completed(s, data, ctx) {
    // "One is pending" no longer holds once it is completed.
    if (s.payout.error?.kind === 'pending') s.payout.error = null;
    const item = s.payouts.items.find((p) => p._id === data._id);
    if (item && item.status === 'pending') {
      item.status = 'completed';
      item.completed_at = new Date(ctx.receivedAt).toISOString();
    }
  },
};

const messageOf = (payload: { message: string } | undefined, error: unknown) =>
  (payload ?? toErrorInfo(error)).message;

export const earningsSlice = createSlice({
  name: 'earnings',
  initialState: initialEarningsState,
  reducers: {
    /** The page was left: events stop re-reading its figures until it is opened again. */
    earningsLeft(s) {
      s.opened = false;
    },
    periodChosen(s, action: PayloadAction<EarningsPeriod>) {
      s.period = action.payload;
    },
    rangeChosen(s, action: PayloadAction<EarningsRange>) {
      s.range = action.payload;
    },
    amlFormOpened(s, action: PayloadAction<boolean>) {
      s.aml.open = action.payload;
      s.aml.error = null;
      s.aml.field = null;
    },
    payoutFeedbackCleared(s) {
      s.payout.error = null;
      s.payout.success = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadTotals.pending, (s) => {
        s.opened = true;
      })
      .addCase(loadTotals.fulfilled, (s, action) => {
        s.totals[action.meta.arg] = action.payload;
        s.totalsError = null;
      })
      .addCase(loadTotals.rejected, (s, action) => {
        if (!action.meta.aborted) s.totalsError = messageOf(action.payload, action.error);
      })
      .addCase(loadSeries.fulfilled, (s, action) => {
        s.series[action.meta.arg] = action.payload;
        s.seriesError = null;
      })
      .addCase(loadSeries.rejected, (s, action) => {
        if (!action.meta.aborted) s.seriesError = messageOf(action.payload, action.error);
      })
      .addCase(loadAccountInfo.fulfilled, (s, action) => {
        s.info = action.payload;
        s.infoError = null;
      })
      .addCase(loadAccountInfo.rejected, (s, action) => {
        if (!action.meta.aborted) s.infoError = messageOf(action.payload, action.error);
      })
      .addCase(loadPayouts.fulfilled, (s, action) => {
        if (action.meta.arg.reset) firstPageArrived(s.payouts, action.payload);
        else nextPageArrived(s.payouts, action.payload);
        s.payouts.error = null;
      })
      .addCase(loadPayouts.rejected, (s, action) => {
        if (!action.meta.aborted) s.payouts.error = messageOf(action.payload, action.error);
      })
      .addCase(requestPayout.pending, (s) => {
        s.payout = { sending: true, error: null, success: null };
      })
      .addCase(requestPayout.fulfilled, (s, action) => {
        const payout = action.payload;
        s.payout = {
          sending: false,
          error: null,
          success: `Payout of $${payout.amount_usd} requested. It shows as pending until it is sent.`,
        };
        s.payouts.items = [payout, ...s.payouts.items.filter((p) => p._id !== payout._id)];
      })
      .addCase(requestPayout.rejected, (s, action) => {
        const view = payoutError(action.payload ?? toErrorInfo(action.error));
        s.payout = { sending: false, error: view, success: null };
        if (view.kind === 'aml') s.aml.open = true;
      })
      .addCase(submitAml.pending, (s) => {
        s.aml.sending = true;
        s.aml.error = null;
        s.aml.field = null;
        s.aml.success = null;
      })
      .addCase(submitAml.fulfilled, (s, action) => {
        s.aml = {
          open: false,
          sending: false,
          error: null,
          field: null,
          success: 'Thank you. Your form is being checked; you can ask for the payout once it is approved.',
        };
        if (s.info) s.info.aml_status = action.payload.aml_status;
        if (s.payout.error?.kind === 'aml') s.payout.error = null;
      })
      .addCase(submitAml.rejected, (s, action) => {
        const error = action.payload ?? toErrorInfo(action.error);
        s.aml.sending = false;
        s.aml.error = error.message;
        s.aml.field = error.field ?? null;
      })
      .addCase(realtimeEvent, (s, action) => applyEvent(appliers, s, action.payload))
      // Money figures never outlive the session they belong to.
      .addCase(logout.fulfilled, () => initialEarningsState);
  },
});

export const { earningsLeft, periodChosen, rangeChosen, amlFormOpened, payoutFeedbackCleared } =
  earningsSlice.actions;

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof earningsSlice> {}
}
/** Added to the store when the earnings page's code loads (platform/rootReducer.ts). */
const injected = earningsSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectEarnings = (state: RootState) => injected.selectSlice(state);
export const selectAmlStatus = (state: RootState): AmlStatus =>
  selectEarnings(state).info?.aml_status ?? 'none';
