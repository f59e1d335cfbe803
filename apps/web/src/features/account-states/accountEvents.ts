import { ServerEvents, User } from '@parlor/contract';
import type { EventAppliers, EventEffects } from '../../platform/realtimeEvent';
import type { AuthState } from '../auth/authModel';
import { type BannersState, showBanner } from '../banners/bannersModel';
import { globalNoticePopupId } from '../notices/introRules';
import { popPopup, pushPopup } from '../popups/popupsSlice';

/**
 * The account events, applied like a fetch or a click would change the same state: the
 * signed-in user (the auth slice runs these), the banners (the banners slice runs those), and the
 * popups they open (effects). Storage and redirects happen in the popups themselves (the
 * account-terminated popup keeps the is-banned key).
 */
export const accountUserAppliers: EventAppliers<AuthState> = {
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
  hide_skinscore_banner(state) {
    if (state.user) state.user.show_skinscore_banner = false;
  },
  warning_you_have_been_reported(state) {
    if (state.user) {
      state.user.settings = { ...state.user.settings, core: { warning_you_have_been_reported: true } };
    }
  },
};

export const accountBannerAppliers: EventAppliers<BannersState> = {
  warning_you_have_been_reported: (state) => showBanner(state, 'ReportedWarning'),
};

const accountVerified = pushPopup({ id: 'account-verified', kind: 'accountVerified', props: {} });

export const accountEffects: EventEffects = {
  banned(data, api) {
    const reason = ServerEvents.banned.safeParse(data);
    api.dispatch(
      pushPopup({
        id: 'account-terminated',
        kind: 'accountTerminated',
        props: { reason: reason.success ? reason.data.reason : null },
      }),
    );
  },
  // The admin's global warning, live: a new one opens at once; a cleared one closes if it is open.
  global_notice(data, api) {
    const notice = ServerEvents.global_notice.safeParse(data);
    if (!notice.success) return;
    const current = notice.data.notice;
    const keep = current ? globalNoticePopupId(current._id) : null;
    for (const entry of api.getState().popups.stack) {
      if (entry.kind === 'globalNotice' && entry.id !== keep) api.dispatch(popPopup(entry.id));
    }
    if (current) {
      api.dispatch(
        pushPopup({ id: globalNoticePopupId(current._id), kind: 'globalNotice', props: { notice: current } }),
      );
    }
  },
  model_approved: (_data, api) => api.dispatch(accountVerified),
  onboarding_approved_id: (_data, api) => api.dispatch(accountVerified),
  featured_enquiry_approved: (_data, api) => api.dispatch(accountVerified),
  // An ID check or a creator application turned down: said at once, with the admin's reason.
  onboarding_rejected(data, api) {
    const reason = (data as { reason?: unknown } | null)?.reason;
    api.dispatch(
      pushPopup({
        id: 'onboarding-rejected',
        kind: 'basic',
        props: {
          title: 'Not approved',
          text:
            typeof reason === 'string' && reason.trim()
              ? `Your verification was not approved: ${reason.trim()}`
              : 'Your verification was not approved. Account shows what you can do next.',
        },
      }),
    );
  },
};
