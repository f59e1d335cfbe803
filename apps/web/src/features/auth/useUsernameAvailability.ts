import { DEBOUNCE_MS, ERRORS, rules } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../platform/hooks';
import { checkUsername } from './authThunks';

export type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken'; message: string };

/**
 * Asks the server whether a username is free once typing pauses for 2 s. Names that break the
 * local rules are not sent; a newer name aborts the older check.
 */
export function useUsernameAvailability(username: string): Availability {
  const dispatch = useAppDispatch();
  const [result, setResult] = useState<Availability>({ state: 'idle' });

  useEffect(() => {
    const name = rules.normalizeUsername(username);
    if (rules.username(name)) {
      setResult({ state: 'idle' });
      return;
    }
    setResult({ state: 'checking' });
    let pending: ReturnType<ReturnType<typeof checkUsername>> | undefined;
    const timer = setTimeout(() => {
      pending = dispatch(checkUsername(name));
      pending.then((action) => {
        if (checkUsername.fulfilled.match(action)) {
          const { available, message } = action.payload;
          setResult(
            available ? { state: 'available' } : { state: 'taken', message: message ?? ERRORS.usernameTaken },
          );
        } else if (!action.meta.aborted) {
          // The check is a convenience; sign-up itself still rejects a taken name.
          setResult({ state: 'idle' });
        }
      });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      pending?.abort();
    };
  }, [username, dispatch]);

  return result;
}
