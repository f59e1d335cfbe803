import { ERRORS, STORAGE_KEYS } from '@parlor/contract';
import { useEffect } from 'react';
import { apiNotices } from '../../platform/api';
import { currentPath, readStorage, redirectTo } from '../../platform/browser';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { uploadsInFlight } from '../media/uploadsSlice';
import { pushPopup } from '../popups/popupsSlice';
import { banOfStored } from './banNotice';
import { bannedKeyAction } from './bannedKey';
import { armBackGuard, atGuardEntry, disarmBackGuard, inAppLeavePath, isLeaving } from './uploadGuard';

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

  // Upload in progress (any of them: a chat's, a broadcast's, an automatic message's, a post's, a
  // photo's): leaving or reloading the page would drop the file, so the browser asks first.
  const uploading = useAppSelector((s) => uploadsInFlight(s) > 0);
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  // Leaving inside the app (a link, Back) would drop it too: the upload-in-progress popup asks
  // first. Links are caught before the router sees the click; Back lands on the guard entry's page.
  // The app's own navigate calls ask through useGuardedNavigate.
  useEffect(() => {
    if (!uploading) return;
    const ask = (to: string | null) =>
      dispatch(pushPopup({ id: 'upload-in-progress', kind: 'uploadInProgress', props: { to } }));
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const to = inAppLeavePath(
        {
          href: anchor.getAttribute('href'),
          target: anchor.getAttribute('target'),
          download: anchor.hasAttribute('download'),
          button: event.button,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        },
        new URL(window.location.href),
      );
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      ask(to);
    };
    const onPopState = () => {
      // Forward onto the guard entry, or the popup's own Leave: nothing to ask.
      if (isLeaving() || atGuardEntry()) return;
      armBackGuard();
      ask(null);
    };
    armBackGuard();
    window.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      disarmBackGuard();
    };
  }, [dispatch, uploading]);

  // The is-banned key outlives the session; what it leads to depends on whether the server still
  // accepts the account (bannedKeyAction).
  const signedIn = useAppSelector((s) => s.auth.user !== null);
  useEffect(() => {
    const stored = readStorage(STORAGE_KEYS.isBanned);
    const action = bannedKeyAction(currentPath(), Boolean(stored), signedIn);
    if (action === 'unban') redirectTo('/unban');
    if (action === 'popup') {
      const ban = banOfStored(stored);
      dispatch(pushPopup({ id: 'account-terminated', kind: 'accountTerminated', props: { ban } }));
    }
  }, [dispatch, signedIn]);
  return null;
}
