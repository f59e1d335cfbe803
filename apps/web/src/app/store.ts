import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { bannersSlice } from '../features/banners/bannersSlice';
import { cardsSlice } from '../features/cards/cardsSlice';
import { registerInboxListeners } from '../features/chats/inboxEffects';
import { inboxSlice } from '../features/chats/inboxSlice';
import { registerConversationListeners } from '../features/conversation/conversationEffects';
import { conversationsSlice } from '../features/conversation/conversationSlice';
import { creditsSlice } from '../features/credits/creditsSlice';
import { fansSlice } from '../features/fans/fansSlice';
import { registerUnreadFeedsListener } from '../features/feed/unreadFeedsListener';
import { salesSlice } from '../features/media/salesSlice';
import { uploadsSlice } from '../features/media/uploadsSlice';
import { noticesSlice } from '../features/notices/noticesSlice';
import { popupsSlice } from '../features/popups/popupsSlice';
import { providerConfigSlice } from '../features/provider/providerConfigSlice';
import { registerPushListeners } from '../features/push/pushListeners';
import { referralsSlice } from '../features/referrals/referralsSlice';
import { subscriptionsSlice } from '../features/subscriptions/subscriptionsSlice';
import { workspacesSlice } from '../features/team/workspacesSlice';
import { listeners, startAppListening } from '../platform/listeners';
import { rootReducer } from '../platform/rootReducer';

/**
 * The slices every page needs, added to the root reducer before the store is made. The slices of
 * screens no first screen shows (automatic messages, broadcasts, discover, earnings, feeds,
 * purchases, the vault) add themselves when their code loads (platform/rootReducer.ts), and their
 * listeners with them. What must work before such a screen is opened (the payout popup, the Feed
 * badge, `is_broadcasting`) is registered below.
 */
const reducer = rootReducer
  .inject(authSlice)
  .inject(popupsSlice)
  .inject(bannersSlice)
  .inject(providerConfigSlice)
  .inject(creditsSlice)
  .inject(cardsSlice)
  .inject(subscriptionsSlice)
  .inject(inboxSlice)
  .inject(fansSlice)
  .inject(conversationsSlice)
  .inject(referralsSlice)
  .inject(noticesSlice)
  .inject(uploadsSlice)
  .inject(salesSlice)
  .inject(workspacesSlice);

/** `observe` lets tests watch every action that reaches the reducers. */
export function createStore(observe?: Middleware) {
  return configureStore({
    reducer,
    middleware: (getDefault) => {
      const middleware = getDefault().prepend(listeners.middleware);
      return observe ? middleware.concat(observe) : middleware;
    },
  });
}

registerInboxListeners(startAppListening);
registerConversationListeners(startAppListening);
registerUnreadFeedsListener(startAppListening);
registerPushListeners(startAppListening);

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

// Written with AppStore: inside this block RootState and AppDispatch would name storeTypes' own.
declare module '../platform/storeTypes' {
  interface StoreTypes {
    state: ReturnType<AppStore['getState']>;
    dispatch: AppStore['dispatch'];
  }
}
