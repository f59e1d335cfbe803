import { createHash } from 'node:crypto';
import { PASSKEY_CHALLENGE_LIFETIME_MS, SECURITY_MESSAGES } from '@parlor/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Config } from '../../config';
import { badRequest } from '../../lib/errors';
import type { PasskeyRow } from './passkeys-repository';

// WebAuthn through @simplewebauthn/server. The relying party is PUBLIC_URL: its host name is the
// RP id (browsers refuse an IP address there) and its origin the only one accepted.

export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Parlor' };
}

export const failed = () => badRequest(SECURITY_MESSAGES.passkeyFailed, 'passkey_failed', 'credential');

/** Challenges are kept as their SHA-256, as tokens are. */
export const challengeHash = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** The challenge the browser signed, read from its client data; a malformed one fails. */
export function signedChallenge(clientDataJSON: string): string {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw failed();
  }
}

/** The WebAuthn user handle of an account: its id's 16 bytes, so one authenticator keeps one passkey per account. */
export const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));
export const userHandleText = (userId: string) => Buffer.from(userHandle(userId)).toString('base64url');

const descriptor = (p: PasskeyRow) => ({ id: p.credential_id, transports: p.transports });

/** Options for navigator.credentials.create(): a discoverable credential with user verification. */
export function creationOptions(
  config: Config,
  user: { id: string; username: string },
  existing: PasskeyRow[],
) {
  const rp = relyingParty(config);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.username,
    userID: userHandle(user.id),
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    // Required, not preferred: a passkey alone signs in, so it must hold its user handle and verify its user.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Options for navigator.credentials.get(): any passkey of this site, or the account's own ones. */
export function requestOptions(
  config: Config,
  passkeys: PasskeyRow[] | null,
  challenge?: Uint8Array<ArrayBuffer>,
) {
  return generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
    // Without a password the passkey is both factors: it must verify its user. As the second factor it need not.
    userVerification: passkeys === null ? 'required' : 'preferred',
    ...(passkeys ? { allowCredentials: passkeys.map(descriptor) } : {}),
    ...(challenge ? { challenge } : {}),
  });
}

/** A new credential, verified against the challenge and this site: what to store of it. */
export async function verifiedRegistration(config: Config, credential: unknown, challenge: string) {
  const rp = relyingParty(config);
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw failed();
  }
  if (!result.verified) throw failed();
  const { credential: made, credentialBackedUp } = result.registrationInfo;
  return {
    credentialId: made.id,
    publicKey: Buffer.from(made.publicKey).toString('base64url'),
    counter: made.counter,
    backedUp: credentialBackedUp,
  };
}

/**
 * An assertion by this stored passkey, verified against the challenge and this site: the new
 * signature counter. The library refuses a counter that did not move forward (a cloned key).
 */
export async function verifiedAssertion(
  config: Config,
  passkey: PasskeyRow,
  credential: unknown,
  challenge: string,
  requireUserVerification: boolean,
): Promise<number> {
  const rp = relyingParty(config);
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    });
    if (!result.verified) throw failed();
    return result.authenticationInfo.newCounter;
  } catch {
    throw failed();
  }
}
