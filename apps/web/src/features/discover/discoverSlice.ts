import { type Card, ERRORS, endpoints } from '@parlor/contract';
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { type ApiErrorInfo, call, follow } from '../../platform/api';
import { readStorage, writeStorage } from '../../platform/browser';
import { createApiThunk } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { AppThunk, RootState } from '../../platform/storeTypes';
import { logout } from '../auth/authThunks';
import {
  addToStack,
  CARD_HISTORY_KEY,
  type CardStack,
  cardHistoryValue,
  type DiscoverFilters,
  discoverQuery,
  EMPTY_STACK,
  filtersKey,
  markVisited,
  parseCardHistory,
  restoreSeen,
} from './discoverModel';

/** The list of one set of filters: its pages so far, where the next one is, and how loading goes. */
export interface DiscoverState {
  /** filtersKey of the list the cards belong to. */
  key: string | null;
  cards: Card[];
  next: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'error';
  error: ApiErrorInfo | null;
  /** The following page: loading, or failed (the list stays and offers a retry). */
  more: 'idle' | 'loading' | 'error';
  /** The request id of the newest first-page load: older answers are dropped. */
  loadId: string | null;
  /** Cards whose follow or unfollow is on its way. */
  pendingFollow: string[];
  /** The server's message for a follow that failed (a block's 403), by card id. */
  followErrors: Record<string, string>;
  stack: CardStack;
}

export const initialDiscoverState: DiscoverState = {
  key: null,
  cards: [],
  next: null,
  status: 'idle',
  error: null,
  more: 'idle',
  loadId: null,
  pendingFollow: [],
  followErrors: {},
  stack: EMPTY_STACK,
};

/** The first page of a set of filters (a new set replaces the list; the same set refreshes it). */
export const loadDiscover = createApiThunk('discover/load', (filters: DiscoverFilters, { signal }) =>
  call(endpoints.discover, { query: discoverQuery(filters) }, { signal }),
);

/** The page after the last one, from the answer's `next` link. */
export const loadMoreDiscover = createApiThunk(
  'discover/loadMore',
  (next: string, { signal }) => follow(endpoints.discover, next, { signal }),
  (next, getState) => {
    const s = selectDiscover(getState());
    return s.status === 'loaded' && s.more !== 'loading' && s.next === next;
  },
);

/** Follows or unfollows a creator; the card shows the new state at once and goes back on failure. */
export const setFollowing = createApiThunk(
  'discover/follow',
  ({ userId, following }: { userId: string; following: boolean }) =>
    following
      ? call(endpoints.follow, { body: { user_id: userId } })
      : call(endpoints.unfollow, { query: { user_id: userId } }),
  ({ userId }, getState) => !selectDiscover(getState()).pendingFollow.includes(userId),
);

function setFollowee(state: DiscoverState, userId: string, value: boolean) {
  for (const card of [...state.cards, ...state.stack.cards, ...state.stack.history]) {
    if (card._id === userId) card.is_followee = value;
  }
}

const donePending = (state: DiscoverState, userId: string) => {
  state.pendingFollow = state.pendingFollow.filter((id) => id !== userId);
};

export const discoverSlice = createSlice({
  name: 'discover',
  initialState: initialDiscoverState,
  reducers: {
    /** The first suggested card was visited (opened or skipped): it moves to history. */
    cardVisited(state) {
      state.stack = markVisited(state.stack);
    },
    /** The visits remembered on this device (read once the signed-in user is known). */
    seenRestored(state, action: { payload: string[] }) {
      state.stack = restoreSeen(state.stack, action.payload);
    },
    followErrorDismissed(state, action: { payload: string }) {
      delete state.followErrors[action.payload];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadDiscover.pending, (state, action) => {
        const key = filtersKey(action.meta.arg);
        if (key !== state.key) {
          state.key = key;
          state.cards = [];
          state.next = null;
        }
        state.status = 'loading';
        state.error = null;
        state.more = 'idle';
        state.loadId = action.meta.requestId;
      })
      .addCase(loadDiscover.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.loadId) return;
        state.cards = action.payload.data;
        state.next = action.payload.next;
        state.status = 'loaded';
        state.stack = addToStack(state.stack, action.payload.data);
      })
      .addCase(loadDiscover.rejected, (state, action) => {
        if (action.meta.requestId !== state.loadId || action.meta.aborted) return;
        state.status = 'error';
        state.error = action.payload ?? null;
      })
      .addCase(loadMoreDiscover.pending, (state) => {
        state.more = 'loading';
      })
      .addCase(loadMoreDiscover.fulfilled, (state, action) => {
        // A page of a list that has since been replaced is dropped.
        if (action.meta.arg !== state.next) return;
        const known = new Set(state.cards.map((c) => c._id));
        state.cards.push(...action.payload.data.filter((c) => !known.has(c._id)));
        state.next = action.payload.next;
        state.more = 'idle';
        state.stack = addToStack(state.stack, action.payload.data);
      })
      .addCase(loadMoreDiscover.rejected, (state, action) => {
        if (action.meta.arg !== state.next) return;
        state.more = action.meta.aborted ? 'idle' : 'error';
      })
      .addCase(setFollowing.pending, (state, action) => {
        const { userId, following } = action.meta.arg;
        state.pendingFollow.push(userId);
        delete state.followErrors[userId];
        setFollowee(state, userId, following);
      })
      .addCase(setFollowing.fulfilled, (state, action) => {
        const { userId } = action.meta.arg;
        donePending(state, userId);
        setFollowee(state, userId, action.payload.is_followee);
      })
      .addCase(setFollowing.rejected, (state, action) => {
        const { userId, following } = action.meta.arg;
        donePending(state, userId);
        setFollowee(state, userId, !following);
        state.followErrors[userId] = action.payload?.message ?? ERRORS.default;
      })
      .addCase(logout.fulfilled, () => initialDiscoverState);
  },
});

export const { cardVisited, seenRestored, followErrorDismissed } = discoverSlice.actions;

/** Restores the signed-in user's visited suggestions from this device. */
export const restoreCardHistory = (): AppThunk => (dispatch, getState) => {
  const user = getState().auth.user;
  if (user) dispatch(seenRestored(parseCardHistory(readStorage(CARD_HISTORY_KEY), user._id)));
};

/** Visits the first suggestion and remembers it on this device. */
export const visitCard = (): AppThunk => (dispatch, getState) => {
  dispatch(cardVisited());
  const user = getState().auth.user;
  if (user) writeStorage(CARD_HISTORY_KEY, cardHistoryValue(user._id, selectDiscover(getState()).stack.seen));
};
declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof discoverSlice> {}
}
/** Added to the store when this screen's code loads (platform/rootReducer.ts). */
const injected = discoverSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectDiscover = (state: RootState) => injected.selectSlice(state);
