import { endpoints } from '@parlor/contract';
import { isAnyOf } from '@reduxjs/toolkit';
import { call } from '../../app/api';
import type { AppStartListening } from '../../app/listeners';
import { unreadFeedsChanged } from '../auth/authSlice';
import { signIn, signUp } from '../auth/authThunks';
import { subscribe } from '../subscriptions/subscriptionsSlice';
import { loadFeed } from './feedSlice';

/**
 * The sign-in answer's user does not carry the unread-post count (only GET /v1/users/me counts
 * it), so after signing in the count is asked for, and the Feed badge is right from the start.
 */
export function registerFeedListeners(startListening: AppStartListening) {
  startListening({
    matcher: isAnyOf(signIn.fulfilled, signUp.fulfilled),
    effect: async (_action, api) => {
      try {
        const me = await call(endpoints.me);
        api.dispatch(unreadFeedsChanged(me.unread_feeds));
      } catch {
        // The badge waits for the next new_feed or reload; nothing else depends on it.
      }
    },
  });
  // A new subscriber's private posts open at once on the creator's page (the home feed is marked
  // stale by the slice, and loads when opened: loading it here would clear its unread badge).
  startListening({
    actionCreator: subscribe.fulfilled,
    effect: async (action, api) => {
      await api.dispatch(loadFeed({ modelId: action.meta.arg.model_id, force: true }));
    },
  });
}
