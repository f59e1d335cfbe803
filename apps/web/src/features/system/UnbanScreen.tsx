import { STORAGE_KEYS, TEXTS, UNBAN_COUNTDOWN_S } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { redirectTo, removeStorage, storedToken } from '../../platform/browser';
import { ShieldIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { SystemPage } from './SystemPage';

/** Long enough for 'Clearing token...' to be read, short enough not to feel slow. */
const CLEARING_MS = 600;

/**
 * /unban: clears the is-banned flag, then counts down from 5 s and sends the user
 * to the app when a token is kept, else to sign-in.
 */
export function UnbanScreen() {
  const [cleared, setCleared] = useState(false);
  const [seconds, setSeconds] = useState(UNBAN_COUNTDOWN_S);

  useEffect(() => {
    removeStorage(STORAGE_KEYS.isBanned);
    const timer = setTimeout(() => setCleared(true), CLEARING_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!cleared) return;
    if (seconds <= 0) {
      redirectTo(storedToken() ? '/' : '/login');
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cleared, seconds]);

  if (!cleared) {
    return <SystemPage icon={<Spinner size={25} decorative />} title={TEXTS.unbanClearing} />;
  }
  return (
    <SystemPage icon={<ShieldIcon size={30} />} tone="success" title={TEXTS.unbanDone}>
      <p aria-live="polite">{TEXTS.unbanRedirect(Math.max(seconds, 0))}</p>
    </SystemPage>
  );
}
