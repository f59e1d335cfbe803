import type { AppStartListening } from '../../platform/listeners';
import { setupServiceWorker } from '../../platform/serviceWorker';
import { sendSucceeded } from '../conversation/conversationActions';
import { askPermissionAfterSend, syncPushSubscription, updateBadge } from './push';

/**
 * Push on the web side: the worker gets the session with the server's push key once both are
 * known and the subscription is stored; permission is asked after the first message sent; the
 * app badge follows the unread total.
 */
export function registerPushListeners(startListening: AppStartListening) {
  startListening({
    predicate: (_action, current, previous) =>
      Boolean(current.auth.user && current.auth.token && current.providerConfig.config?.push_key) &&
      // A team seat never subscribes the creator's account on the member's browser.
      !current.auth.user?.acting_member &&
      (current.providerConfig.config?.push_key !== previous.providerConfig.config?.push_key ||
        current.auth.user?._id !== previous.auth.user?._id ||
        current.auth.token !== previous.auth.token),
    effect: async (_action, api) => {
      const { auth, providerConfig } = api.getState();
      if (!auth.user || !auth.token || !providerConfig.config) return;
      setupServiceWorker(auth.user, auth.token, providerConfig.config.push_key);
      await syncPushSubscription().catch(() => false);
    },
  });

  startListening({
    actionCreator: sendSucceeded,
    effect: async (_action, api) => {
      if (api.getState().auth.user?.acting_member) return;
      await askPermissionAfterSend().catch(() => undefined);
    },
  });

  startListening({
    predicate: (_action, current, previous) => current.inbox.unread.all !== previous.inbox.unread.all,
    effect: (_action, api) => {
      if (api.getState().auth.user) updateBadge(api.getState().inbox.unread.all);
    },
  });
}
