import { endpoints, type IntroKind } from '@parlor/contract';
import { createSlice } from '@reduxjs/toolkit';
import { call } from '../../platform/api';
import { earlyOrCall } from '../../platform/early';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';

/** The area intros the signed-in account has closed (read once per sign-in, kept on the server). */
export interface NoticesState {
  /** Whose list this is: another account signing in reads its own. */
  userId: string | null;
  loaded: boolean;
  /** INTRO_POPUPS on the server. */
  enabled: boolean;
  seen: IntroKind[];
}

const initialState: NoticesState = { userId: null, loaded: false, enabled: false, seen: [] };

export const loadIntros = createApiThunk('notices/loadIntros', (_userId: string) =>
  earlyOrCall(endpoints.intros),
);

/** Closing an intro: it is seen at once here, and the server remembers it for every device. */
export const markIntroSeen = createApiThunk('notices/markIntroSeen', (intro: IntroKind) =>
  call(endpoints.markIntroSeen, { body: { intro } }),
);

export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadIntros.pending, (state, action) => {
        if (state.userId !== action.meta.arg) Object.assign(state, initialState, { userId: action.meta.arg });
      })
      .addCase(loadIntros.fulfilled, (state, action) => {
        if (state.userId !== action.meta.arg) return;
        state.loaded = true;
        state.enabled = action.payload.enabled;
        state.seen = [...new Set([...state.seen, ...action.payload.seen])];
      })
      .addCase(markIntroSeen.pending, (state, action) => {
        if (!state.seen.includes(action.meta.arg)) state.seen.push(action.meta.arg);
      });
  },
});

export const selectIntros = (state: RootState) => state.notices;
