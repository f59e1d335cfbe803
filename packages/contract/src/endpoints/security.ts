import { z } from 'zod';
import {
  AdminResetTwoFactorRequest,
  AdminResetTwoFactorResponse,
  EndSessionLinkQuery,
  Passkey,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyOptionsRequest,
  PasskeyRequestOptions,
  PasskeySignInRequest,
  RecoveryCodes,
  RegisterPasskeyRequest,
  TotpConfirmRequest,
  TotpSetup,
  TotpSetupRequest,
  TwoFactorCodeRequest,
  TwoFactorSignInRequest,
  TwoFactorStatus,
} from '../account-security';
import { endpoint } from '../endpoint';
import { IdParams } from '../ids';
import { lazySchema } from '../lazy';
import { AuthResponse, User } from '../users';

/** Two-factor sign-in, recovery codes, passkeys, the new-device mail's link, the admin's reset. */
export const securityEndpoints = {
  twoFactorStatus: endpoint({
    method: 'GET',
    path: '/v1/account/2fa',
    access: 'user',
    response: TwoFactorStatus,
  }),
  /** A new pending secret; it protects nothing until confirmed with a code from the app. */
  startTotp: endpoint({
    method: 'POST',
    path: '/v1/account/2fa/totp',
    access: 'user',
    body: TotpSetupRequest,
    response: TotpSetup,
    errors: [409],
  }),
  confirmTotp: endpoint({
    method: 'POST',
    path: '/v1/account/2fa/totp/confirm',
    access: 'user',
    body: TotpConfirmRequest,
    response: RecoveryCodes,
    errors: [409],
  }),
  /** Turns two-factor sign-in off: a code from the app or a recovery code. Passkeys stay. */
  disableTwoFactor: endpoint({
    method: 'DELETE',
    path: '/v1/account/2fa',
    access: 'user',
    body: TwoFactorCodeRequest,
    response: User,
    errors: [409],
  }),
  /** A new set of recovery codes; the old ones stop working. */
  newRecoveryCodes: endpoint({
    method: 'POST',
    path: '/v1/account/2fa/recovery-codes',
    access: 'user',
    body: TwoFactorCodeRequest,
    response: RecoveryCodes,
    errors: [409],
  }),
  /** The second step of a password sign-in with two-factor sign-in on. */
  completeTwoFactor: endpoint({
    method: 'POST',
    path: '/v1/auth/2fa',
    access: 'public',
    body: TwoFactorSignInRequest,
    response: AuthResponse,
    errors: [410],
  }),
  passkeyRegistrationOptions: endpoint({
    method: 'POST',
    path: '/v1/account/passkeys/options',
    access: 'user',
    body: PasskeyOptionsRequest,
    response: PasskeyCreationOptions,
    errors: [409],
  }),
  registerPasskey: endpoint({
    method: 'POST',
    path: '/v1/account/passkeys',
    access: 'user',
    body: RegisterPasskeyRequest,
    response: Passkey,
    status: 201,
    errors: [409, 410],
  }),
  listPasskeys: endpoint({
    method: 'GET',
    path: '/v1/account/passkeys',
    access: 'user',
    response: PasskeyList,
  }),
  /** With two-factor sign-in on, the fresh code goes in the STEP_UP_HEADER header. */
  deletePasskey: endpoint({
    method: 'DELETE',
    path: '/v1/account/passkeys/:id',
    access: 'user',
    params: IdParams,
    status: 204,
  }),
  /** Sign-in without a password: options for any passkey of this site (no account named). */
  passkeySignInOptions: endpoint({
    method: 'POST',
    path: '/v1/auth/passkey/options',
    access: 'public',
    response: PasskeyRequestOptions,
  }),
  passkeySignIn: endpoint({
    method: 'POST',
    path: '/v1/auth/passkey',
    access: 'public',
    body: PasskeySignInRequest,
    response: AuthResponse,
    errors: [401, 403, 410],
  }),
  /** The new-device mail's link: a page with one button that ends that session. */
  endSessionPage: endpoint({
    method: 'GET',
    path: '/v1/auth/sessions/end',
    access: 'public',
    transport: 'file',
    query: EndSessionLinkQuery,
  }),
  endSessionByLink: endpoint({
    method: 'POST',
    path: '/v1/auth/sessions/end',
    access: 'public',
    transport: 'file',
    query: EndSessionLinkQuery,
  }),
  /** Someone lost every factor: an admin who confirmed who they are removes them all. */
  adminResetTwoFactor: endpoint({
    method: 'DELETE',
    path: '/v1/admin/users/:id/2fa',
    access: 'admin',
    params: lazySchema(() => z.object({ id: z.string().max(64) })),
    body: AdminResetTwoFactorRequest,
    response: AdminResetTwoFactorResponse,
  }),
} as const;
