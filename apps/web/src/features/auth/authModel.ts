import type { FetchStatus, User } from '@parlor/contract';
import { storedToken } from '../../app/browser';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** Status of loading the signed-in user (GET /v1/users/me). */
  status: FetchStatus;
  /** Set between logout and the redirect to /login, so screens do not flash a signed-out state. */
  signingOut: boolean;
}

export const initialAuthState = (): AuthState => ({
  token: storedToken(),
  user: null,
  status: 'None',
  signingOut: false,
});
