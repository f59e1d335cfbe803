import { endpoints } from '@parlor/contract';
import { isAnyOf } from '@reduxjs/toolkit';
import { call } from '../../platform/api';
import type { AppStartListening } from '../../platform/listeners';
import { unreadFeedsChanged } from '../auth/authSlice';
import { sessionOf, signIn, signUp } from '../auth/authThunks';

/**
 * The sign-in answer's user does not carry the unread-post count (only GET /v1/users/me counts
 * it), so after signing in the count is asked for, and the Feed badge is right from the start.
 */
export function registerUnreadFeedsListener(startListening: AppStartListening) {
  startListening({
    matcher: isAnyOf(signIn.fulfilled, signUp.fulfilled),
    effect: async (action, api) => {
      // A sign-in waiting for its second factor has no session to ask with yet.
      if (signIn.fulfilled.match(action) && !sessionOf(action.payload)) return;
      try {
        const me = await call(endpoints.me);
        api.dispatch(unreadFeedsChanged(me.unread_feeds));
      } catch {
        // The badge waits for the next new_feed or reload; nothing else depends on it.
      }
    },
  });
}
