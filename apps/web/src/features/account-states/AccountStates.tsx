import { STORAGE_KEYS } from '@parlor/contract';
import { useEffect } from 'react';
import { apiNotices } from '../../app/api';
import { currentPath, readStorage } from '../../app/browser';
import { useAppDispatch } from '../../app/hooks';
import { pushPopup } from '../popups/popupsSlice';

/**
 * Watches account states that arrive outside a feature's own calls: any 423 answer opens the frozen
 * popup, and a browser that was banned keeps seeing the terminated popup until /unban clears it.
 */
export function AccountStates() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onFrozen = (event: Event) => {
      const message = (event as CustomEvent<string>).detail;
      dispatch(pushPopup({ id: 'account-frozen', kind: 'accountFrozen', props: { message } }));
    };
    apiNotices.addEventListener('frozen', onFrozen);
    return () => apiNotices.removeEventListener('frozen', onFrozen);
  }, [dispatch]);

  useEffect(() => {
    const path = currentPath();
    if (readStorage(STORAGE_KEYS.isBanned) && !path.startsWith('/unban') && !path.startsWith('/login')) {
      dispatch(pushPopup({ id: 'account-terminated', kind: 'accountTerminated', props: { reason: null } }));
    }
  }, [dispatch]);
  return null;
}
