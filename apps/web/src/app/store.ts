import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { bannersSlice } from '../features/banners/bannersSlice';
import { registerBroadcastingFlag } from '../features/broadcast/broadcastingFlag';
import { cardsSlice } from '../features/cards/cardsSlice';
import { registerInboxListeners } from '../features/chats/inboxEffects';
import { inboxSlice } from '../features/chats/inboxSlice';
import { registerConversationListeners } from '../features/conversation/conversationEffects';
import { conversationsSlice } from '../features/conversation/conversationSlice';
import { creditsSlice } from '../features/credits/creditsSlice';
import { registerPayoutPopup } from '../features/earnings/payoutPopup';
import { fansSlice } from '../features/fans/fansSlice';
import { registerUnreadFeedsListener } from '../features/feed/unreadFeedsListener';
import { uploadsSlice } from '../features/media/uploadsSlice';
import { noticesSlice } from '../features/notices/noticesSlice';
import { popupsSlice } from '../features/popups/popupsSlice';
import { providerConfigSlice } from '../features/provider/providerConfigSlice';
import { registerPushListeners } from '../features/push/pushListeners';
import { referralsSlice } from '../features/referrals/referralsSlice';
import { subscriptionsSlice } from '../features/subscriptions/subscriptionsSlice';
import { connectionSlice } from './connectionSlice';
import { listeners, startAppListening } from './listeners';
import { requestsSlice } from './requests';

/**
 * The slices of screens no first screen shows (automatic messages, broadcasts, discover, earnings,
 * feeds, purchases, the vault) are not here: each screen's slice adds itself when its code loads
 * (`slice.injectInto(rootReducer)`), and its listeners with it, so a page's start carries none of
 * their code. Each declares its state here by merging into this interface. What must work before
 * such a screen is opened (the payout popup, the Feed badge, `is_broadcasting`) is registered below.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the lazily added slices declare the members.
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({
  auth: authSlice.reducer,
  popups: popupsSlice.reducer,
  banners: bannersSlice.reducer,
  providerConfig: providerConfigSlice.reducer,
  requests: requestsSlice.reducer,
  credits: creditsSlice.reducer,
  cards: cardsSlice.reducer,
  subscriptions: subscriptionsSlice.reducer,
  inbox: inboxSlice.reducer,
  fans: fansSlice.reducer,
  conversations: conversationsSlice.reducer,
  referrals: referralsSlice.reducer,
  connection: connectionSlice.reducer,
  notices: noticesSlice.reducer,
  uploads: uploadsSlice.reducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

/** `observe` lets tests watch every action that reaches the reducers. */
export function createStore(observe?: Middleware) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => {
      const middleware = getDefault().prepend(listeners.middleware);
      return observe ? middleware.concat(observe) : middleware;
    },
  });
}

registerInboxListeners(startAppListening);
registerConversationListeners(startAppListening);
registerUnreadFeedsListener(startAppListening);
registerBroadcastingFlag(startAppListening);
registerPayoutPopup(startAppListening);
registerPushListeners(startAppListening);

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

// Written with AppStore: inside this block RootState and AppDispatch would name storeTypes' own.
declare module './storeTypes' {
  interface StoreTypes {
    state: ReturnType<AppStore['getState']>;
    dispatch: AppStore['dispatch'];
  }
}
