import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { autoMessagesSlice } from '../features/automessages/autoMessagesSlice';
import { bannersSlice } from '../features/banners/bannersSlice';
import { registerBroadcastListeners } from '../features/broadcast/broadcastListeners';
import { broadcastSlice } from '../features/broadcast/broadcastSlice';
import { cardsSlice } from '../features/cards/cardsSlice';
import { registerInboxListeners } from '../features/chats/inboxEffects';
import { inboxSlice } from '../features/chats/inboxSlice';
import { registerConversationListeners } from '../features/conversation/conversationEffects';
import { conversationsSlice } from '../features/conversation/conversationSlice';
import { creditsSlice } from '../features/credits/creditsSlice';
import { discoverSlice } from '../features/discover/discoverSlice';
import { registerEarningsListeners } from '../features/earnings/earningsListeners';
import { earningsSlice } from '../features/earnings/earningsSlice';
import { fansSlice } from '../features/fans/fansSlice';
import { registerFeedListeners } from '../features/feed/feedListeners';
import { feedSlice } from '../features/feed/feedSlice';
import { uploadsSlice } from '../features/media/uploadsSlice';
import { noticesSlice } from '../features/notices/noticesSlice';
import { popupsSlice } from '../features/popups/popupsSlice';
import { providerConfigSlice } from '../features/provider/providerConfigSlice';
import { purchasesSlice } from '../features/purchases/purchasesSlice';
import { registerPushListeners } from '../features/push/pushListeners';
import { referralsSlice } from '../features/referrals/referralsSlice';
import { subscriptionsSlice } from '../features/subscriptions/subscriptionsSlice';
import { vaultSlice } from '../features/vault/vaultSlice';
import { connectionSlice } from './connectionSlice';
import { listeners, startAppListening } from './listeners';
import { requestsSlice } from './requests';

/** `observe` lets tests watch every action that reaches the reducers. */
export function createStore(observe?: Middleware) {
  return configureStore({
    reducer: {
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
      discover: discoverSlice.reducer,
      feed: feedSlice.reducer,
      broadcast: broadcastSlice.reducer,
      purchases: purchasesSlice.reducer,
      referrals: referralsSlice.reducer,
      vault: vaultSlice.reducer,
      connection: connectionSlice.reducer,
      autoMessages: autoMessagesSlice.reducer,
      earnings: earningsSlice.reducer,
      notices: noticesSlice.reducer,
      uploads: uploadsSlice.reducer,
    },
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
