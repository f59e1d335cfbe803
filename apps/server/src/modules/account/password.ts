import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_BASICS_MESSAGES,
  type ChangePasswordResponse,
  PASSWORD_RESET_COOLDOWN_S,
  PASSWORD_RESET_DAILY_LIMIT,
  PASSWORD_RESET_LIFETIME_MS,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { PeriodicTask } from '../../jobs/scheduler';
import { badRequest, DomainError } from '../../lib/errors';
import { type AuthContext, hashToken, newToken } from '../../plugins/auth';
import { users } from '../users/service';
import { admitSignIn, forgetSignInFailures, signInSucceeded } from '../users/throttle';
import { passwordResetMail } from './password-mail';
import { passwordRepository } from './password-repository';
import { accountRepository } from './repository';

const DAY_MS = 24 * 60 * 60_000;

/** Closes the live connections of sessions just revoked, on every process. */
async function endSockets(ctx: AppContext, tokenIds: string[]) {
  await Promise.all(tokenIds.map((id) => ctx.hub.endSession(id)));
}

/**
 * POST /v1/auth/password-reset: mails a single-use link to the account with this email address
 * or username. The answer is the same whatever happens (no such account, a banned or erased one,
 * the per-account cooldown or daily cap reached), so it tells nobody which accounts exist; the
 * per-address limit is the route's (429 for everyone alike).
 */
export async function requestPasswordReset(ctx: AppContext, login: string): Promise<{ message: string }> {
  const answer = { message: ACCOUNT_BASICS_MESSAGES.resetRequested };
  const user = await users.byLogin(ctx.db, login.replace(/^@/, ''));
  if (!user || user.deleted_at || user.banned_at) return answer;
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction().execute(async (trx) => {
    // One request at a time per account, so the cooldown and the cap hold under concurrent requests.
    await accountRepository.lockUser(trx, user.id);
    const recent = await passwordRepository.recentResets(trx, user.id, new Date(now.getTime() - DAY_MS));
    if (recent.newest && now.getTime() - recent.newest.getTime() < PASSWORD_RESET_COOLDOWN_S * 1000)
      return false;
    if (recent.since >= PASSWORD_RESET_DAILY_LIMIT) return false;
    const fresh = newToken();
    await passwordRepository.insertReset(trx, {
      userId: user.id,
      tokenHash: fresh.hash,
      at: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS),
    });
    // The link and its mail commit together; the mail is sent after the answer, so a slow mail
    // server makes a known account's answer no slower than an unknown one's.
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(fresh.token)}`;
    await ctx.mailer.send(passwordResetMail(user, link), { kind: 'password_reset', db: trx });
    return true;
  });
  if (queued) ctx.mailer.wake();
  return answer;
}

/**
 * POST /v1/auth/password-reset/check: the reset page asks as it opens whether its link still works,
 * so a dead one is said at once rather than after a new password was typed. Nothing is used up;
 * the answers are the confirmation's, and only the token's hash is looked up.
 */
export async function checkPasswordReset(ctx: AppContext, token: string): Promise<{ valid: true }> {
  const reset = assertUsable(await passwordRepository.findReset(ctx.db, hashToken(token)), ctx.clock.now());
  const user = await users.byId(ctx.db, reset.user_id);
  if (!user || user.deleted_at) {
    throw badRequest(ACCOUNT_BASICS_MESSAGES.resetInvalid, 'reset_link_invalid', 'token');
  }
  return { valid: true };
}

/**
 * POST /v1/auth/password-reset/confirm: the link's token sets a new password once. Every session of
 * the account ends (a stolen session must not outlive the reset) and its failed sign-ins are
 * forgotten; the person signs in again with the new password.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  // A forged or dead link is refused before the (deliberately slow) password hash is computed.
  assertUsable(await passwordRepository.findReset(ctx.db, tokenHash), now);
  const passwordHash = await hash(password);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const reset = assertUsable(await passwordRepository.lockReset(trx, tokenHash), now);
    const user = await accountRepository.lockUser(trx, reset.user_id);
    if (user.deleted_at)
      throw badRequest(ACCOUNT_BASICS_MESSAGES.resetInvalid, 'reset_link_invalid', 'token');
    await passwordRepository.useReset(trx, reset.id, now);
    await passwordRepository.setPasswordHash(trx, user.id, passwordHash, now);
    await forgetSignInFailures(trx, user.id);
    return passwordRepository.revokeSessions(trx, user.id, now);
  });
  await endSockets(ctx, ended);
  return { message: ACCOUNT_BASICS_MESSAGES.resetDone };
}

/** The link if it can still be used, else the answer that says why not. */
function assertUsable<T extends { used_at: Date | null; expires_at: Date }>(
  reset: T | undefined,
  now: Date,
): T {
  if (!reset) throw badRequest(ACCOUNT_BASICS_MESSAGES.resetInvalid, 'reset_link_invalid', 'token');
  if (reset.used_at) throw new DomainError(410, 'reset_link_used', ACCOUNT_BASICS_MESSAGES.resetUsed);
  if (reset.expires_at.getTime() <= now.getTime()) {
    throw new DomainError(410, 'reset_link_expired', ACCOUNT_BASICS_MESSAGES.resetExpired);
  }
  return reset;
}

/**
 * POST /v1/users/password: the current password, then the new one. Wrong guesses count with the
 * account's failed sign-ins from this address (the same secret is guessed), so they are throttled
 * alike. Every other
 * session ends; this one stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  auth: AuthContext,
  current: string,
  next: string,
  ip: string,
): Promise<ChangePasswordResponse> {
  const { user } = auth;
  const attempt = { account: user.id, owner: user, ip };
  await admitSignIn(ctx, attempt);
  const ok = await verify(user.password_hash, current).catch(() => false);
  if (!ok) {
    throw badRequest(ACCOUNT_BASICS_MESSAGES.wrongCurrentPassword, 'wrong_password', 'current_password');
  }
  await signInSucceeded(ctx, attempt);
  const now = ctx.clock.now();
  const passwordHash = await hash(next);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await passwordRepository.setPasswordHash(trx, user.id, passwordHash, now);
    return passwordRepository.revokeSessions(trx, user.id, now, auth.tokenId);
  });
  await endSockets(ctx, ended);
  return { message: ACCOUNT_BASICS_MESSAGES.passwordChanged(ended.length), ended_sessions: ended.length };
}

export const PASSWORD_RESETS_PURGE_JOB = 'password-resets.purge';

/** Links used or expired over a day ago are dropped (the daily cap reads only the last day). */
export const passwordResetsPurgeTask = (ctx: AppContext): PeriodicTask => ({
  name: PASSWORD_RESETS_PURGE_JOB,
  intervalMs: 60 * 60_000,
  run: (now) => passwordRepository.purgeResets(ctx.db, new Date(now.getTime() - DAY_MS)),
});
