import { endpoints } from '@parlor/contract';
import { call } from '../../platform/api';
import { createApiThunk } from '../../platform/requests';
import { reloadUser } from '../settings/settingsApi';
import { createPasskey } from './passkeys';

// The calls of the security settings. Each one that changes what `users/me.two_factor` says
// refreshes the signed-in user, the one cache of it.

export const twoFactorStatus = () => call(endpoints.twoFactorStatus);
/** A new pending secret: nothing is protected until a code from the app confirms it. */
export const startTotp = (password: string) => call(endpoints.startTotp, { body: { password } });

export const confirmTotp = createApiThunk('security/confirmTotp', async (code: string, { dispatch }) => {
  const answer = await call(endpoints.confirmTotp, { body: { code } });
  await dispatch(reloadUser());
  return answer.recovery_codes;
});

/** Turns it off with a code or a recovery code; answers the account as it now is. */
export const disableTwoFactor = (code: string) => call(endpoints.disableTwoFactor, { body: { code } });

export const newRecoveryCodes = async (code: string) =>
  (await call(endpoints.newRecoveryCodes, { body: { code } })).recovery_codes;

export const listPasskeys = async () => (await call(endpoints.listPasskeys)).passkeys;

/**
 * Adds a passkey: creation options (proved by the password, or with two-factor sign-in on by a
 * fresh code the API client asks for), the browser's authenticator, then the server's check.
 */
export const addPasskey = createApiThunk(
  'security/addPasskey',
  async ({ name, password }: { name: string; password?: string }, { dispatch }) => {
    const options = await call(endpoints.passkeyRegistrationOptions, {
      body: password ? { password } : {},
    });
    const credential = await createPasskey(options);
    const passkey = await call(endpoints.registerPasskey, { body: { credential, name } });
    await dispatch(reloadUser());
    return passkey;
  },
);

export const removePasskey = createApiThunk('security/removePasskey', async (id: string, { dispatch }) => {
  await call(endpoints.deletePasskey, { params: { id } });
  await dispatch(reloadUser());
  return id;
});
