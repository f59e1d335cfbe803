import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Clock } from '../../src/lib/clock';
import type { Api } from './client';

type Account = { token: string; user: { _id: string; username: string; email: string }; password: string };

/** The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

/**
 * An authenticator app on a test's manual clock: each `next()` moves the clock to the next
 * 30-second step and answers its code, since a code works once per step.
 */
export function authenticatorApp(secret: string, clock: Clock & { advance(ms: number): void }) {
  return {
    secret,
    now: () => totpCode(secret, clock.now()),
    next() {
      clock.advance(30_000);
      return totpCode(secret, clock.now());
    },
  };
}

/** Turns TOTP two-factor sign-in on for the account through the API: the app and the recovery codes. */
export async function turnOnTotp(api: Api, account: Account, clock: Clock & { advance(ms: number): void }) {
  const setup = await api.call('POST', '/v1/account/2fa/totp', {
    token: account.token,
    body: { password: account.password },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const app = authenticatorApp(setup.body.secret, clock);
  const confirmed = await api.call('POST', '/v1/account/2fa/totp/confirm', {
    token: account.token,
    body: { code: app.next() },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return {
    app,
    recoveryCodes: confirmed.body.recovery_codes as string[],
    otpauthUrl: setup.body.otpauth_url,
  };
}

/** POST /v1/auth with the account's password: the challenge of the second step. */
export async function passwordStep(api: Api, account: Account, headers: Record<string, string> = {}) {
  const res = await api.call('POST', '/v1/auth', {
    body: { login: account.user.username, password: account.password },
    headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.two_factor_required).toBe(true);
  return res.body as { challenge: string; passkey: null | { challenge: string; rpId?: string } };
}
