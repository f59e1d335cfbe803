import { ServerEvents } from '@parlor/contract';
import { holdSessionEnd } from '../../platform/api';
import type { EventAppliers, EventEffects } from '../../platform/realtimeEvent';
import { type BannersState, showBanner } from '../banners/bannersModel';
import { globalNoticePopupId } from '../notices/introRules';
import { popPopup, pushPopup } from '../popups/popupsSlice';
import { banOfEvent } from './banNotice';

/**
 * The account events, applied like a fetch or a click would change the same state: the banners
 * (the banners slice runs these) and the popups they open (effects); what they change on the
 * signed-in user is auth/userEvents.ts's. Storage and redirects happen in the popups themselves (the
 * account-terminated popup keeps the is-banned key).
 */
export const accountBannerAppliers: EventAppliers<BannersState> = {
  warning_you_have_been_reported: (state) => showBanner(state, 'ReportedWarning'),
};

const accountVerified = pushPopup({ id: 'account-verified', kind: 'accountVerified', props: {} });

export const accountEffects: EventEffects = {
  banned(data, api) {
    holdSessionEnd();
    api.dispatch(
      pushPopup({ id: 'account-terminated', kind: 'accountTerminated', props: { ban: banOfEvent(data) } }),
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
