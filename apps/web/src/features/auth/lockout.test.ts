import { ACCOUNT_MESSAGES } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countDown, SIGN_IN_THROTTLED, signInAlert } from './lockout';

const locked = (retryAfter: number) => ({
  status: 429,
  code: SIGN_IN_THROTTLED,
  message: ACCOUNT_MESSAGES.signInThrottled(retryAfter),
  retryAfter,
});

describe('the sign-in lockout countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the wait as it stands every second and clears the message when it reaches zero', () => {
    const error = locked(3);
    const shown: (string | null)[] = [];
    countDown(Date.now() + 3000, (left) => shown.push(signInAlert(error, left)));
    expect(shown).toEqual([ACCOUNT_MESSAGES.signInThrottled(3)]);

    vi.advanceTimersByTime(1000);
    expect(shown.at(-1)).toBe('Too many failed sign-ins from here. Please try again in 2 seconds.');
    vi.advanceTimersByTime(1000);
    expect(shown.at(-1)).toBe(ACCOUNT_MESSAGES.signInThrottled(1));
    vi.advanceTimersByTime(1000);
    // Zero: no lockout message, the form is usable again, and the ticking stops.
    expect(shown.at(-1)).toBeNull();
    const ticks = shown.length;
    vi.advanceTimersByTime(5000);
    expect(shown).toHaveLength(ticks);
  });

  it('stops ticking when the form goes away', () => {
    const ticks: number[] = [];
    const stop = countDown(Date.now() + 60_000, (left) => ticks.push(left));
    vi.advanceTimersByTime(2000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(ticks).toEqual([60, 59, 58]);
  });

  it('passes any other refusal through as the server worded it', () => {
    const wrong = { status: 401, code: 'wrong_credentials', message: 'Wrong username or password.' };
    expect(signInAlert(wrong, 0)).toBe('Wrong username or password.');
    expect(signInAlert(null, 0)).toBeNull();
  });
});
