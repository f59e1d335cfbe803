import {
  ACCOUNT_MESSAGES,
  CODE_LIFETIME_MS,
  CodeSentResponse,
  DAILY_CODE_LIMIT,
  ERRORS,
  MAX_CODE_ATTEMPTS,
  PAYOUT_DETAIL_MESSAGES,
  RESEND_COOLDOWN_S,
  SUCCESS,
  User,
} from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { mailbox } from './support/mailbox';
import { manualClock } from './support/server';
import { connectSocket } from './support/socket';

const clock = manualClock();
const COOLDOWN_MS = RESEND_COOLDOWN_S * 1000;
const it = apiTest({}, { clock }).extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

/** A wrong code that is surely not the right one. */
const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');

describe('POST /v1/users/verify-email', () => {
  it('verifies with the mailed code, answers the user and sends user.update', async ({
    server,
    api,
    mail,
  }) => {
    const { token, user } = await api.signUp();
    const socket = await connectSocket(server.url, token);
    const code = await mail.lastCode(user.email);
    const res = await api.call('POST', '/v1/users/verify-email', { token, body: { code } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SUCCESS.emailVerified);
    expect(User.parse(res.body.user).email_verified).toBe(true);
    const update = await socket.next('user.update', (d) => d.email_verified === true);
    expect(update.data._id).toBe(user._id);
    expect((await api.call('GET', '/v1/users/me', { token })).body.email_verified).toBe(true);
    socket.close();
  });

  it('answers the spec message for a wrong code and keeps the account unverified', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    const code = await mail.lastCode(user.email);
    const res = await api.call('POST', '/v1/users/verify-email', { token, body: { code: wrongFor(code) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: ERRORS.wrongCode, code: 'wrong_code' });
    expect((await api.call('GET', '/v1/users/me', { token })).body.email_verified).toBe(false);
    // The right code still works after one wrong guess.
    expect((await api.call('POST', '/v1/users/verify-email', { token, body: { code } })).status).toBe(200);
  });

  it.for([[{}], [{ code: '12' }], [{ code: '12345' }], [{ code: 'abcd' }], [{ code: 1234 }]])(
    'refuses malformed input %j with 400',
    async ([body], { api }) => {
      const { token } = await api.signUp();
      const res = await api.call('POST', '/v1/users/verify-email', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ERRORS.wrongCode);
    },
  );

  it('voids the code after the allowed wrong guesses, even for the right code, until a new one is sent', async ({
    api,
    mail,
  }) => {
    const { token, user } = await api.signUp();
    const code = await mail.lastCode(user.email);
    const guess = () => api.call('POST', '/v1/users/verify-email', { token, body: { code: wrongFor(code) } });
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) expect((await guess()).status).toBe(400);
    const last = await guess();
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ message: ACCOUNT_MESSAGES.codeLocked, code: 'code_locked' });
    const right = await api.call('POST', '/v1/users/verify-email', { token, body: { code } });
    expect(right.status).toBe(429);
    expect((await api.call('GET', '/v1/users/me', { token })).body.email_verified).toBe(false);

    clock.advance(COOLDOWN_MS);
    expect((await api.call('POST', '/v1/users/resend-verify', { token, body: {} })).status).toBe(200);
    const fresh = await mail.lastCode(user.email);
    expect((await api.call('POST', '/v1/users/verify-email', { token, body: { code: fresh } })).status).toBe(
      200,
    );
  });

  it('counts concurrent wrong guesses exactly', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    const code = await mail.lastCode(user.email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api.call('POST', '/v1/users/verify-email', { token, body: { code: wrongFor(code) } }),
      ),
    );
    expect(answers.filter((a) => a.status === 400).length).toBe(MAX_CODE_ATTEMPTS - 1);
    expect(answers.filter((a) => a.status === 429).length).toBe(12 - (MAX_CODE_ATTEMPTS - 1));
  });

  it('expires a code after one hour', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    const code = await mail.lastCode(user.email);
    clock.advance(CODE_LIFETIME_MS);
    const res = await api.call('POST', '/v1/users/verify-email', { token, body: { code } });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(ERRORS.linkExpired);
    expect((await api.call('GET', '/v1/users/me', { token })).body.email_verified).toBe(false);
  });

  it('accepts a code a moment before the hour is over', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    const code = await mail.lastCode(user.email);
    clock.advance(CODE_LIFETIME_MS - 1000);
    expect((await api.call('POST', '/v1/users/verify-email', { token, body: { code } })).status).toBe(200);
  });

  it('needs a token', async ({ api }) => {
    expect((await api.call('POST', '/v1/users/verify-email', { body: { code: '1234' } })).status).toBe(401);
    expect((await api.call('POST', '/v1/users/resend-verify', { body: {} })).status).toBe(401);
    expect(
      (await api.call('POST', '/v1/users/change-verify-email', { body: { email: 'a@b.co' } })).status,
    ).toBe(401);
    expect((await api.call('POST', '/v1/users/send-verification-code')).status).toBe(401);
  });
});

describe('POST /v1/users/resend-verify', () => {
  it('holds the 30-second cooldown on the server, counted from sign-up and from each resend', async ({
    api,
    mail,
  }) => {
    const { token, user } = await api.signUp();
    const first = await mail.lastCode(user.email);
    const early = await api.call('POST', '/v1/users/resend-verify', {
      token,
      body: { web: true, react_flow: true },
    });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({
      code: 'resend_cooldown',
      message: ACCOUNT_MESSAGES.resendCooldown(30),
    });
    clock.advance(COOLDOWN_MS - 1000);
    expect((await api.call('POST', '/v1/users/resend-verify', { token, body: {} })).body.message).toBe(
      ACCOUNT_MESSAGES.resendCooldown(1),
    );
    clock.advance(1000);
    const ok = await api.call('POST', '/v1/users/resend-verify', {
      token,
      body: { web: true, react_flow: true },
    });
    expect(ok.status).toBe(200);
    expect(CodeSentResponse.parse(ok.body)).toMatchObject({
      message: SUCCESS.emailSent,
      email: user.email,
      resend_after_s: RESEND_COOLDOWN_S,
    });
    expect(mail.count(user.email)).toBe(2);
    // The new code replaces the old one.
    const second = await mail.lastCode(user.email);
    if (second !== first) {
      const old = await api.call('POST', '/v1/users/verify-email', { token, body: { code: first } });
      expect(old.status).toBe(400);
    }
    expect((await api.call('POST', '/v1/users/resend-verify', { token, body: {} })).status).toBe(429);
    expect((await api.call('POST', '/v1/users/verify-email', { token, body: { code: second } })).status).toBe(
      200,
    );
  });

  it('sends one code when two resends race', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    clock.advance(COOLDOWN_MS);
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.call('POST', '/v1/users/resend-verify', { token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    expect(mail.count(user.email)).toBe(2);
  });

  it('mails at most the daily number of codes to one account, every purpose together', async ({
    api,
    mail,
  }) => {
    const { token, user } = await api.signUp();
    for (let i = 1; i < DAILY_CODE_LIMIT; i++) {
      clock.advance(COOLDOWN_MS);
      const path = i % 2 ? '/v1/users/resend-verify' : '/v1/users/send-verification-code';
      expect((await api.call('POST', path, { token, body: {} })).status).toBe(200);
    }
    clock.advance(COOLDOWN_MS);
    for (const path of ['/v1/users/resend-verify', '/v1/users/send-verification-code'] as const) {
      const refused = await api.call('POST', path, { token, body: {} });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'code_daily_limit',
        message: ACCOUNT_MESSAGES.codeDailyLimit,
      });
    }
    await expect.poll(() => mail.count(user.email), { timeout: 10_000 }).toBe(DAILY_CODE_LIMIT);
    // A day after the first of them, codes can be asked for again.
    clock.advance(24 * 3_600_000 - DAILY_CODE_LIMIT * COOLDOWN_MS + 1000);
    expect((await api.call('POST', '/v1/users/resend-verify', { token, body: {} })).status).toBe(200);
  });

  it('refuses a verified account', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    await api.call('POST', '/v1/users/verify-email', {
      token,
      body: { code: await mail.lastCode(user.email) },
    });
    clock.advance(COOLDOWN_MS);
    const res = await api.call('POST', '/v1/users/resend-verify', { token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
  });
});

describe('POST /v1/users/change-verify-email', () => {
  it('moves an unverified account to a new address and mails the code there', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    const oldCode = await mail.lastCode(user.email);
    clock.advance(COOLDOWN_MS);
    const email = `moved-${user.username}@example.org`;
    const res = await api.call('POST', '/v1/users/change-verify-email', {
      token,
      body: { email: email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    expect(res.body.user.email).toBe(email);
    expect(res.body.user.email_verified).toBe(false);
    const code = await mail.lastCode(email);
    if (code !== oldCode) {
      expect(
        (await api.call('POST', '/v1/users/verify-email', { token, body: { code: oldCode } })).status,
      ).toBe(400);
    }
    const ok = await api.call('POST', '/v1/users/verify-email', { token, body: { code } });
    expect(ok.body.user).toMatchObject({ email, email_verified: true });
  });

  it('refuses a bad address, a taken address and the cooldown, changing nothing', async ({ api }) => {
    const me = await api.signUp();
    const other = await api.signUp();
    clock.advance(COOLDOWN_MS);
    const bad = await api.call('POST', '/v1/users/change-verify-email', {
      token: me.token,
      body: { email: 'nope' },
    });
    expect(bad.status).toBe(400);
    const taken = await api.call('POST', '/v1/users/change-verify-email', {
      token: me.token,
      body: { email: other.user.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ERRORS.emailTaken);
    await api.call('POST', '/v1/users/change-verify-email', {
      token: me.token,
      body: { email: `x-${me.user.email}` },
    });
    const tooSoon = await api.call('POST', '/v1/users/change-verify-email', {
      token: me.token,
      body: { email: `y-${me.user.email}` },
    });
    expect(tooSoon.status).toBe(429);
    const now = await api.call('GET', '/v1/users/me', { token: me.token });
    expect(now.body.email).toBe(`x-${me.user.email}`);
    expect((await api.call('GET', '/v1/users/me', { token: other.token })).body.email).toBe(other.user.email);
  });

  it('refuses to move a verified address', async ({ api, mail }) => {
    const { token, user } = await api.signUp();
    await api.call('POST', '/v1/users/verify-email', {
      token,
      body: { code: await mail.lastCode(user.email) },
    });
    clock.advance(COOLDOWN_MS);
    const res = await api.call('POST', '/v1/users/change-verify-email', {
      token,
      body: { email: 'new@example.org' },
    });
    expect(res.status).toBe(409);
    expect((await api.call('GET', '/v1/users/me', { token })).body.email).toBe(user.email);
  });
});

describe('action codes', () => {
  it('mails an action code, answers the masked address and guards payout information', async ({
    api,
    mail,
  }) => {
    const { token, user } = await api.signUp('featured');
    const sent = await api.call('POST', '/v1/users/send-verification-code', { token });
    expect(sent.status).toBe(200);
    expect(sent.body.email).toMatch(/^cre\*+@example\.com$/);
    const code = await mail.lastCode(user.email);
    const body = { payout_method: 'paypal_transfer', payout_account: 'me@paypal.example' };
    const wrong = await api.call('PATCH', `/v2/account/defaults?verification_code=${wrongFor(code)}`, {
      token,
      body,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ERRORS.wrongCode);
    expect((await api.call('GET', '/v2/account/defaults', { token })).body.payout_method).toBeNull();
    const missing = await api.call('PATCH', '/v2/account/defaults', { token, body });
    expect(missing.status).toBe(400);
    const ok = await api.call('PATCH', `/v2/account/defaults?verification_code=${code}`, { token, body });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ...body, account_holder: null, payout_country: null });
    // A code works once.
    const again = await api.call('PATCH', `/v2/account/defaults?verification_code=${code}`, { token, body });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('code_missing');
    expect((await api.call('POST', '/v1/users/send-verification-code', { token })).status).toBe(429);
  });

  it('checks the details each method needs, and sets the payout country once', async ({ api, mail }) => {
    const { token, user } = await api.signUp('featured');
    const patch = (body: Record<string, unknown>, code = '0000') =>
      api.call('PATCH', `/v2/account/defaults?verification_code=${code}`, { token, body });
    const badIban = await patch({
      payout_method: 'bank_transfer',
      payout_account: 'DE89 3704 0044 0532 0130 01',
      account_holder: 'Mila Example',
    });
    expect(badIban.status).toBe(400);
    expect(badIban.body.message).toBe(PAYOUT_DETAIL_MESSAGES.iban);
    const noHolder = await patch({
      payout_method: 'bank_transfer',
      payout_account: 'DE89 3704 0044 0532 0130 00',
    });
    expect(noHolder.status).toBe(400);
    expect(noHolder.body.message).toBe(PAYOUT_DETAIL_MESSAGES.holder);
    expect(
      (await patch({ payout_method: 'paxum_transfer', payout_account: 'not-an-email' })).body.message,
    ).toBe(PAYOUT_DETAIL_MESSAGES.email);
    expect((await patch({ payout_method: 'crypto_transfer', payout_account: 'short' })).body.message).toBe(
      PAYOUT_DETAIL_MESSAGES.wallet,
    );

    await api.call('POST', '/v1/users/send-verification-code', { token });
    const code = await mail.lastCode(user.email);
    const bank = {
      payout_method: 'bank_transfer',
      payout_account: 'DE89 3704 0044 0532 0130 00',
      account_holder: 'Mila Example',
      payout_country: 'pt',
    };
    const ok = await patch(bank, code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      payout_method: 'bank_transfer',
      account_holder: 'Mila Example',
      payout_country: 'PT',
    });
    const info = await api.call('GET', '/v1/account/info', { token });
    expect(info.body).toMatchObject({
      payout_method: 'bank_transfer',
      payout_details: '•••• 3000',
      payout_country: 'PT',
    });
    const moved = await patch({ ...bank, payout_country: 'ES' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('Unable to update payout country. Payout country already set.');
  });

  it('keeps action codes and email codes apart', async ({ api, mail }) => {
    const { token, user } = await api.signUp('featured');
    const emailCode = await mail.lastCode(user.email);
    await api.call('POST', '/v1/users/send-verification-code', { token });
    const actionCode = await mail.lastCode(user.email);
    if (emailCode !== actionCode) {
      const res = await api.call('PATCH', `/v2/account/defaults?verification_code=${emailCode}`, {
        token,
        body: { payout_method: 'paypal_transfer', payout_account: 'abc@x.io' },
      });
      expect(res.status).toBe(400);
    }
    expect(
      (await api.call('POST', '/v1/users/verify-email', { token, body: { code: emailCode } })).status,
    ).toBe(200);
  });

  it('refuses payout information for fans', async ({ api }) => {
    const { token } = await api.signUp();
    const res = await api.call('PATCH', '/v2/account/defaults?verification_code=1234', {
      token,
      body: { payout_method: 'paypal_transfer', payout_account: 'abc@x.io' },
    });
    expect(res.status).toBe(403);
  });
});
