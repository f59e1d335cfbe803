import { type AppStartListening, startAppListening } from '../../platform/listeners';
import { subscribe } from '../subscriptions/subscriptionsSlice';
import { loadFeed } from './feedSlice';

/**
 * A new subscriber's private posts open at once on the creator's page (the home feed is marked
 * stale by the slice, and loads when opened: loading it here would clear its unread badge).
 * Registered when a feed's code loads (below); the Feed badge's count is unreadFeedsListener.ts's.
 */
function registerFeedListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: subscribe.fulfilled,
    effect: async (action, api) => {
      await api.dispatch(loadFeed({ modelId: action.meta.arg.model_id, force: true }));
    },
  });
}

registerFeedListeners(startAppListening);
