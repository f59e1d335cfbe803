import { PassThrough } from 'node:stream';
import { ACCOUNT_BASICS_MESSAGES, PASSWORD_RESET_LIFETIME_MS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { Api } from './support/client';
import { mailbox, resetLink } from './support/mailbox';
import { manualClock } from './support/server';

// The reset page asks, as it opens, whether its link still works: a dead link is said before the
// person types a new password. Asking uses nothing up, and the token is never written to the log.

const clock = manualClock();
const log = new PassThrough();
let logged = '';
log.on('data', (chunk) => (logged += chunk));
const it = apiTest({ LOG_LEVEL: 'debug' }, { clock, logStream: log }).extend(
  'mail',
  { scope: 'file' },
  ({ server }) => mailbox(server),
);

const checkLink = (api: Api, token: unknown) =>
  api.call('POST', '/v1/auth/password-reset/check', { body: { token } });
const askReset = (api: Api, login: string) =>
  api.call('POST', '/v1/auth/password-reset', { body: { login } });
const confirmReset = (api: Api, token: string, password: string) =>
  api.call('POST', '/v1/auth/password-reset/confirm', { body: { token, password } });

describe('checking a reset link as its page opens', () => {
  it('says a fresh link works, and asking twice leaves it usable', async ({ api, mail }) => {
    const { user } = await api.signUp();
    await askReset(api, user.email);
    const token = (await resetLink(mail, user.email)).searchParams.get('token') ?? '';

    for (let i = 0; i < 2; i++) {
      const res = await checkLink(api, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: true });
    }
    expect((await confirmReset(api, token, 'brand-new-pass')).status).toBe(200);
    // Used: the page opened again says so at once.
    const used = await checkLink(api, token);
    expect(used.status).toBe(410);
    expect(used.body).toMatchObject({ code: 'reset_link_used', message: ACCOUNT_BASICS_MESSAGES.resetUsed });
    expect(logged).not.toContain(token);
  });

  it('says at once that a link is wrong or expired', async ({ api, mail }) => {
    const { user } = await api.signUp();
    await askReset(api, user.email);
    const token = (await resetLink(mail, user.email)).searchParams.get('token') ?? '';

    for (const wrong of [`${token.slice(0, -2)}xx`, '']) {
      const res = await checkLink(api, wrong);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ACCOUNT_BASICS_MESSAGES.resetInvalid);
    }
    clock.advance(PASSWORD_RESET_LIFETIME_MS + 1000);
    const late = await checkLink(api, token);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({
      code: 'reset_link_expired',
      message: ACCOUNT_BASICS_MESSAGES.resetExpired,
    });
    expect(logged).not.toContain(token);
  });
});
