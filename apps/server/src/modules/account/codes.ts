import {
  ACCOUNT_MESSAGES,
  type CodeSentResponse,
  DAILY_CODE_LIMIT,
  ERRORS,
  maskEmail,
  RESEND_COOLDOWN_S,
  SUCCESS,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError } from '../../lib/errors';
import { toUser } from '../users/dto';
import { users } from '../users/service';
import {
  type CodeOutcome,
  type CodePurpose,
  checkCode,
  codeCooldownLeft,
  codesSentSince,
  storeCode,
} from '../verification/service';
import { accountRepository } from './repository';

const DAY_MS = 24 * 60 * 60_000;
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

/** Turns a failed check into the answer; called after the commit so counted guesses stay counted. */
export function throwUnlessOk(outcome: CodeOutcome): void {
  switch (outcome) {
    case 'ok':
      return;
    case 'wrong':
      throw badRequest(ERRORS.wrongCode, 'wrong_code', 'code');
    case 'locked':
      throw new DomainError(429, 'code_locked', ACCOUNT_MESSAGES.codeLocked);
    case 'expired':
      throw new DomainError(410, 'code_expired', ERRORS.linkExpired);
    case 'missing':
      throw badRequest(ACCOUNT_MESSAGES.codeMissing, 'code_missing', 'code');
  }
}

const cooldownError = (seconds: number) =>
  new DomainError(429, 'resend_cooldown', ACCOUNT_MESSAGES.resendCooldown(seconds));

/**
 * Mails a fresh code of `purpose`, optionally to a new address first (the different-address stage
 * and the accepted typo suggestion). Refused while the cooldown runs.
 */
async function sendCode(
  ctx: AppContext,
  userId: string,
  purpose: CodePurpose,
  newEmail?: string,
): Promise<{ user: UserRow; changed: boolean }> {
  const now = ctx.clock.now();
  let result: { user: UserRow; changed: boolean };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      let user = await accountRepository.lockUser(trx, userId);
      if (purpose === 'verify_email' && user.email_verified && (!newEmail || newEmail === user.email)) {
        throw conflict(ACCOUNT_MESSAGES.alreadyVerified, 'already_verified');
      }
      const left = await codeCooldownLeft(trx, userId, purpose, now);
      if (left > 0) throw cooldownError(left);
      // Each code admits a few guesses: the daily cap bounds the guesses, so no one guesses a code in days.
      if ((await codesSentSince(trx, userId, new Date(now.getTime() - DAY_MS))) >= DAILY_CODE_LIMIT) {
        throw new DomainError(429, 'code_daily_limit', ACCOUNT_MESSAGES.codeDailyLimit);
      }
      const changed = newEmail !== undefined && newEmail !== user.email.toLowerCase();
      if (changed) {
        // Only an unverified address can be swapped here: a stolen session must not move a verified account.
        if (user.email_verified) throw conflict(ACCOUNT_MESSAGES.alreadyVerified, 'already_verified');
        if (await users.emailTaken(trx, newEmail)) {
          throw conflict(ERRORS.emailTaken, 'email_taken', 'email');
        }
        user = await users.update(trx, userId, { email: newEmail, email_verified: false });
      }
      await storeCode(trx, ctx, user, purpose, now);
      return { user, changed };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ERRORS.emailTaken, 'email_taken', 'email');
    throw e;
  }
  ctx.mailer.wake();
  return { user: result.user, changed: result.changed };
}

/** POST /v1/users/resend-verify (and change-verify-email): a new code for the sign-up address. */
export async function resendVerification(
  ctx: AppContext,
  caller: UserRow,
  email?: string,
): Promise<CodeSentResponse> {
  const { user, changed } = await sendCode(ctx, caller.id, 'verify_email', email);
  if (changed) ctx.hub.publish(user.id, 'user.update', toUser(user));
  return {
    message: SUCCESS.emailSent,
    email: user.email,
    resend_after_s: RESEND_COOLDOWN_S,
    user: toUser(user),
  };
}

/** POST /v1/users/send-verification-code: an action code to the account's address, shown masked. */
export async function sendActionCode(ctx: AppContext, caller: UserRow): Promise<CodeSentResponse> {
  const { user } = await sendCode(ctx, caller.id, 'action');
  return { message: SUCCESS.emailSent, email: maskEmail(user.email), resend_after_s: RESEND_COOLDOWN_S };
}

/** POST /v1/users/verify-email: the code marks the address verified and every tab hears user.update. */
export async function verifyEmail(ctx: AppContext, caller: UserRow, code: string) {
  const now = ctx.clock.now();
  const { outcome, user } = await ctx.db.transaction().execute(async (trx) => {
    const locked = await accountRepository.lockUser(trx, caller.id);
    if (locked.email_verified) return { outcome: 'ok' as const, user: locked };
    const result = await checkCode(trx, ctx, caller.id, 'verify_email', code, now);
    if (result !== 'ok') return { outcome: result, user: locked };
    return { outcome: result, user: await users.update(trx, caller.id, { email_verified: true }) };
  });
  throwUnlessOk(outcome);
  const dto = toUser(user);
  ctx.hub.publish(user.id, 'user.update', dto);
  return { message: SUCCESS.emailVerified, user: dto };
}
