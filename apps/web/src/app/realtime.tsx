import { endpoints, type ServerEventName } from '@parlor/contract';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { accountEffects } from '../features/account-states/accountEvents';
import { selectToken, selectUser } from '../features/auth/authSlice';
import { broadcastingFlagEffects } from '../features/broadcast/broadcastingFlag';
import { inboxEffects, resyncInbox } from '../features/chats/inboxEffects';
import { conversationEffects, resyncOpenConversation } from '../features/conversation/conversationEffects';
import { creditEffects } from '../features/credits/creditEvents';
import { payoutEffects } from '../features/earnings/payoutPopup';
import { mediaEffects } from '../features/media/mediaEvents';
import { selectPopupStack } from '../features/popups/popupsSlice';
import { endSession, wsBaseUrl } from '../platform/api';
import { connectionChanged } from '../platform/connectionSlice';
import { useAppSelector } from '../platform/hooks';
import { addEventEffects, realtimeEvent, runEventEffects } from '../platform/realtimeEvent';
import { createConnection, documentVisibility, holdConnection, type SocketLike } from '../platform/socket';
import type { AppStore } from './store';

// The effects of the features every page has; a screen's code adds its own when it loads.
addEventEffects(
  inboxEffects,
  conversationEffects,
  accountEffects,
  creditEffects,
  mediaEffects,
  payoutEffects,
  broadcastingFlagEffects,
);

const useAppStore = useStore.withTypes<AppStore>();

/** One way for every event: the slices apply it, then the registered effects run. */
export function handleServerEvent(store: AppStore, me: string, event: ServerEventName, data: unknown) {
  const receivedAt = Date.now();
  store.dispatch(realtimeEvent({ event, data, me, receivedAt }));
  runEventEffects(event, data, { dispatch: store.dispatch, getState: store.getState, me, receivedAt });
}

/** Owns the one realtime connection for the signed-in session; renders nothing. */
export function RealtimeConnection() {
  const store = useAppStore();
  const token = useAppSelector(selectToken);
  const me = useAppSelector(selectUser)?._id;

  useEffect(() => {
    if (!token || !me) return;
    const connection = createConnection({
      url: () => `${wsBaseUrl()}${endpoints.realtime.path}?token=${encodeURIComponent(token)}`,
      create: (url) => new WebSocket(url) as unknown as SocketLike,
      visibility: documentVisibility,
      onEvent: (event, data) => handleServerEvent(store, me, event, data),
      onConnectedChange: (connected) => store.dispatch(connectionChanged(connected)),
      onReconnect: () => {
        // Mattermost's rule: after a gap, refetch what may have been missed.
        void store.dispatch(resyncInbox());
        void store.dispatch(resyncOpenConversation());
      },
      onUnauthorized: () => {
        // A ban closes the socket right after its event: the account-terminated popup (with the
        // reason and its own Log out) stays up rather than giving way to the sign-in screen.
        if (selectPopupStack(store.getState()).some((p) => p.kind === 'accountTerminated')) return;
        // A team seat the creator ended closes its socket the same way: back to the own account.
        endSession(token);
      },
    });
    const release = holdConnection(connection);
    connection.start();
    return () => {
      connection.stop();
      release();
    };
  }, [store, token, me]);
  return null;
}
