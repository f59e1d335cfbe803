import { ERRORS, STORAGE_KEYS } from '@parlor/contract';
import { useEffect } from 'react';
import { apiNotices } from '../../app/api';
import { currentPath, readStorage, redirectTo } from '../../app/browser';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pushPopup } from '../popups/popupsSlice';
import { bannedKeyAction } from './bannedKey';
import { uploadsInFlight } from './uploadGuard';

export const MESSAGING_DISABLED_TITLE = 'Messaging disabled';

/**
 * Watches account states that arrive outside a feature's own calls: any 423 answer opens the frozen
 * popup (so does a freeze announced live), a 451 on a chat call the messaging-disabled popup, and a
 * browser that was banned sees the terminated popup until the ban is lifted and /unban clears it.
 */
export function AccountStates() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onFrozen = (event: Event) => {
      const message = (event as CustomEvent<string>).detail;
      dispatch(pushPopup({ id: 'account-frozen', kind: 'accountFrozen', props: { message } }));
    };
    const onMessagingDisabled = (event: Event) => {
      const text = (event as CustomEvent<string>).detail;
      dispatch(
        pushPopup({
          id: 'messaging-disabled',
          kind: 'basic',
          props: { title: MESSAGING_DISABLED_TITLE, text },
        }),
      );
    };
    apiNotices.addEventListener('frozen', onFrozen);
    apiNotices.addEventListener('messagingDisabled', onMessagingDisabled);
    return () => {
      apiNotices.removeEventListener('frozen', onFrozen);
      apiNotices.removeEventListener('messagingDisabled', onMessagingDisabled);
    };
  }, [dispatch]);

  // A freeze made while the page is open arrives as user.update: the popup shows at once.
  const frozenMessage = useAppSelector((s) =>
    s.auth.user?.frozen ? (s.auth.user.frozen_message ?? '') : null,
  );
  useEffect(() => {
    if (frozenMessage === null) return;
    dispatch(
      pushPopup({
        id: 'account-frozen',
        kind: 'accountFrozen',
        props: { message: frozenMessage || ERRORS.frozen },
      }),
    );
  }, [dispatch, frozenMessage]);

  // Upload in progress: leaving or reloading the page would drop the file, so the browser asks first.
  const uploading = useAppSelector((s) => uploadsInFlight(s.conversations.byUser) > 0);
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  // The is-banned key outlives the session; what it leads to depends on whether the server still
  // accepts the account (bannedKeyAction).
  const signedIn = useAppSelector((s) => s.auth.user !== null);
  useEffect(() => {
    const action = bannedKeyAction(currentPath(), Boolean(readStorage(STORAGE_KEYS.isBanned)), signedIn);
    if (action === 'unban') redirectTo('/unban');
    if (action === 'popup') {
      dispatch(pushPopup({ id: 'account-terminated', kind: 'accountTerminated', props: { reason: null } }));
    }
  }, [dispatch, signedIn]);
  return null;
}
