import { createHmac, randomInt } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { RECOVERY_CODE_COUNT, SECURITY_MESSAGES, STEP_UP_HEADER } from '@parlor/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, DomainError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { admitSignIn, type SignInAttempt, signInSucceeded, type ThrottleRules } from '../users/throttle';
import { securityRepository } from './repository';
import { openSecret, stepOfCode } from './totp';

/**
 * Wrong codes are throttled per account and address as passwords are, and past this many on the
 * account from anywhere within the failure window, every address that never signed in to it waits
 * too: someone holding the password cannot spread 10^6 guesses over many addresses.
 */
export const CODE_ACCOUNT_FREE_FAILURES = 10;
export const CODE_RULES: ThrottleRules = {
  accountFreeFailures: CODE_ACCOUNT_FREE_FAILURES,
  alertOwner: false,
  message: SECURITY_MESSAGES.codesThrottled,
};

/** A code as typed: six digits from the authenticator app, or one of the recovery codes. */
export type SecondFactorCode = { totp: string } | { recovery: string };

/** Recovery codes: 10 characters of an alphabet without look-alikes (0/o, 1/l/i), about 49 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** What was typed, read as an app code or a recovery code; null when it is neither. */
export function parseCode(input: string): SecondFactorCode | null {
  const digits = input.replace(/\s+/g, '');
  if (/^[0-9]{6}$/.test(digits)) return { totp: digits };
  const recovery = input.replace(/[\s-]+/g, '').toLowerCase();
  return /^[a-z0-9]{10}$/.test(recovery) ? { recovery } : null;
}

/** Stored as an HMAC with the server's code key: the table alone reveals no code. */
const recoveryHash = (ctx: Pick<AppContext, 'secrets'>, userId: string, code: string) =>
  createHmac('sha256', ctx.secrets.codeKey).update(`recovery:${userId}:${code}`).digest('hex');

/** A new set of recovery codes as shown (`abcde-fghjk`), and their hashes to store. */
export function newRecoveryCodes(ctx: Pick<AppContext, 'secrets'>, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join(''),
  );
  return {
    shown: codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`),
    hashes: codes.map((c) => recoveryHash(ctx, userId, c)),
  };
}

async function checkTotp(ctx: AppContext, userId: string, code: string, now: Date) {
  const row = await securityRepository.totpOf(ctx.db, userId);
  if (!row?.confirmed_at) return 'wrong' as const;
  const step = stepOfCode(openSecret(ctx, row.secret), code, now);
  if (step === null) return 'wrong' as const;
  return (await securityRepository.useStep(ctx.db, userId, step, now)) ? ('ok' as const) : ('used' as const);
}

function refused(code: SecondFactorCode, outcome: 'wrong' | 'used', field: string): DomainError {
  if ('totp' in code) {
    return outcome === 'used'
      ? badRequest(SECURITY_MESSAGES.codeUsed, 'code_used', field)
      : badRequest(SECURITY_MESSAGES.wrongCode, 'wrong_code', field);
  }
  return outcome === 'used'
    ? badRequest(SECURITY_MESSAGES.recoveryCodeUsed, 'recovery_code_used', field)
    : badRequest(SECURITY_MESSAGES.wrongRecoveryCode, 'wrong_recovery_code', field);
}

/** The throttle's counts of second-factor codes: apart from the password's, under the same rules. */
export const codeAttempt = (user: UserRow, ip: string): SignInAttempt => ({
  account: `2fa:${user.id}`,
  owner: user,
  ip,
});

/**
 * Spends one code of the account's second factor, or throws: 429 while this address (or, past the
 * account's allowance, any address new to it) waits, 400 for a wrong or used code. An app code is
 * accepted for a 30-second step newer than the last one used; a recovery code once.
 */
export async function useCode(
  ctx: AppContext,
  user: UserRow,
  code: SecondFactorCode,
  ip: string,
  field = 'code',
): Promise<void> {
  const attempt = codeAttempt(user, ip);
  await admitSignIn(ctx, attempt, CODE_RULES);
  const now = ctx.clock.now();
  const outcome =
    'totp' in code
      ? await checkTotp(ctx, user.id, code.totp, now)
      : await securityRepository.useRecoveryCode(
          ctx.db,
          user.id,
          recoveryHash(ctx, user.id, code.recovery),
          now,
        );
  if (outcome !== 'ok') throw refused(code, outcome, field);
  await signInSucceeded(ctx, attempt);
}

/** The step-up code of a request without a JSON body. */
export function headerCode(request: FastifyRequest): string | undefined {
  const value = request.headers[STEP_UP_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A money or identity change with two-factor sign-in on needs a fresh code: 403
 * `two_factor_required` without one, the code's own answer when it is wrong. Off, it passes.
 */
export async function requireFreshCode(
  ctx: AppContext,
  auth: AuthContext,
  code: string | undefined,
  ip: string,
): Promise<void> {
  if (auth.user.totp_enabled_at === null) return;
  if (!code) throw new DomainError(403, 'two_factor_required', SECURITY_MESSAGES.stepUpRequired);
  const parsed = parseCode(code);
  if (!parsed) throw badRequest(SECURITY_MESSAGES.wrongCode, 'wrong_code', 'code');
  await useCode(ctx, auth.user, parsed, ip);
}

/**
 * The current password, checked as a sign-in would be (throttled with the account's sign-ins from
 * this address): asked where a stolen session must not be enough, such as adding a sign-in method.
 */
export async function requirePassword(
  ctx: AppContext,
  user: UserRow,
  password: string | undefined,
  ip: string,
): Promise<void> {
  if (!password) throw new DomainError(403, 'password_required', SECURITY_MESSAGES.passwordRequired);
  const attempt = { account: user.id, owner: user, ip };
  await admitSignIn(ctx, attempt);
  if (!(await verify(user.password_hash, password).catch(() => false))) {
    throw badRequest(SECURITY_MESSAGES.wrongPassword, 'wrong_password', 'password');
  }
  await signInSucceeded(ctx, attempt);
}
