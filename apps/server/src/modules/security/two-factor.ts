import {
  type RecoveryCodes,
  SECURITY_MESSAGES,
  type TotpSetup,
  type TwoFactorStatus,
  type User,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { toUser } from '../users/dto';
import { users } from '../users/service';
import { admitSignIn, signInSucceeded } from '../users/throttle';
import {
  CODE_RULES,
  codeAttempt,
  newRecoveryCodes,
  parseCode,
  requirePassword,
  type SecondFactorCode,
  useCode,
} from './codes';
import { securityRepository } from './repository';
import { newTotpSecret, openSecret, otpauthUrl, sealSecret, stepOfCode } from './totp';

const alreadyOn = () => conflict(SECURITY_MESSAGES.totpAlreadyOn, 'two_factor_on');
const notOn = () => conflict(SECURITY_MESSAGES.totpOff, 'two_factor_off');

function changed(ctx: AppContext, row: UserRow): User {
  const user = toUser(row);
  ctx.hub.publish(row.id, 'user.update', user);
  return user;
}

/** GET /v1/account/2fa. */
export async function twoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorStatus> {
  return {
    totp: user.totp_enabled_at !== null,
    enabled_at: user.totp_enabled_at?.toISOString() ?? null,
    recovery_codes_left: user.totp_enabled_at
      ? await securityRepository.recoveryCodesLeft(ctx.db, user.id)
      : 0,
  };
}

/**
 * POST /v1/account/2fa/totp: a new secret, pending until a code from it confirms it. The password
 * comes first: a stolen session alone must not be able to put a second factor in front of the owner.
 */
export async function startTotp(
  ctx: AppContext,
  user: UserRow,
  password: string,
  ip: string,
): Promise<TotpSetup> {
  if (user.totp_enabled_at) throw alreadyOn();
  await requirePassword(ctx, user, password, ip);
  const secret = newTotpSecret();
  if (!(await securityRepository.savePendingTotp(ctx.db, user.id, sealSecret(ctx, secret), ctx.clock.now())))
    throw alreadyOn();
  return { secret, otpauth_url: otpauthUrl(secret, user.username) };
}

/**
 * POST /v1/account/2fa/totp/confirm: a code from the app turns two-factor sign-in on, with ten new
 * recovery codes shown this once; the code's step is used, so it cannot sign in as well.
 */
export async function confirmTotp(
  ctx: AppContext,
  user: UserRow,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  if (user.totp_enabled_at) throw alreadyOn();
  const pending = await securityRepository.totpOf(ctx.db, user.id);
  if (!pending || pending.confirmed_at) throw conflict(SECURITY_MESSAGES.totpNotStarted, 'totp_not_started');
  const attempt = codeAttempt(user, ip);
  await admitSignIn(ctx, attempt, CODE_RULES);
  const now = ctx.clock.now();
  const step = stepOfCode(openSecret(ctx, pending.secret), code, now);
  if (step === null) throw badRequest(SECURITY_MESSAGES.wrongCode, 'wrong_code', 'code');
  const { shown, hashes } = newRecoveryCodes(ctx, user.id);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await securityRepository.useStep(trx, user.id, step, now, true))) return null;
    await securityRepository.replaceRecoveryCodes(trx, user.id, hashes, now);
    return users.update(trx, user.id, { totp_enabled_at: now });
  });
  // Another request confirmed it with this very code a moment ago.
  if (!row) throw badRequest(SECURITY_MESSAGES.codeUsed, 'code_used', 'code');
  await signInSucceeded(ctx, attempt);
  changed(ctx, row);
  return { recovery_codes: shown };
}

const parsed = (code: string): SecondFactorCode => {
  const read = parseCode(code);
  if (!read) throw badRequest(SECURITY_MESSAGES.wrongCode, 'wrong_code', 'code');
  return read;
};

/** DELETE /v1/account/2fa: a code or a recovery code turns it off; the secret and codes are deleted. */
export async function disableTwoFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
  ip: string,
): Promise<User> {
  if (!user.totp_enabled_at) throw notOn();
  await useCode(ctx, user, parsed(code), ip);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await securityRepository.deleteTotp(trx, user.id);
    return users.update(trx, user.id, { totp_enabled_at: null });
  });
  return changed(ctx, row);
}

/** POST /v1/account/2fa/recovery-codes: ten new codes for a code; the old ones stop working. */
export async function renewRecoveryCodes(
  ctx: AppContext,
  user: UserRow,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  if (!user.totp_enabled_at) throw notOn();
  await useCode(ctx, user, parsed(code), ip);
  const { shown, hashes } = newRecoveryCodes(ctx, user.id);
  const now = ctx.clock.now();
  await ctx.db
    .transaction()
    .execute((trx) => securityRepository.replaceRecoveryCodes(trx, user.id, hashes, now));
  return { recovery_codes: shown };
}
