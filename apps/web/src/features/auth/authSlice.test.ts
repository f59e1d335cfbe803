import { ERRORS, SECURITY_MESSAGES, type User } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import type { AuthState } from './authModel';
import { authSlice, creditsChanged, secondFactorLeft } from './authSlice';
import { completeTwoFactor, loadSession, logout, passkeySignIn, signIn, signUp } from './authThunks';

const reduce = authSlice.reducer;
const challenge = { two_factor_required: true as const, challenge: 'c1', passkey: null };

const user = { _id: 'u1', username: 'alex', credits: 120, email_verified: false } as User;
const signedOut: AuthState = {
  token: null,
  user: null,
  status: 'None',
  signingOut: false,
  secondFactor: null,
};
const signedIn: AuthState = { token: 'tok', user, status: 'Fetched', signingOut: false, secondFactor: null };

describe('auth reducer', () => {
  it('starts without a token when nothing is stored', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual(signedOut);
  });

  it('keeps the token and user after signing in', () => {
    const action = signIn.fulfilled({ access_token: 'tok', user }, 'req', { login: 'alex', password: 'x' });
    expect(reduce(signedOut, action)).toEqual(signedIn);
  });

  it('starts no session while the sign-in waits for its second factor, and keeps its challenge', () => {
    const action = signIn.fulfilled(challenge, 'req', { login: 'alex', password: 'x' });
    expect(reduce(signedOut, action)).toEqual({ ...signedOut, secondFactor: challenge });
  });

  it('starts the session once the second factor is right, and forgets the challenge', () => {
    const waiting = { ...signedOut, secondFactor: challenge };
    const action = completeTwoFactor.fulfilled({ access_token: 'tok', user }, 'req', { code: '123456' });
    expect(reduce(waiting, action)).toEqual(signedIn);
  });

  it('keeps the challenge after a wrong code, and drops it once it has expired', () => {
    const waiting = { ...signedOut, secondFactor: challenge };
    const refused = (code: string, message: string) =>
      completeTwoFactor.rejected(null, 'req', { code: '000000' }, { status: 400, code, message });
    expect(reduce(waiting, refused('wrong_code', SECURITY_MESSAGES.wrongCode)).secondFactor).toEqual(
      challenge,
    );
    const expired = completeTwoFactor.rejected(
      null,
      'req',
      { code: '000000' },
      { status: 410, code: 'sign_in_expired', message: SECURITY_MESSAGES.signInExpired },
    );
    expect(reduce(waiting, expired).secondFactor).toBeNull();
    expect(reduce(waiting, secondFactorLeft()).secondFactor).toBeNull();
  });

  it('signs in with a passkey alone', () => {
    const action = passkeySignIn.fulfilled({ access_token: 'tok', user }, 'req');
    expect(reduce(signedOut, action)).toEqual(signedIn);
  });

  it('keeps the token and user after signing up', () => {
    const action = signUp.fulfilled({ access_token: 'tok2', user }, 'req', {
      email: 'a@b.co',
      password: 'secret1',
      username: 'alex',
      confirm_adult: true,
      accept_terms: true,
    });
    expect(reduce(signedOut, action)).toMatchObject({ token: 'tok2', user, status: 'Fetched' });
  });

  it('tracks loading the session: Fetching, then the user and Fetched', () => {
    const withToken = { ...signedOut, token: 'tok' };
    const loading = reduce(withToken, loadSession.pending('req'));
    expect(loading.status).toBe('Fetching');
    const loaded = reduce(loading, loadSession.fulfilled(user, 'req'));
    expect(loaded).toEqual({ ...withToken, user, status: 'Fetched' });
  });

  it('drops the token when the session load answers 401', () => {
    const rejected = loadSession.rejected(null, 'req', undefined, {
      status: 401,
      code: 'unauthorized',
      message: ERRORS.unauthorized,
    });
    expect(reduce({ ...signedOut, token: 'dead' }, rejected)).toMatchObject({ token: null, status: 'Error' });
  });

  it('keeps the token when the session load fails for another reason (network)', () => {
    const rejected = loadSession.rejected(null, 'req', undefined, {
      status: 0,
      code: 'network_error',
      message: ERRORS.network,
    });
    expect(reduce({ ...signedOut, token: 'tok' }, rejected)).toMatchObject({ token: 'tok', status: 'Error' });
  });

  it('marks signing out, then clears the token and the user', () => {
    const pending = reduce(signedIn, logout.pending('req'));
    expect(pending.signingOut).toBe(true);
    const done = reduce(pending, logout.fulfilled(undefined, 'req'));
    expect(done).toMatchObject({ token: null, user: null, status: 'None' });
  });

  it('updates the credits of the signed-in user', () => {
    expect(reduce(signedIn, creditsChanged(75)).user?.credits).toBe(75);
    expect(reduce(signedOut, creditsChanged(75)).user).toBeNull();
  });
});
