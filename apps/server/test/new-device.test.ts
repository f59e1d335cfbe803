import { PassThrough } from 'node:stream';
import { END_SESSION_TEXTS, NEW_DEVICE_MAIL } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { softPasskey } from './support/authenticator';
import type { Answer, Api } from './support/client';
import type { Mailbox } from './support/mailbox';
import { mailbox } from './support/mailbox';
import { manualClock } from './support/server';
import { passwordStep, turnOnTotp } from './support/two-factor';

// The new-device mail (docs/accounts.md): a browser is known by a long-lived httpOnly cookie, and a
// sign-in from one the account has not used mails the owner a link that ends that session. The
// server's log, at debug, is kept to show that no secret, code or link of any of it reaches it.

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const clock = manualClock(new Date('2026-12-01T14:03:00Z'));
const lines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
const it = apiTest({ TRUST_PROXY: 'true', LOG_LEVEL: 'debug' }, { clock, logStream }).extend(
  'mail',
  { scope: 'file' },
  ({ server }) => mailbox(server),
);

type Account = Awaited<ReturnType<Api['signUp']>>;
const deviceOf = (res: Answer) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('parlor_device='))
    ?.split(';')[0];
const newDeviceMails = (mail: Mailbox, email: string) =>
  mail.mails.filter((m) => m.to === email && m.subject === NEW_DEVICE_MAIL.subject);
const signIn = (api: Api, account: Account, headers: Record<string, string> = {}) =>
  api.call('POST', '/v1/auth', {
    body: { login: account.user.username, password: account.password },
    headers,
  });
/** Mails go out after the answer: give a mail that should not come the time one would take. */
const settle = () => new Promise((r) => setTimeout(r, 300));

async function signedUp(api: Api) {
  const res = await api.call('POST', '/v1/users/sign', {
    body: {
      email: `dev${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
      password: 'secret123',
      username: `dev${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      confirm_adult: true,
      accept_terms: true,
    },
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('parlor_device=')) as string;
  const account = { token: res.body.access_token as string, user: res.body.user, password: 'secret123' };
  return { account, cookie, device: deviceOf(res) as string };
}

describe('the device cookie', () => {
  it('is set at sign-up, long-lived and out of reach of scripts, and keeps that browser known', async ({
    api,
    mail,
  }) => {
    const { account, cookie, device } = await signedUp(api);
    expect(cookie).toMatch(
      /^parlor_device=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/v1; HttpOnly; SameSite=Lax$/,
    );
    const again = await signIn(api, account, { cookie: device });
    expect(again.status).toBe(200);
    expect(deviceOf(again)).toBe(device);
    await settle();
    expect(newDeviceMails(mail, account.user.email)).toHaveLength(0);
  });
});

describe('a sign-in from a new device', () => {
  it('mails the time, browser and country once per device', async ({ api, mail }) => {
    const { account } = await signedUp(api);
    const elsewhere = { 'user-agent': FIREFOX, 'x-forwarded-for': '203.0.113.9', 'cf-ipcountry': 'DE' };
    const first = await signIn(api, account, elsewhere);
    expect(first.status).toBe(200);
    await expect.poll(() => newDeviceMails(mail, account.user.email).length).toBe(1);
    const text = newDeviceMails(mail, account.user.email)[0]!.text;
    expect(text).toContain('When: Tuesday, 1 December 2026 at 14:03 UTC');
    expect(text).toContain('Browser: Firefox on Windows');
    expect(text).toContain('Where: Germany');
    expect(text).toMatch(/\/v1\/auth\/sessions\/end\?token=\S+/);

    // That browser is known now; another new one, of unknown country, is news again.
    expect((await signIn(api, account, { ...elsewhere, cookie: deviceOf(first) as string })).status).toBe(
      200,
    );
    await signIn(api, account, { 'user-agent': FIREFOX });
    await expect.poll(() => newDeviceMails(mail, account.user.email).length).toBe(2);
    expect(newDeviceMails(mail, account.user.email)[1]!.text).toContain(
      `Where: ${NEW_DEVICE_MAIL.unknownCountry}`,
    );
    await settle();
    expect(newDeviceMails(mail, account.user.email)).toHaveLength(2);
  });

  it('is no news for an account that never recorded a device, and mails after two-factor and passkey sign-ins', async ({
    api,
    server,
    mail,
  }) => {
    const old = await api.signUp();
    await server.app.ctx.db.deleteFrom('known_devices').where('user_id', '=', old.user._id).execute();
    expect((await signIn(api, old)).status).toBe(200);
    await settle();
    expect(newDeviceMails(mail, old.user.email)).toHaveLength(0);

    const { account } = await signedUp(api);
    const { app } = await turnOnTotp(api, account, clock);
    const step = await passwordStep(api, account);
    await settle();
    // The password alone is no sign-in yet: nothing mailed until the second factor.
    expect(newDeviceMails(mail, account.user.email)).toHaveLength(0);
    const done = await api.call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, code: app.next() },
    });
    expect(done.status).toBe(200);
    await expect.poll(() => newDeviceMails(mail, account.user.email).length).toBe(1);

    const passkey = softPasskey(new URL(server.config.publicUrl).origin);
    const options = await api.call('POST', '/v1/account/passkeys/options', {
      token: account.token,
      body: { code: app.next() },
    });
    await api.call('POST', '/v1/account/passkeys', {
      token: account.token,
      body: { credential: passkey.register(options.body), name: 'Key' },
    });
    const request = await api.call('POST', '/v1/auth/passkey/options', {});
    const viaPasskey = await api.call('POST', '/v1/auth/passkey', {
      body: { credential: passkey.assert(request.body) },
    });
    expect(viaPasskey.status).toBe(200);
    await expect.poll(() => newDeviceMails(mail, account.user.email).length).toBe(2);
  });
});

describe("the mail's link", () => {
  it('shows a page with one button, and the button ends that session at once, once', async ({
    api,
    call,
    mail,
  }) => {
    const { account } = await signedUp(api);
    const intruder = await signIn(api, account, { 'user-agent': FIREFOX });
    const intruderToken = intruder.body.access_token as string;
    await expect.poll(() => newDeviceMails(mail, account.user.email).length).toBe(1);
    const link = new URL(
      /https?:\/\/\S+\/v1\/auth\/sessions\/end\?token=\S+/.exec(
        newDeviceMails(mail, account.user.email)[0]!.text,
      )![0],
    );
    const path = `${link.pathname}${link.search}`;

    // Opening it (a mail program may, on its own) ends nothing.
    const page = await api.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.body).toContain(END_SESSION_TEXTS.button);
    expect(page.body).toContain('Firefox on Windows');
    expect((await call('GET', '/v1/users/me', { token: intruderToken })).status).toBe(200);

    const ended = await api.request('POST', path, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toContain(END_SESSION_TEXTS.ended);
    expect((await call('GET', '/v1/users/me', { token: intruderToken })).status).toBe(401);
    // The owner's own session goes on.
    expect((await call('GET', '/v1/users/me', { token: account.token })).status).toBe(200);

    const twice = await api.request('POST', path, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(twice.body).toContain(END_SESSION_TEXTS.alreadyEnded);
    const token = link.searchParams.get('token') as string;
    const forged = `${token.slice(0, -2)}xx`;
    const bad = await api.request('POST', `/v1/auth/sessions/end?token=${forged}`, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.body).toContain(END_SESSION_TEXTS.invalid.replace("'", '&#39;'));
  });
});

describe('the log', () => {
  it('carries no secret, code, challenge or link of two-factor sign-in', async ({ api, mail }) => {
    const { account } = await signedUp(api);
    const setup = await api.call('POST', '/v1/account/2fa/totp', {
      token: account.token,
      body: { password: account.password },
    });
    const secrets: string[] = [setup.body.secret, setup.body.otpauth_url, account.password];
    const { app, recoveryCodes } = await turnOnTotp(api, account, clock);
    secrets.push(app.secret, ...recoveryCodes);
    const step = await passwordStep(api, account, { 'user-agent': FIREFOX });
    const code = app.next();
    await api.call('POST', '/v1/auth/2fa', { body: { challenge: step.challenge, code } });
    const stepUp = app.next();
    await api.call('DELETE', `/v1/team/members/${account.user._id}`, {
      token: account.token,
      headers: { 'x-two-factor-code': stepUp },
    });
    await expect.poll(() => newDeviceMails(mail, account.user.email).length).toBe(1);
    const link = /https?:\/\/\S+\/v1\/auth\/sessions\/end\?token=(\S+)/.exec(
      newDeviceMails(mail, account.user.email)[0]!.text,
    )!;
    await api.request('GET', `/v1/auth/sessions/end?token=${link[1]}`);
    secrets.push(step.challenge, link[1]!);

    await expect.poll(() => lines.join('')).toContain('/v1/auth/sessions/end?token=[redacted]');
    const log = lines.join('');
    expect(log).toContain('/v1/auth/2fa');
    for (const secret of secrets) {
      const at = log.indexOf(secret);
      expect(at === -1 ? 'absent' : log.slice(Math.max(0, at - 200), at + 50)).toBe('absent');
    }
    // Six digits occur in ids and figures too: the codes are looked for as words of the lines' texts.
    for (const digits of [code, stepUp]) expect(log).not.toMatch(new RegExp(`"[^"]*\\b${digits}\\b[^"]*"`));
  });
});
