import { ServerEvents, User } from '@parlor/contract';
import type { UnknownAction } from '@reduxjs/toolkit';
import { userUpdated } from '../auth/authSlice';
import { bannerShown } from '../banners/bannersSlice';
import { pushPopup } from '../popups/popupsSlice';

/** The account events of part 1 §7 this feature owns. */
export const ACCOUNT_EVENTS = [
  'user.update',
  'banned',
  'deletion-scheduled',
  'warning_you_have_been_reported',
  'model_approved',
  'onboarding_approved_id',
  'featured_enquiry_approved',
  'onboarding_rejected',
] as const;
export type AccountEventName = (typeof ACCOUNT_EVENTS)[number];

export const isAccountEvent = (name: string): name is AccountEventName =>
  (ACCOUNT_EVENTS as readonly string[]).includes(name);

/** What the account events need to know of the current state. */
export interface AccountEventState {
  user: User | null;
}

/**
 * Translates one account event into the same actions a fetch or a click would dispatch, so the
 * socket layer only calls this and dispatches the answer. Pure: storage and redirects happen in the
 * popups the actions open (the account-terminated popup keeps the is-banned key).
 */
export function applyAccountEvent(
  state: AccountEventState,
  name: AccountEventName,
  data: unknown,
): UnknownAction[] {
  const { user } = state;
  switch (name) {
    case 'user.update': {
      // The server sends the whole User; a frame that is not one (partial, older server) is ignored.
      const parsed = User.safeParse(data);
      return parsed.success ? [userUpdated(parsed.data)] : [];
    }
    case 'banned': {
      const reason = ServerEvents.banned.safeParse(data);
      return [
        pushPopup({
          id: 'account-terminated',
          kind: 'accountTerminated',
          props: { reason: reason.success ? reason.data.reason : null },
        }),
      ];
    }
    case 'deletion-scheduled': {
      if (!user || typeof data !== 'object' || data === null) return [];
      const d = data as { deleted_scheduled?: unknown; delete_at?: unknown };
      if (typeof d.deleted_scheduled !== 'boolean') return [];
      return [
        userUpdated({
          ...user,
          deleted_scheduled: d.deleted_scheduled,
          delete_at: typeof d.delete_at === 'string' ? d.delete_at : null,
        }),
      ];
    }
    case 'warning_you_have_been_reported': {
      const actions: UnknownAction[] = [bannerShown('ReportedWarning')];
      if (user) {
        actions.unshift(
          userUpdated({
            ...user,
            settings: { ...user.settings, core: { warning_you_have_been_reported: true } },
          }),
        );
      }
      return actions;
    }
    case 'model_approved':
    case 'onboarding_approved_id':
    case 'featured_enquiry_approved':
      return [pushPopup({ id: 'account-verified', kind: 'accountVerified', props: {} })];
    case 'onboarding_rejected':
      return [];
  }
}
