import { ACCOUNT_MESSAGES } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { PeriodicTask } from '../../jobs/scheduler';
import { DomainError } from '../../lib/errors';
import { usersRepository } from './repository';

/** Failed sign-ins an account may have before each further attempt waits. */
export const FREE_FAILURES = 5;
/** Failures older than this (counted from the end of the last wait) are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** The first wait; each failure after it doubles the wait, up to a day. */
export const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 24 * 60 * 60_000;

/** A sign-in refused because the account failed too often; `retryAfterS` goes in Retry-After. */
export class SignInThrottled extends DomainError {
  constructor(readonly retryAfterS: number) {
    super(429, 'sign_in_throttled', ACCOUNT_MESSAGES.signInThrottled(retryAfterS));
  }
}

const waitAfter = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));

/**
 * Admits one sign-in attempt on `account` or throws SignInThrottled. The attempt is counted as a
 * failure before the password is checked and forgotten by `signInSucceeded`, so that concurrent
 * guesses cannot all pass before the first failure is written: the count is in the database, one
 * row locked per attempt, and so holds across server processes.
 */
export async function admitSignIn(ctx: AppContext, account: string): Promise<void> {
  const now = ctx.clock.now();
  const retryAfterMs = await ctx.db.transaction().execute(async (trx) => {
    const row = await usersRepository.lockSignInFailures(trx, account, now);
    const blockedUntil = row.blocked_until?.getTime() ?? 0;
    if (blockedUntil > now.getTime()) return blockedUntil - now.getTime();
    const forgotten =
      Math.max(row.last_failure_at.getTime(), blockedUntil) + FAILURE_WINDOW_MS <= now.getTime();
    const failures = forgotten ? 1 : row.failures + 1;
    const wait = waitAfter(failures);
    await usersRepository.saveSignInFailures(trx, {
      account,
      failures,
      last_failure_at: now,
      blocked_until: wait > 0 ? new Date(now.getTime() + wait) : null,
    });
    return 0;
  });
  if (retryAfterMs > 0) throw new SignInThrottled(Math.ceil(retryAfterMs / 1000));
}

export function signInSucceeded(ctx: AppContext, account: string): Promise<void> {
  return usersRepository.clearSignInFailures(ctx.db, account);
}

export const SIGN_IN_FAILURES_PURGE_JOB = 'sign-in-failures.purge';

/**
 * Counts of failed sign-ins are kept only while they matter: once an account's last failure and
 * any wait are more than the failure window old, the next attempt starts from zero anyway. Most
 * such rows are logins nobody has (typos, guesses), so without this the table only grows.
 */
export const signInFailuresPurgeTask = (ctx: AppContext): PeriodicTask => ({
  name: SIGN_IN_FAILURES_PURGE_JOB,
  intervalMs: 60 * 60_000,
  run: (now) => usersRepository.purgeSignInFailures(ctx.db, new Date(now.getTime() - FAILURE_WINDOW_MS)),
});
