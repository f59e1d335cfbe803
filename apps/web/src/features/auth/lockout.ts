import { ACCOUNT_MESSAGES } from '@parlor/contract';
import { useEffect, useState } from 'react';
import type { ApiErrorInfo } from '../../platform/api';

/** The server's code for a sign-in refused while this address waits after failed tries. */
export const SIGN_IN_THROTTLED = 'sign_in_throttled';

/** Whole seconds from `now` until `until` (both epoch ms), never below zero. */
export const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));

/**
 * Calls `onTick` with the seconds left now, then once a second until none are left, and stops
 * there. Answers a stop for the caller's cleanup.
 */
export function countDown(until: number, onTick: (left: number) => void, now = Date.now): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const left = secondsLeft(until, now());
    onTick(left);
    if (left === 0 && timer !== undefined) clearInterval(timer);
    return left;
  };
  if (tick() > 0) timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}

/** The wait an answer asks for, in seconds: none unless it is a sign-in lockout. */
const waitOf = (error: ApiErrorInfo | null) =>
  error?.code === SIGN_IN_THROTTLED && error.retryAfter ? error.retryAfter : 0;

/** The seconds a refused sign-in still has to wait, counting down from the answer's `retryAfter`. */
export function useLockout(error: ApiErrorInfo | null): number {
  const [tick, setTick] = useState<{ error: ApiErrorInfo | null; left: number }>({ error: null, left: 0 });
  useEffect(() => {
    const wait = waitOf(error);
    if (wait === 0) return;
    return countDown(Date.now() + wait * 1000, (left) => setTick({ error, left }));
  }, [error]);
  // Until the first tick of a new answer is in, its full wait stands (no frame without the message).
  return tick.error === error ? tick.left : waitOf(error);
}

/**
 * What the sign-in form says above its fields: while locked, the wait as it now stands (so the
 * number goes down as the person watches); once it is over, nothing; otherwise the server's words.
 * Wrong codes of the second step wait with words of their own.
 */
export function signInAlert(
  error: ApiErrorInfo | null,
  lockedFor: number,
  waitMessage: (seconds: number) => string = ACCOUNT_MESSAGES.signInThrottled,
): string | null {
  if (!error) return null;
  if (error.code !== SIGN_IN_THROTTLED || error.retryAfter === undefined) return error.message;
  return lockedFor > 0 ? waitMessage(lockedFor) : null;
}
