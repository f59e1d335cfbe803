import {
  PASSKEY_CHALLENGE_LIFETIME_MS,
  PASSKEYS_MAX,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyCreationOptions,
  type PasskeyList,
  type PasskeyRequestOptions,
  SECURITY_MESSAGES,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, DomainError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';
import type { AuthContext } from '../../plugins/auth';
import { toUser } from '../users/dto';
import { assertNotBanned, users } from '../users/service';
import { requireFreshCode, requirePassword } from './codes';
import { type PasskeyRow, passkeysRepository } from './passkeys-repository';
import {
  challengeHash,
  creationOptions,
  failed,
  requestOptions,
  signedChallenge,
  userHandleText,
  verifiedAssertion,
  verifiedRegistration,
} from './webauthn';

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';
const challengeGone = () =>
  new DomainError(410, 'passkey_challenge_expired', SECURITY_MESSAGES.passkeyExpired);
const tooMany = () => conflict(SECURITY_MESSAGES.passkeysMax, 'passkeys_max');

const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  backed_up: row.backed_up,
});

const expiresAt = (ctx: AppContext) => new Date(ctx.clock.now().getTime() + PASSKEY_CHALLENGE_LIFETIME_MS);

function announce(ctx: AppContext, row: UserRow) {
  ctx.hub.publish(row.id, 'user.update', toUser(row));
}

/**
 * POST /v1/account/passkeys/options: a new sign-in method needs proof it is the owner, a fresh
 * code with two-factor sign-in on and the password otherwise, so a stolen session cannot add one.
 */
export async function passkeyRegistrationOptions(
  ctx: AppContext,
  auth: AuthContext,
  proof: { password?: string | undefined; code?: string | undefined },
  ip: string,
): Promise<PasskeyCreationOptions> {
  const { user } = auth;
  if (user.passkey_count >= PASSKEYS_MAX) throw tooMany();
  if (user.totp_enabled_at) await requireFreshCode(ctx, auth, proof.code, ip);
  else await requirePassword(ctx, user, proof.password, ip);
  const existing = await passkeysRepository.listByUser(ctx.db, user.id);
  const options = await creationOptions(ctx.config, user, existing);
  await passkeysRepository.insertChallenge(ctx.db, {
    hash: challengeHash(options.challenge),
    userId: user.id,
    purpose: 'register',
    expiresAt: expiresAt(ctx),
  });
  return options;
}

/** POST /v1/account/passkeys: the browser's new credential, for a challenge of this account's. */
export async function registerPasskey(
  ctx: AppContext,
  user: UserRow,
  credential: { response: { clientDataJSON: string; transports?: string[] | undefined } },
  name: string,
): Promise<Passkey> {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  const now = ctx.clock.now();
  if (!(await passkeysRepository.takeChallenge(ctx.db, challengeHash(challenge), 'register', user.id, now)))
    throw challengeGone();
  const made = await verifiedRegistration(ctx.config, credential, challenge);
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const row = await passkeysRepository.insert(
        trx,
        {
          user_id: user.id,
          credential_id: made.credentialId,
          public_key: made.publicKey,
          counter: made.counter,
          transports: credential.response.transports ?? [],
          name,
          backed_up: made.backedUp,
          created_at: now,
        },
        PASSKEYS_MAX,
      );
      return row ? { row, owner: await users.byId(trx, user.id) } : undefined;
    });
    if (!result) throw tooMany();
    if (result.owner) announce(ctx, result.owner);
    return toPasskey(result.row);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(SECURITY_MESSAGES.passkeyTaken, 'passkey_taken');
    throw e;
  }
}

export async function listPasskeys(ctx: AppContext, user: UserRow): Promise<PasskeyList> {
  return { passkeys: (await passkeysRepository.listByUser(ctx.db, user.id)).map(toPasskey) };
}

/** DELETE /v1/account/passkeys/{id}: with two-factor sign-in on, a fresh code (STEP_UP_HEADER). */
export async function deletePasskey(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  code: string | undefined,
  ip: string,
): Promise<void> {
  const missing = () => notFound(SECURITY_MESSAGES.passkeyNotFound, 'passkey_not_found');
  if (!isUuid(id)) throw missing();
  await requireFreshCode(ctx, auth, code, ip);
  const owner = await ctx.db.transaction().execute(async (trx) => {
    if (!(await passkeysRepository.delete(trx, auth.user.id, id))) return undefined;
    return users.byId(trx, auth.user.id);
  });
  if (!owner) throw missing();
  announce(ctx, owner);
}

/** POST /v1/auth/passkey/options: a challenge any passkey of this site may sign (no account named). */
export async function passkeySignInOptions(ctx: AppContext): Promise<PasskeyRequestOptions> {
  const options = await requestOptions(ctx.config, null);
  await passkeysRepository.insertChallenge(ctx.db, {
    hash: challengeHash(options.challenge),
    userId: null,
    purpose: 'sign_in',
    expiresAt: expiresAt(ctx),
  });
  return options;
}

/**
 * POST /v1/auth/passkey: the account whose passkey signed a live sign-in challenge. The passkey
 * verified its user (a PIN, a fingerprint), so it stands for both factors: no password or code follows.
 */
export async function passkeySignIn(ctx: AppContext, credential: PasskeyAssertion): Promise<UserRow> {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  const now = ctx.clock.now();
  if (!(await passkeysRepository.takeChallenge(ctx.db, challengeHash(challenge), 'sign_in', null, now)))
    throw challengeGone();
  const passkey = await passkeysRepository.byCredentialId(ctx.db, credential.id);
  const unknown = () => new DomainError(401, 'passkey_unknown', SECURITY_MESSAGES.passkeyUnknown);
  if (!passkey) throw unknown();
  const handle = credential.response.userHandle;
  if (handle && handle !== userHandleText(passkey.user_id)) throw failed();
  const counter = await verifiedAssertion(ctx.config, passkey, credential, challenge, true);
  if (!(await passkeysRepository.recordUse(ctx.db, passkey.id, counter, now))) throw failed();
  const user = await users.byId(ctx.db, passkey.user_id);
  if (!user || user.deleted_at) throw unknown();
  assertNotBanned(ctx, user);
  return user;
}
