import { createHmac } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { PeriodicTask } from '../../jobs/scheduler';
import { DomainError } from '../../lib/errors';
import { signInAlertMail } from './sign-in-alert-mail';
import { type FailureKey, type FailureRow, throttleRepository } from './throttle-repository';

/** Failed sign-ins one address may have on one account before each further attempt there waits. */
export const FREE_FAILURES = 5;
/** The same while the account is under attack, for an address that never signed in to it. */
export const FREE_FAILURES_UNDER_ATTACK = 2;
/** Failed sign-ins one address may have over all accounts before each further attempt waits. */
export const ADDRESS_FREE_FAILURES = 20;
/**
 * Failures on an account, from anywhere, that put it under attack: its owner is mailed, and every
 * attempt on it answers after SLOW_DOWN_MS. No count on the account itself ever refuses anyone.
 */
export const ATTACK_FAILURES = 5;
export const SLOW_DOWN_MS = 1000;
/** Failures older than this (counted from the end of the last wait) are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** The first wait; each failure after it doubles the wait, up to a day. */
export const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 24 * 60 * 60_000;
/** The owner hears about an attack at most this often. */
export const ALERT_INTERVAL_MS = 24 * 60 * 60_000;
/** An address not signed in from for this long is unknown again. */
export const KNOWN_ADDRESS_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;

/** A sign-in refused because of failures from this address; `retryAfterS` goes in Retry-After. */
export class SignInThrottled extends DomainError {
  constructor(
    readonly retryAfterS: number,
    message: string = ACCOUNT_MESSAGES.signInThrottled(retryAfterS),
  ) {
    super(429, 'sign_in_throttled', message, { retry_after: retryAfterS });
  }
}

/** How attempts of one kind are held back. */
export interface ThrottleRules {
  /**
   * Failures on the account, from anywhere, after which every address that never signed in to it
   * waits too (doubling as an address's own wait does). Passwords have none: nobody can lock an
   * owner out by guessing. A second factor is only asked of someone who has the password, so its
   * codes are capped per account as well, against guessing from many addresses.
   */
  accountFreeFailures: number;
  /** Whether an attack mails the owner (the mail speaks of wrong passwords). */
  alertOwner: boolean;
  /** The 429's message for a wait of this many seconds. */
  message: (seconds: number) => string;
}

export const PASSWORD_RULES: ThrottleRules = {
  accountFreeFailures: Number.POSITIVE_INFINITY,
  alertOwner: true,
  message: ACCOUNT_MESSAGES.signInThrottled,
};

/** Who is signing in to what from where. `owner` is null for a name no account has. */
export interface SignInAttempt {
  /** The user's id, or `login:<name>` for a name no account has (throttled alike). */
  account: string;
  owner: { id: string; email: string; username: string } | null;
  /** The client address as the server sees it (request.ip, TRUST_PROXY decides). */
  ip: string;
}

const keyed = (ctx: AppContext, value: string) =>
  createHmac('sha256', ctx.secrets.addressKey).update(value).digest('base64url');
/** An address as the failure counts store it: keyed, so the table holds no address in the clear. */
const addressOf = (ctx: AppContext, ip: string) => keyed(ctx, `address:${ip}`);
/** An address as an account's known addresses store it: the same address differs per account. */
const knownAddressOf = (ctx: AppContext, userId: string, ip: string) => keyed(ctx, `${userId}:${ip}`);

const waitAfter = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - free));
const waitLeft = (row: FailureRow, now: number) => Math.max(0, (row.blocked_until?.getTime() ?? 0) - now);
/** The row's failures still in the window at `now`. */
const failuresAt = (row: FailureRow, now: number) =>
  Math.max(row.last_failure_at.getTime(), row.blocked_until?.getTime() ?? 0) + FAILURE_WINDOW_MS <= now
    ? 0
    : row.failures;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The three counts an attempt touches, in primary-key order ('' sorts first). */
const keysOf = (ctx: AppContext, attempt: SignInAttempt): [FailureKey, FailureKey, FailureKey] => {
  const address = addressOf(ctx, attempt.ip);
  return [
    { account: '', address },
    { account: attempt.account, address: '' },
    { account: attempt.account, address },
  ];
};

/**
 * Admits one sign-in attempt or throws SignInThrottled. Only the failures of this address refuse
 * it (on this account, or over all accounts); failures elsewhere on the account slow every
 * attempt on it down and give an address that never signed in to it a smaller allowance (and,
 * under `rules.accountFreeFailures`, past that many make such addresses wait), but never lock the
 * owner out from an address they signed in from before. The attempt is counted as a failure before the password is checked
 * and taken back by `signInSucceeded`, so concurrent guesses cannot all pass before the first
 * failure is written; the counts are in the database, so they hold across server processes.
 */
export async function admitSignIn(
  ctx: AppContext,
  attempt: SignInAttempt,
  rules: ThrottleRules = PASSWORD_RULES,
): Promise<void> {
  const now = ctx.clock.now();
  const at = now.getTime();
  const known =
    attempt.owner !== null &&
    (await throttleRepository.isKnownAddress(
      ctx.db,
      attempt.owner.id,
      knownAddressOf(ctx, attempt.owner.id, attempt.ip),
    ));
  const keys = keysOf(ctx, attempt);
  const verdict = await ctx.db.transaction().execute(async (trx) => {
    const [address, account, pair] = await throttleRepository.lockFailures(trx, keys, now);
    const wait = Math.max(waitLeft(address, at), waitLeft(pair, at), known ? 0 : waitLeft(account, at));
    if (wait > 0) return { wait, underAttack: false, attacked: false };
    const underAttack = failuresAt(account, at) >= ATTACK_FAILURES;
    const free = underAttack && !known ? FREE_FAILURES_UNDER_ATTACK : FREE_FAILURES;
    const count = async (key: FailureKey, row: FailureRow, allowance: number) => {
      const failures = failuresAt(row, at) + 1;
      const blockFor = waitAfter(failures, allowance);
      await throttleRepository.saveFailures(trx, key, {
        failures,
        last_failure_at: now,
        blocked_until: blockFor > 0 ? new Date(at + blockFor) : null,
      });
      return failures;
    };
    await count(keys[0], address, ADDRESS_FREE_FAILURES);
    const accountFailures = await count(keys[1], account, rules.accountFreeFailures);
    await count(keys[2], pair, free);
    return { wait: 0, underAttack, attacked: accountFailures >= ATTACK_FAILURES };
  });
  if (verdict.wait > 0) {
    const seconds = Math.ceil(verdict.wait / 1000);
    throw new SignInThrottled(seconds, rules.message(seconds));
  }
  // Claimed after the commit, in a statement of its own: the users row is never locked while
  // failure rows are (a password reset takes them the other way round).
  const { owner } = attempt;
  if (
    verdict.attacked &&
    rules.alertOwner &&
    owner &&
    (await throttleRepository.claimAlert(ctx.db, owner.id, now, new Date(at - ALERT_INTERVAL_MS)))
  ) {
    // Not awaited: the answer must not tell, by its time, that a mail went out.
    ctx.mailer
      .send(signInAlertMail(owner, ctx.config.publicUrl), { kind: 'sign_in_alert' })
      .catch((err: unknown) => {
        console.error('sign-in alert mail not queued', err);
      });
  }
  if (verdict.underAttack) await sleep(SLOW_DOWN_MS);
}

/**
 * The right password (or code): this attempt's counted failure is taken back and, unless a second
 * factor is still to come (`complete` false), the address is remembered as one the owner signs in from.
 */
export async function signInSucceeded(
  ctx: AppContext,
  attempt: SignInAttempt,
  complete = true,
): Promise<void> {
  const [address, account, pair] = keysOf(ctx, attempt);
  // One row per statement, so these never wait on each other's locks.
  await throttleRepository.uncount(ctx.db, address, ADDRESS_FREE_FAILURES);
  await throttleRepository.uncount(ctx.db, account);
  await throttleRepository.clear(ctx.db, pair);
  if (attempt.owner && complete) await rememberSignIn(ctx, attempt.owner.id, attempt.ip);
}

/** The address a session was started from (sign-in or sign-up) becomes known to the account. */
export function rememberSignIn(ctx: AppContext, userId: string, ip: string): Promise<void> {
  return throttleRepository.rememberAddress(ctx.db, userId, knownAddressOf(ctx, userId, ip), ctx.clock.now());
}

/** A new password: every count on the account is forgotten. */
export function forgetSignInFailures(db: AppContext['db'], userId: string): Promise<void> {
  return throttleRepository.clearAccount(db, userId);
}

/** For the metrics: accounts under attack now, and addresses (any account) made to wait now. */
export function signInPressure(ctx: AppContext) {
  const now = ctx.clock.now();
  return throttleRepository.pressure(
    ctx.db,
    now,
    new Date(now.getTime() - FAILURE_WINDOW_MS),
    ATTACK_FAILURES,
  );
}

export const SIGN_IN_FAILURES_PURGE_JOB = 'sign-in-failures.purge';

/**
 * Counts of failed sign-ins are kept only while they matter: once a row's last failure and any
 * wait are more than the failure window old, the next attempt starts from zero anyway. Most
 * rows are logins nobody has and
 * addresses that failed once, so without this the table only grows; known addresses unused for
 * KNOWN_ADDRESS_DAYS go too.
 */
export const signInFailuresPurgeTask = (ctx: AppContext): PeriodicTask => ({
  name: SIGN_IN_FAILURES_PURGE_JOB,
  intervalMs: 60 * 60_000,
  run: async (now) => {
    const failures = await throttleRepository.purgeFailures(
      ctx.db,
      new Date(now.getTime() - FAILURE_WINDOW_MS),
    );
    const addresses = await throttleRepository.forgetAddresses(
      ctx.db,
      new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS),
    );
    return failures + addresses;
  },
});
