import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { bannersSlice } from '../features/banners/bannersSlice';
import { registerBroadcastListeners } from '../features/broadcast/broadcastListeners';
import { broadcastSlice } from '../features/broadcast/broadcastSlice';
import { cardsSlice } from '../features/cards/cardsSlice';
import { registerInboxListeners } from '../features/chats/inboxEffects';
import { inboxSlice } from '../features/chats/inboxSlice';
import { registerConversationListeners } from '../features/conversation/conversationEffects';
import { conversationsSlice } from '../features/conversation/conversationSlice';
import { creditsSlice } from '../features/credits/creditsSlice';
import { registerEarningsListeners } from '../features/earnings/earningsListeners';
import { earningsSlice } from '../features/earnings/earningsSlice';
import { fansSlice } from '../features/fans/fansSlice';
import { registerFeedListeners } from '../features/feed/feedListeners';
import { feedSlice } from '../features/feed/feedSlice';
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
 * The slices of screens no first screen shows (automatic messages, discover, purchases, the vault)
 * are not here: each screen's slice adds itself when its code loads (`slice.injectInto(rootReducer)`),
 * so a page's start carries none of their code. Each declares its state here by merging into this
 * interface.
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
  feed: feedSlice.reducer,
  broadcast: broadcastSlice.reducer,
  referrals: referralsSlice.reducer,
  connection: connectionSlice.reducer,
  earnings: earningsSlice.reducer,
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
registerFeedListeners(startAppListening);
registerBroadcastListeners(startAppListening);
registerEarningsListeners(startAppListening);
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
