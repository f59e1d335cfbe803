import { endpoints, type Subscription } from '@parlor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, follow } from '../../platform/api';
import { FIRST_PAGE_QUERY } from '../../platform/pagedList';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';
import { creditsChanged } from '../auth/authSlice';

/** Subscriptions (list, next link, total), plus the manage screen's edit mode. */
export interface SubscriptionsState {
  items: Subscription[];
  next: string | null;
  total: number;
  loaded: boolean;
  editing: boolean;
  selected: string[];
}

export const initialSubscriptionsState: SubscriptionsState = {
  items: [],
  next: null,
  total: 0,
  loaded: false,
  editing: false,
  selected: [],
};

/** POST /v1/subscriptions: the new balance goes to the header at once. */
export const subscribe = createApiThunk(
  'subscriptions/subscribe',
  async (
    body: { model_id: string; card_id?: string; idempotency_key: string; expected_price?: number },
    { dispatch },
  ) => {
    const res = await call(endpoints.subscribe, { body });
    dispatch(creditsChanged(res.credits));
    return res;
  },
);

export const loadSubscriptions = createApiThunk('subscriptions/load', () =>
  call(endpoints.listSubscriptions, { query: FIRST_PAGE_QUERY }),
);
export const loadMoreSubscriptions = createApiThunk('subscriptions/loadMore', (next: string) =>
  follow(endpoints.listSubscriptions, next),
);
export const cancelSubscriptions = createApiThunk('subscriptions/cancel', (ids: string[]) =>
  call(endpoints.cancelSubscriptions, { query: { ids: ids.join(',') } }),
);

export const subscriptionsSlice = createSlice({
  name: 'subscriptions',
  initialState: initialSubscriptionsState,
  reducers: {
    editModeToggled(state) {
      state.editing = !state.editing;
      state.selected = [];
    },
    /** Toggling selects or unselects one subscription; canceled ones cannot be selected. */
    selectionToggled(state, action: PayloadAction<string>) {
      const sub = state.items.find((s) => s._id === action.payload);
      if (sub?.status !== 'active') return;
      state.selected = state.selected.includes(action.payload)
        ? state.selected.filter((id) => id !== action.payload)
        : [...state.selected, action.payload];
    },
    /** Select-all picks only active subscriptions; when all of them are picked it clears. */
    allToggled(state) {
      const active = state.items.filter((s) => s.status === 'active').map((s) => s._id);
      const all = active.length > 0 && active.every((id) => state.selected.includes(id));
      state.selected = all ? [] : active;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSubscriptions.fulfilled, (state, action) => {
        state.items = action.payload.data;
        state.next = action.payload.next;
        state.total = action.payload.total;
        state.loaded = true;
      })
      .addCase(loadMoreSubscriptions.fulfilled, (state, action) => {
        const known = new Set(state.items.map((s) => s._id));
        state.items.push(...action.payload.data.filter((s) => !known.has(s._id)));
        state.next = action.payload.next;
        state.total = action.payload.total;
      })
      // Deleting leaves edit mode; the changed rows replace the old ones.
      .addCase(cancelSubscriptions.fulfilled, (state, action) => {
        const changed = new Map(action.payload.data.map((s) => [s._id, s]));
        state.items = state.items.map((s) => changed.get(s._id) ?? s);
        state.editing = false;
        state.selected = [];
      });
  },
});

export const { editModeToggled, selectionToggled, allToggled } = subscriptionsSlice.actions;
export const selectSubscriptions = (state: RootState) => state.subscriptions;
export const selectActiveCount = (state: RootState) =>
  state.subscriptions.items.filter((s) => s.status === 'active').length;
