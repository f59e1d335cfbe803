import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '@parlor/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError } from '../../platform/api';

// The browser's side of passkeys, through @simplewebauthn/browser, which is loaded the first time a
// passkey is used or added: the sign-in screen's bundle does without it.

export const PASSKEY_PROBLEMS = {
  unsupported: 'This browser cannot use passkeys.',
  cancelled: 'No passkey was used. Try again when you are ready.',
  taken: 'This device already holds a passkey for your account.',
  address: 'Passkeys do not work on this address of Parlor.',
  failed: 'The passkey did not work. Please try again.',
} as const;

/** Whether this browser offers WebAuthn at all (a secure page in a browser that has it). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

const load = () => import('@simplewebauthn/browser');

/** What a person reads for a WebAuthn failure: a `name` (DOMException) and a library `code`. */
export function passkeyProblem(error: { name?: string; code?: string } | null | undefined): string {
  const code = error?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_PROBLEMS.taken;
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return PASSKEY_PROBLEMS.address;
  switch (error?.name) {
    case 'NotAllowedError':
    case 'AbortError':
      return PASSKEY_PROBLEMS.cancelled;
    case 'InvalidStateError':
      return PASSKEY_PROBLEMS.taken;
    case 'SecurityError':
      return PASSKEY_PROBLEMS.address;
    case 'NotSupportedError':
      return PASSKEY_PROBLEMS.unsupported;
    default:
      return PASSKEY_PROBLEMS.failed;
  }
}

/** Runs a WebAuthn ceremony; its failure becomes an ApiError with a sentence to show. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  if (!passkeysSupported()) throw new ApiError(0, PASSKEY_PROBLEMS.unsupported, 'passkey_unsupported');
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, passkeyProblem(error as { name?: string; code?: string }), 'passkey_browser');
  }
}

/** navigator.credentials.get() with the server's options: the assertion to send back. */
export function signWithPasskey(options: PasskeyRequestOptions): Promise<PasskeyAssertion> {
  return ceremony(async () => {
    const { startAuthentication } = await load();
    // The contract's options are the JSON the server's library wrote for this one.
    const answer = await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    });
    // The Web Authentication spec's JSON, which the contract's loose objects describe (the
    // library's interfaces only lack their index signature).
    return answer as unknown as PasskeyAssertion;
  });
}

/** navigator.credentials.create() with the server's options: the new passkey to register. */
export function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyAttestation> {
  return ceremony(async () => {
    const { startRegistration } = await load();
    const answer = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return answer as unknown as PasskeyAttestation;
  });
}
