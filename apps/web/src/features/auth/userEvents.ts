import { User } from '@parlor/contract';
import type { EventAppliers } from '../../platform/realtimeEvent';
import type { AuthState } from './authModel';

// The events that change the signed-in user, applied like a fetch or a click would change it: the
// account (user.update and the account states' flags), the credit balance and the unread
// posts. The popups and banners those events also open are the account states' (accountEvents.ts).

const accountChanges: EventAppliers<AuthState> = {
  'user.update'(state, data) {
    // The server sends the whole User; a frame that is not one (partial, older server) is ignored.
    const parsed = User.safeParse(data);
    if (parsed.success) state.user = parsed.data;
  },
  'deletion-scheduled'(state, data) {
    if (!state.user || typeof data !== 'object' || data === null) return;
    const d = data as { deleted_scheduled?: unknown; delete_at?: unknown };
    if (typeof d.deleted_scheduled !== 'boolean') return;
    state.user.deleted_scheduled = d.deleted_scheduled;
    state.user.delete_at = typeof d.delete_at === 'string' ? d.delete_at : null;
  },
  profile_complete_config(state, data) {
    if (state.user) state.user.profile_complete_config = data;
  },
  hide_skinscore_banner(state) {
    if (state.user) state.user.show_skinscore_banner = false;
  },
  warning_you_have_been_reported(state) {
    if (state.user) {
      state.user.settings = { ...state.user.settings, core: { warning_you_have_been_reported: true } };
    }
  },
};

/** The credit balance. */
const creditChanges: EventAppliers<AuthState> = {
  /** Every open tab shows the same balance after any change (the balance is the user's). */
  total_credits(state, data) {
    if (state.user) state.user.credits = data.credits;
  },
};

/** The server counts unread posts up to 100; the badge shows "99+" beyond 99. */
export const UNREAD_FEEDS_CAP = 100;

/** new_feed on the signed-in user: one more unread post in the home feed (the Feed badge). */
const feedChanges: EventAppliers<AuthState> = {
  new_feed(state, data, ctx) {
    if (!state.user || data.model_id === ctx.me) return;
    state.user.unread_feeds = Math.min(UNREAD_FEEDS_CAP, state.user.unread_feeds + 1);
  },
};

export const userAppliers: EventAppliers<AuthState> = { ...accountChanges, ...creditChanges, ...feedChanges };
