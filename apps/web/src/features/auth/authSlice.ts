import {
  type AuthResponse,
  isTwoFactorChallenge,
  type ProfileCompleteConfig,
  type User,
} from '@parlor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyEvent, realtimeEvent } from '../../platform/realtimeEvent';
import type { RootState } from '../../platform/storeTypes';
import { type AuthState, initialAuthState, SIGN_IN_EXPIRED } from './authModel';
import {
  completeTwoFactor,
  loadSession,
  logout,
  passkeySignIn,
  sessionOf,
  signIn,
  signUp,
  updateUser,
} from './authThunks';
import { userAppliers } from './userEvents';

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The user changed elsewhere (realtime user.update, credits after a purchase). */
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    /** A bought profile boost runs until this ISO time (features/account-states). */
    boostStarted(state, action: PayloadAction<string>) {
      if (state.user) state.user.boost_until = action.payload;
    },
    creditsChanged(state, action: PayloadAction<number>) {
      if (state.user) state.user.credits = action.payload;
    },
    /** The server answered a recorded step of the profile set-up (the affiliate visit). */
    profileConfigChanged(state, action: PayloadAction<ProfileCompleteConfig>) {
      if (state.user) state.user.profile_complete_config = action.payload;
    },
    /** Opening the home feed resets the server's count; the badge follows without a reload. */
    unreadFeedsChanged(state, action: PayloadAction<number>) {
      if (state.user) state.user.unread_feeds = action.payload;
    },
    /** "Back" from the code step: the password is asked again. */
    secondFactorLeft(state) {
      state.secondFactor = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSession.pending, (state) => {
        state.status = 'Fetching';
      })
      .addCase(loadSession.fulfilled, (state, action) => {
        state.user = action.payload;
        state.status = 'Fetched';
      })
      .addCase(loadSession.rejected, (state, action) => {
        state.status = 'Error';
        // A 401 means the token is dead (the API client already removed it from storage).
        if (action.payload?.status === 401) state.token = null;
      })
      .addCase(updateUser.fulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addCase(logout.pending, (state) => {
        state.signingOut = true;
      })
      .addCase(logout.fulfilled, (state) => {
        state.token = null;
        state.user = null;
        state.status = 'None';
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(userAppliers, state, action.payload));
    const started = (state: AuthState, session: AuthResponse | null) => {
      if (!session) return;
      state.token = session.access_token;
      state.user = session.user;
      state.status = 'Fetched';
      state.signingOut = false;
      state.secondFactor = null;
    };
    builder.addCase(signIn.fulfilled, (state, action) => {
      const session = sessionOf(action.payload);
      if (session) started(state, session);
      else if (isTwoFactorChallenge(action.payload)) state.secondFactor = action.payload;
    });
    builder.addCase(signUp.fulfilled, (state, action) => started(state, action.payload));
    builder.addCase(completeTwoFactor.fulfilled, (state, action) => started(state, action.payload));
    builder.addCase(passkeySignIn.fulfilled, (state, action) => started(state, action.payload));
    // A spent, expired or replayed challenge cannot be completed: the sign-in starts over.
    builder.addCase(completeTwoFactor.rejected, (state, action) => {
      if (action.payload?.code === SIGN_IN_EXPIRED) state.secondFactor = null;
    });
  },
});

export const {
  userUpdated,
  boostStarted,
  creditsChanged,
  profileConfigChanged,
  unreadFeedsChanged,
  secondFactorLeft,
} = authSlice.actions;

export const selectToken = (state: RootState) => state.auth.token;
export const selectUser = (state: RootState) => state.auth.user;
export const selectAuthStatus = (state: RootState) => state.auth.status;
export const selectSigningOut = (state: RootState) => state.auth.signingOut;
export const selectSecondFactor = (state: RootState) => state.auth.secondFactor;
