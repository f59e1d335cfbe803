import type { FetchStatus, TwoFactorChallenge, User } from '@parlor/contract';
import { storedToken } from '../../platform/browser';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** Status of loading the signed-in user (GET /v1/users/me). */
  status: FetchStatus;
  /** Set between logout and the redirect to /login, so screens do not flash a signed-out state. */
  signingOut: boolean;
  /** A password sign-in waiting for its second factor (a code, a recovery code or a passkey). */
  secondFactor: TwoFactorChallenge | null;
}

export const initialAuthState = (): AuthState => ({
  token: storedToken(),
  user: null,
  status: 'None',
  signingOut: false,
  secondFactor: null,
});

/**
 * Where to go after signing in: the link the visitor opened while signed out (`?next=`), when it
 * is a path of this app (not /login, not another site); else an admin's console, and the inbox
 * for everyone else. Before the answer names the account, `user` is unknown: the inbox.
 */
export function afterSignInPath(search: string, user?: Pick<User, 'role'> | null): string {
  const home = user?.role === 'admin' ? '/admin' : '/chats';
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return home;
  if (next === '/login' || next.startsWith('/login/') || next.startsWith('/login?')) return home;
  return next;
}

/** /login with the current location kept for after sign-in (the inbox itself needs no note). */
export function loginPathKeeping(pathname: string, search: string): string {
  const here = `${pathname}${search}`;
  if (pathname === '/' || pathname === '/chats' || pathname.startsWith('/login')) return '/login';
  return `/login?next=${encodeURIComponent(here)}`;
}

/** The server's code for a second step whose challenge is spent, expired or unknown. */
export const SIGN_IN_EXPIRED = 'sign_in_expired';
