import type { ServerEventData } from '@parlor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import type { RootState } from '../../platform/storeTypes';

/** One "sam followed you" notice for a creator, from `new_fan`. */
export interface NewFanNotice extends ServerEventData<'new_fan'> {
  /** Unique per notice: the same user can be announced again after a reload. */
  id: string;
}

export interface FansState {
  notices: NewFanNotice[];
}

/** More than this at once would cover the screen; the oldest go first. */
export const MAX_NOTICES = 3;

const fanAppliers: EventAppliers<FansState> = {
  new_fan(state, data, { receivedAt }) {
    state.notices.push({ ...data, id: `${data.user_id}:${receivedAt}` });
    if (state.notices.length > MAX_NOTICES) state.notices.splice(0, state.notices.length - MAX_NOTICES);
  },
};

export const fansSlice = createSlice({
  name: 'fans',
  initialState: { notices: [] } as FansState,
  reducers: {
    noticeDismissed(state, action: PayloadAction<string>) {
      state.notices = state.notices.filter((n) => n.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(realtimeEvent, (state, action) => applyEvent(fanAppliers, state, action.payload));
  },
});

export const { noticeDismissed } = fansSlice.actions;
export const selectNewFanNotices = (s: RootState) => s.fans.notices;
