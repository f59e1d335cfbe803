import {
  type AuthResponse,
  ERRORS,
  endpoints,
  isTwoFactorChallenge,
  LOGOUT_REDIRECT_MS,
  SECURITY_MESSAGES,
  type SignInRequest,
  type SignInResponse,
  type SignUpRequest,
  type TwoFactorSignInRequest,
  type UpdateUserRequest,
  type User,
} from '@parlor/contract';
import { ApiError, call } from '../../platform/api';
import { clearStoredSession, redirectTo, storeToken } from '../../platform/browser';
import { earlyOrCall } from '../../platform/early';
import { createApiThunk } from '../../platform/requests';
import { inSeat, rememberSeatPermissions } from '../../platform/seatSession';
import { postToServiceWorker, setupServiceWorker } from '../../platform/serviceWorker';
import { dropPushSubscription } from '../push/push';
import { signWithPasskey } from '../security/passkeys';
import { backToOwnAccount } from '../team/workspaceSwitch';
import { SIGN_IN_EXPIRED } from './authModel';

function startSession(answer: AuthResponse): AuthResponse {
  storeToken(answer.access_token);
  setupServiceWorker(answer.user, answer.access_token);
  return answer;
}

/**
 * POST /v1/auth with an email or username: a session, or, with two-factor sign-in on, the
 * challenge its second step (POST /v1/auth/2fa) completes; no session starts until then.
 */
export const signIn = createApiThunk('auth/signIn', async (body: SignInRequest): Promise<SignInResponse> => {
  try {
    // A 401 here is a wrong password, not an expired session: no redirect.
    const answer = await call(endpoints.signIn, { body }, { handleUnauthorized: false });
    return isTwoFactorChallenge(answer) ? answer : startSession(answer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new ApiError(401, ERRORS.wrongLogin, error.code);
    }
    throw error;
  }
});

/** The session a sign-in answer started, or null while its second factor is still to come. */
export const sessionOf = (answer: SignInResponse): AuthResponse | null =>
  isTwoFactorChallenge(answer) ? null : answer;

/** What the second step of a password sign-in answers with: a code, a recovery code or a passkey. */
export type SecondFactor = { code: string } | { recovery_code: string } | 'passkey';

/**
 * POST /v1/auth/2fa: the challenge the password's answer gave and one second factor. A passkey
 * signs the options that came with the challenge.
 */
export const completeTwoFactor = createApiThunk(
  'auth/completeTwoFactor',
  async (factor: SecondFactor, { getState }) => {
    const pending = getState().auth.secondFactor;
    if (!pending) throw new ApiError(410, SECURITY_MESSAGES.signInExpired, SIGN_IN_EXPIRED);
    const answer: Omit<TwoFactorSignInRequest, 'challenge'> =
      factor === 'passkey' ? { credential: await signWithPasskey(pending.passkey ?? noPasskey()) } : factor;
    const body = { challenge: pending.challenge, ...answer };
    return startSession(await call(endpoints.completeTwoFactor, { body }, { handleUnauthorized: false }));
  },
);

const noPasskey = (): never => {
  throw new ApiError(400, SECURITY_MESSAGES.oneSecondFactor, 'no_passkey');
};

/**
 * Signing in without a password: the browser offers this site's passkeys, and the one chosen
 * verified its user (PIN, fingerprint), so it stands for both factors.
 */
export const passkeySignIn = createApiThunk('auth/passkeySignIn', async () => {
  const options = await call(endpoints.passkeySignInOptions);
  const credential = await signWithPasskey(options);
  return startSession(
    await call(endpoints.passkeySignIn, { body: { credential } }, { handleUnauthorized: false }),
  );
});

/** POST /v1/users/sign; the email data adds web and react_flow. */
export const signUp = createApiThunk('auth/signUp', async (body: SignUpRequest) => {
  const answer = await call(endpoints.signUp, { body: { ...body, web: true, react_flow: true } });
  return startSession(answer);
});

/** Start-up with a stored token: who is signed in. One load at a time (StrictMode runs effects twice). */
export const loadSession = createApiThunk<User>(
  'auth/loadSession',
  async (_arg, { getState }) => {
    const user = await earlyOrCall(endpoints.me);
    const { token } = getState().auth;
    // A team seat's session is the creator's account worked by someone else: her notifications
    // are her own devices', so the worker keeps the member's own session.
    if (user.acting_member) rememberSeatPermissions(user.acting_member.permissions);
    else if (token) setupServiceWorker(user, token);
    return user;
  },
  (_, getState) => getState().auth.status !== 'Fetching',
);

/** PATCH /v1/users/{id} with the changed values only. */
export const updateUser = createApiThunk(
  'auth/updateUser',
  async (changes: UpdateUserRequest, { getState }) => {
    const { user } = getState().auth;
    if (!user) throw new ApiError(401, ERRORS.unauthorized, 'unauthorized');
    return call(endpoints.updateUser, { params: { id: user._id }, body: changes });
  },
);

/**
 * Logout revokes the token, clears stored data and the user, then redirects to /login, or to the
 * deployment's landing page when it has one (`landing_url`), after 200 ms. The redirect is a full
 * page load so no state of the old session survives. A guest's logout goes the same way.
 */
export const logout = createApiThunk('auth/logout', async (_arg, { getState }) => {
  // Signing out of a team seat leaves the seat: the member's own session is still theirs.
  if (inSeat()) return backToOwnAccount();
  // While the session still works: the server forgets this browser's push subscription.
  await dropPushSubscription();
  try {
    await call(endpoints.signOut, {}, { handleUnauthorized: false });
  } catch {
    // Signing out must always succeed locally, even offline or with a revoked token.
  }
  clearStoredSession();
  void postToServiceWorker({ type: 'logout' });
  // Read last: a guest's logout starts while the provider config that asked for it is being stored.
  const landing = getState().providerConfig.config?.landing_url ?? null;
  setTimeout(() => redirectTo(landing ?? '/login'), LOGOUT_REDIRECT_MS);
});

/** GET /v1/username-available: whether a username can still be taken. */
export const checkUsername = createApiThunk('auth/checkUsername', async (username: string, { signal }) =>
  call(endpoints.usernameAvailable, { query: { username } }, { signal }),
);
