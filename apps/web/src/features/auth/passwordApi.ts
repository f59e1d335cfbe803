import { endpoints } from '@parlor/contract';
import { call } from '../../platform/api';

// Password reset by emailed link. Both calls are public: no session is read or needed.

/** POST /v1/auth/password-reset: always the same neutral answer when accepted. */
export const requestPasswordReset = (login: string) =>
  call(endpoints.requestPasswordReset, { body: { login } }, { handleUnauthorized: false });

/** POST /v1/auth/password-reset/check: whether the link still works, asked as its page opens. */
export const checkPasswordReset = (token: string) =>
  call(endpoints.checkPasswordReset, { body: { token } }, { handleUnauthorized: false });

/** POST /v1/auth/password-reset/confirm: the link's token and the new password. */
export const confirmPasswordReset = (token: string, password: string) =>
  call(endpoints.confirmPasswordReset, { body: { token, password } }, { handleUnauthorized: false });

/** The sign-in screen's `?reset=done`: it says the password was changed. */
export const RESET_DONE_QUERY = 'reset=done';
