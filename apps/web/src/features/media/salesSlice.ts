import { endpoints } from '@parlor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call } from '../../platform/api';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';
import { seatAllows } from '../team/seatAccess';

/** A creator's earnings in credits: loaded, then replaced by each message_paid event's total. */
export interface SalesState {
  earnings: number | null;
}

/** GET /v1/media/sales: a creator's earnings, kept fresh afterwards by message_paid. */
export const loadSalesEarnings = createApiThunk(
  'sales/load',
  () => call(endpoints.salesSummary),
  // A team seat without `earnings` sees no figures.
  (_arg, getState) => seatAllows(getState().auth.user, 'salesSummary'),
);

const salesAppliers: EventAppliers<SalesState> = {
  message_paid(state, data) {
    state.earnings = data.earnings;
  },
};

export const salesSlice = createSlice({
  name: 'sales',
  initialState: { earnings: null } as SalesState,
  reducers: {
    /** A spend from earnings (a boost) answered the balance after it. */
    earningsChanged(state, action: PayloadAction<number>) {
      state.earnings = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSalesEarnings.fulfilled, (state, action) => {
        state.earnings = action.payload.earnings;
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(salesAppliers, state, action.payload));
  },
});

export const { earningsChanged } = salesSlice.actions;
export const selectSalesEarnings = (state: RootState) => state.sales.earnings;
