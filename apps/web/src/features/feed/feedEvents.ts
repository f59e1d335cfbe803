import type { EventAppliers } from '../../platform/realtimeEvent';
import type { AuthState } from '../auth/authModel';

/** The server counts unread posts up to 100; the badge shows "99+" beyond 99. */
export const UNREAD_FEEDS_CAP = 100;

/** new_feed on the signed-in user: one more unread post in the home feed (the Feed badge). */
export const feedUserAppliers: EventAppliers<AuthState> = {
  new_feed(state, data, ctx) {
    if (!state.user || data.model_id === ctx.me) return;
    state.user.unread_feeds = Math.min(UNREAD_FEEDS_CAP, state.user.unread_feeds + 1);
  },
};

/** The badge's text: the count, or "99+". */
export const unreadFeedsLabel = (count: number) => (count > 99 ? '99+' : String(count));
