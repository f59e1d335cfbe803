import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  type AuthResponse,
  type PasskeyAssertion,
  SECURITY_MESSAGES,
  type SignInResponse,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_LIFETIME_MS,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import { toUser } from '../users/dto';
import { assertNotBanned, createSession, users } from '../users/service';
import { useCode } from './codes';
import { noteDevice, type SignInClient } from './devices';
import { passkeysRepository } from './passkeys-repository';
import { securityRepository } from './repository';
import { failed, requestOptions, verifiedAssertion } from './webauthn';

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');
const expired = (message: string = SECURITY_MESSAGES.signInExpired) =>
  new DomainError(410, 'sign_in_expired', message);

/**
 * A session for an account whose sign-in is complete (password, second factor or passkey): its
 * token, and the device noted (a device the account has not used mails the owner).
 */
export async function startSession(
  ctx: AppContext,
  user: UserRow,
  client: SignInClient,
): Promise<AuthResponse> {
  const { token, tokenId } = await createSession(ctx, user.id, client.userAgent);
  await noteDevice(ctx, user, client, tokenId);
  return { access_token: token, user: toUser(user) };
}

/**
 * The WebAuthn challenge of a sign-in's second step, derived from its own challenge with the
 * server's key: the passkey signs something only this sign-in could present, and nothing more is kept.
 */
const passkeyChallenge = (ctx: AppContext, challenge: string) =>
  new Uint8Array(createHmac('sha256', ctx.secrets.codeKey).update(`passkey-2fa:${challenge}`).digest());

/** After the right password: a session, or with two-factor sign-in on, the challenge of the second step. */
export async function afterPassword(
  ctx: AppContext,
  user: UserRow,
  client: SignInClient,
): Promise<SignInResponse> {
  if (user.totp_enabled_at === null) return startSession(ctx, user, client);
  const challenge = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await securityRepository.insertChallenge(ctx.db, {
    hash: hashOf(challenge),
    userId: user.id,
    now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_LIFETIME_MS),
  });
  const passkeys = user.passkey_count > 0 ? await passkeysRepository.listByUser(ctx.db, user.id) : [];
  return {
    two_factor_required: true,
    challenge,
    passkey:
      passkeys.length > 0
        ? await requestOptions(ctx.config, passkeys, passkeyChallenge(ctx, challenge))
        : null,
  };
}

async function usePasskey(ctx: AppContext, user: UserRow, challenge: string, credential: PasskeyAssertion) {
  const passkey = await passkeysRepository.byCredentialId(ctx.db, credential.id);
  if (passkey?.user_id !== user.id) throw failed();
  const expected = Buffer.from(passkeyChallenge(ctx, challenge)).toString('base64url');
  const counter = await verifiedAssertion(ctx.config, passkey, credential, expected, false);
  if (!(await passkeysRepository.recordUse(ctx.db, passkey.id, counter, ctx.clock.now()))) throw failed();
}

/**
 * POST /v1/auth/2fa: the second factor of a password sign-in, a code, a recovery code or a
 * passkey. A challenge lives 5 minutes, takes 5 tries and signs in once; a replay is refused.
 */
export async function completeTwoFactor(
  ctx: AppContext,
  input: { challenge: string; code?: string; recovery_code?: string; credential?: PasskeyAssertion },
  client: SignInClient,
): Promise<AuthResponse> {
  const hash = hashOf(input.challenge);
  const now = ctx.clock.now();
  const live = await securityRepository.countChallengeTry(ctx.db, hash, now, TWO_FACTOR_CHALLENGE_ATTEMPTS);
  if (!live) {
    const spent = await securityRepository.challenge(ctx.db, hash);
    const outOfTries =
      spent &&
      spent.used_at === null &&
      spent.expires_at > now &&
      spent.attempts >= TWO_FACTOR_CHALLENGE_ATTEMPTS;
    throw expired(outOfTries ? SECURITY_MESSAGES.signInAttempts : undefined);
  }
  const user = await users.byId(ctx.db, live.user_id);
  if (!user || user.deleted_at || user.totp_enabled_at === null) throw expired();
  assertNotBanned(ctx, user);
  if (input.credential) await usePasskey(ctx, user, input.challenge, input.credential);
  else if (input.code) await useCode(ctx, user, { totp: input.code }, client.ip, 'code');
  else if (input.recovery_code)
    await useCode(ctx, user, { recovery: input.recovery_code }, client.ip, 'recovery_code');
  // Two right answers at once: only one of them signs in.
  if (!(await securityRepository.useChallenge(ctx.db, hash, ctx.clock.now()))) throw expired();
  return startSession(ctx, user, client);
}
