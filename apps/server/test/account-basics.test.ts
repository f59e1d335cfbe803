import {
  ACCOUNT_BASICS_MESSAGES,
  DATA_EXPORT_COOLDOWN_MS,
  PASSWORD_RESET_COOLDOWN_S,
  PASSWORD_RESET_DAILY_LIMIT,
  PASSWORD_RESET_LIFETIME_MS,
  SIGN_UP_CONSENT,
} from '@parlor/contract';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect } from 'vitest';
import { type Api, client } from './support/client';
import { type Mailbox, mailbox, resetLink } from './support/mailbox';
import { photoWithGps, upload } from './support/media';
import { mediaTest } from './support/media-chat';
import { manualClock, startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';

// Account basics: password reset by emailed link, change password, the sign-up
// consents and the own data export.

const clock = manualClock();
const COOLDOWN_MS = PASSWORD_RESET_COOLDOWN_S * 1000;
const it = mediaTest({}, { clock }).extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

const signInWith = (api: Api, login: string, password: string) =>
  api.call('POST', '/v1/auth', { body: { login, password } });
const me = (api: Api, token: string) => api.call('GET', '/v1/users/me', { token });

const resetMails = (mail: Mailbox, email: string) =>
  mail.mails.filter((m) => m.to === email && m.subject === 'Reset your Parlor password').length;
const askReset = (api: Api, login: string) =>
  api.call('POST', '/v1/auth/password-reset', { body: { login } });
const confirmReset = (api: Api, token: string, password: string) =>
  api.call('POST', '/v1/auth/password-reset/confirm', { body: { token, password } });
/** Lets mails that would have gone out arrive, so "no mail" is not just "not yet". */
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('password reset by emailed link', () => {
  it('answers the same neutral sentence for an email, a username and an account nobody has', async ({
    api,
    mail,
  }) => {
    const { user } = await api.signUp();
    const answers = await Promise.all([
      askReset(api, user.email),
      askReset(api, `@${user.username.toUpperCase()}`),
      askReset(api, 'nobody-has-this@example.com'),
      askReset(api, 'nobody-has-this-name'),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: ACCOUNT_BASICS_MESSAGES.resetRequested });
    }
    // Only the real account got a mail (one: the second request fell in the cooldown).
    await resetLink(mail, user.email);
    await settle();
    expect(resetMails(mail, user.email)).toBe(1);
    expect(mail.mails.some((m) => m.to === 'nobody-has-this@example.com')).toBe(false);
  });

  it('mails a link that sets a new password once and signs every device out', async ({
    server,
    api,
    mail,
  }) => {
    const { token, user, password } = await api.signUp();
    const second = await signInWith(api, user.username, password);
    const socket = await connectSocket(server.url, token);

    expect((await askReset(api, user.email)).status).toBe(202);
    const link = await resetLink(mail, user.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.config.publicUrl}/reset-password`);
    const resetToken = link.searchParams.get('token') ?? '';
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Stored hashed, like access tokens: the table alone opens nothing.
    const rows = await server.app.ctx.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user._id)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(resetToken);

    const done = await confirmReset(api, resetToken, 'brand-new-pass');
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(ACCOUNT_BASICS_MESSAGES.resetDone);

    // Every session ended, live connections included.
    expect((await me(api, token)).status).toBe(401);
    expect((await me(api, second.body.access_token)).status).toBe(401);
    expect(await socket.closed).toBeGreaterThan(0);
    expect((await signInWith(api, user.username, password)).status).toBe(401);
    expect((await signInWith(api, user.email, 'brand-new-pass')).status).toBe(200);

    // Single use.
    const again = await confirmReset(api, resetToken, 'another-pass-1');
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'reset_link_used', message: ACCOUNT_BASICS_MESSAGES.resetUsed });
    expect((await signInWith(api, user.email, 'another-pass-1')).status).toBe(401);
  });

  it('refuses an expired link, a forged one and a password that breaks the sign-up rules', async ({
    api,
    mail,
  }) => {
    const { user, password } = await api.signUp();
    await askReset(api, user.email);
    const resetToken = (await resetLink(mail, user.email)).searchParams.get('token') ?? '';

    const short = await confirmReset(api, resetToken, '123');
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('password');

    const forged = await confirmReset(api, `${resetToken.slice(0, -2)}xx`, 'brand-new-pass');
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      code: 'reset_link_invalid',
      message: ACCOUNT_BASICS_MESSAGES.resetInvalid,
    });

    clock.advance(PASSWORD_RESET_LIFETIME_MS + 1000);
    const late = await confirmReset(api, resetToken, 'brand-new-pass');
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({
      code: 'reset_link_expired',
      message: ACCOUNT_BASICS_MESSAGES.resetExpired,
    });
    expect((await signInWith(api, user.email, password)).status).toBe(200);
  });

  it('mails one link per cooldown and a few a day per account, answering alike; a newer link voids older ones', async ({
    api,
    mail,
  }) => {
    const { user } = await api.signUp();
    await askReset(api, user.email);
    const first = (await resetLink(mail, user.email)).searchParams.get('token') ?? '';

    const tooSoon = await askReset(api, user.username);
    expect(tooSoon.status).toBe(202);
    expect(tooSoon.body.message).toBe(ACCOUNT_BASICS_MESSAGES.resetRequested);
    await settle();
    expect(resetMails(mail, user.email)).toBe(1);

    clock.advance(COOLDOWN_MS + 1000);
    await askReset(api, user.email);
    const newest = (await resetLink(mail, user.email, 1)).searchParams.get('token') ?? '';
    expect(newest).not.toBe(first);
    expect((await confirmReset(api, first, 'brand-new-pass')).body.code).toBe('reset_link_used');

    for (let n = 3; n <= PASSWORD_RESET_DAILY_LIMIT + 2; n++) {
      clock.advance(COOLDOWN_MS + 1000);
      expect((await askReset(api, user.email)).status).toBe(202);
    }
    // The newest mailed link still works.
    const last =
      (await resetLink(mail, user.email, PASSWORD_RESET_DAILY_LIMIT - 1)).searchParams.get('token') ?? '';
    await settle();
    expect(resetMails(mail, user.email)).toBe(PASSWORD_RESET_DAILY_LIMIT);
    expect((await confirmReset(api, last, 'brand-new-pass')).status).toBe(200);
  });

  it('limits requests per address with 429, whoever they name', async () => {
    const limited = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const a = client(limited.url);
      const statuses: number[] = [];
      for (const login of ['a@example.com', 'b@example.com', 'c', 'd', 'e']) {
        statuses.push((await a.call('POST', '/v1/auth/password-reset', { body: { login } })).status);
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('change password', () => {
  const change = (api: Api, token: string, current: string, next: string) =>
    api.call('POST', '/v1/users/password', {
      token,
      body: { current_password: current, new_password: next },
    });

  it('keeps this session, signs out every other one, and the new password is the one that works', async ({
    server,
    api,
  }) => {
    const { token, user, password } = await api.signUp();
    const phone = (await signInWith(api, user.email, password)).body.access_token as string;
    const laptop = (await signInWith(api, user.username, password)).body.access_token as string;
    const phoneSocket = await connectSocket(server.url, phone);
    const ownSocket = await connectSocket(server.url, token);

    const res = await change(api, token, password, 'a-better-secret');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: ACCOUNT_BASICS_MESSAGES.passwordChanged(2),
      ended_sessions: 2,
    });
    expect(res.body.message).toBe('Your password has been changed. 2 other devices were signed out.');
    expect((await me(api, token)).status).toBe(200);
    expect((await me(api, phone)).status).toBe(401);
    expect((await me(api, laptop)).status).toBe(401);
    expect(await phoneSocket.closed).toBeGreaterThan(0);
    // This device's live connection stays open.
    await api.call('PATCH', `/v1/users/${user._id}`, { token, body: { bio: 'still here' } });
    expect((await ownSocket.next('user.update')).data.bio).toBe('still here');
    ownSocket.close();

    expect((await signInWith(api, user.email, password)).status).toBe(401);
    expect((await signInWith(api, user.email, 'a-better-secret')).status).toBe(200);
  });

  it('refuses a wrong current password with a clear message, then throttles the guesses', async ({ api }) => {
    const { token, password } = await api.signUp();
    for (let i = 0; i < 5; i++) {
      const wrong = await change(api, token, `not-it-${i}`, 'a-better-secret');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'wrong_password',
        field: 'current_password',
        message: ACCOUNT_BASICS_MESSAGES.wrongCurrentPassword,
      });
    }
    const throttled = await change(api, token, password, 'a-better-secret');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(2 * 60_000);
    expect((await change(api, token, password, 'a-better-secret')).status).toBe(200);
  });

  it('asks the new password to follow the sign-up rules, and a session to be signed in', async ({ api }) => {
    const { token, password } = await api.signUp();
    const short = await change(api, token, password, '123');
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('new_password');
    const anonymous = await api.call('POST', '/v1/users/password', {
      body: { current_password: password, new_password: 'a-better-secret' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('sign-up consents', () => {
  const body = (extra: Record<string, unknown>) => ({
    email: `consent${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`,
    password: 'secret123',
    username: `consent${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
    ...extra,
  });

  it.for<[Record<string, unknown>, string, string]>([
    [{ accept_terms: true }, 'confirm_adult', SIGN_UP_CONSENT.adultRequired],
    [{ confirm_adult: false, accept_terms: true }, 'confirm_adult', SIGN_UP_CONSENT.adultRequired],
    [{ confirm_adult: true }, 'accept_terms', SIGN_UP_CONSENT.termsRequired],
    [{ confirm_adult: true, accept_terms: 'yes' }, 'accept_terms', SIGN_UP_CONSENT.termsRequired],
  ])(
    'refuses %j: both the 18+ confirmation and the terms are required',
    async ([extra, field, message], { api }) => {
      const res = await api.call('POST', '/v1/users/sign', { body: body(extra) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field, message, code: 'invalid_input' });
    },
  );

  it('records when the terms were accepted', async ({ server, api }) => {
    const res = await api.call('POST', '/v1/users/sign', {
      body: body({ confirm_adult: true, accept_terms: true }),
    });
    expect(res.status).toBe(201);
    const row = await server.app.ctx.db
      .selectFrom('users')
      .select('terms_accepted_at')
      .where('id', '=', res.body.user._id)
      .executeTakeFirstOrThrow();
    expect(row.terms_accepted_at?.getTime()).toBe(clock.now().getTime());
  });
});

describe('GET /v1/users/export', () => {
  async function exportOf(server: TestServer, token: string) {
    const res = await fetch(`${server.url}/v1/users/export`, { headers: { 'access-token': token } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
    return { res, text, data: JSON.parse(text['data.json'] ?? '{}') };
  }

  it('holds the own profile, messages both ways, purchases, credits and tips, and nothing of anyone else', async ({
    server,
    w,
    api,
    pair,
    sendMedia,
  }) => {
    const { fan, creator, chatId } = await pair();
    await w.giveCredits(fan.user._id, 200);
    const photo = async (colour: string) =>
      (await upload(server.url, creator.token, await photoWithGps(800, 600, colour))).body.media;
    const bought = await photo('#225588');
    const notBought = await photo('#885522');
    const free = await photo('#228855');

    await w.send(fan.token, creator.user._id, 'hello, "you", from the fan');
    await w.send(creator.token, fan.user._id, 'hi fan, line one\nline two');
    const paid = await sendMedia(creator.token, fan.user._id, bought.public_id, { price: 30 });
    const locked = await sendMedia(creator.token, fan.user._id, notBought.public_id, { price: 40 });
    await sendMedia(creator.token, fan.user._id, free.public_id, { price: 0 });
    expect(locked.status).toBe(200);
    const buy = await api.call('PATCH', `/v1/messages/${paid.body.message._id}/buy`, { token: fan.token });
    expect(buy.status).toBe(200);
    const tip = await api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 15 },
    });
    expect(tip.status).toBe(200);

    // Someone else's conversation with the same creator.
    const other = await w.fan();
    await w.openChat(other.token, creator.user._id);
    await w.send(other.token, creator.user._id, 'a secret of the other fan');

    const { res, text, data } = await exportOf(server, fan.token);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="parlor-data-${fan.user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    expect(Object.keys(text).sort()).toEqual(
      [
        'README.txt',
        'data.json',
        'ledger.csv',
        'messages.csv',
        'payments.csv',
        'purchases.csv',
        'subscriptions.csv',
        'tips.csv',
      ].sort(),
    );
    expect(data.profile).toMatchObject({
      _id: fan.user._id,
      username: fan.user.username,
      email: fan.user.email,
    });
    expect(data.profile.settings.notifications).toBeDefined();
    expect(data.profile.terms_accepted_at).toEqual(expect.any(String));
    expect(JSON.stringify(data)).not.toMatch(/password/i);

    const texts = data.messages.map((m: { text: string | null }) => m.text);
    expect(texts).toEqual(
      expect.arrayContaining(['hello, "you", from the fan', 'hi fan, line one\nline two']),
    );
    expect(data.messages.every((m: { chat_id: string }) => m.chat_id === chatId)).toBe(true);
    const byId = (id: string) => data.messages.find((m: { id: string }) => m.id === id);
    expect(byId(paid.body.message._id)).toMatchObject({
      direction: 'received',
      with: creator.user.username,
      price_credits: 30,
      paid: true,
      media: { locked: false, photo_url: expect.stringContaining(`/v1/media/files/${bought.public_id}/`) },
    });
    // The photo not bought is listed without any URL of it, not even the blurred one.
    expect(byId(locked.body.message._id)).toMatchObject({
      price_credits: 40,
      paid: false,
      media: { locked: true, photo_url: null, video_url: null },
    });
    for (const file of Object.values(text)) expect(file).not.toContain(notBought.public_id);
    expect(text['data.json']).toContain(free.public_id);

    // Nothing of the other fan's.
    for (const file of Object.values(text)) {
      expect(file).not.toContain('a secret of the other fan');
      expect(file).not.toContain(other.user.username);
    }

    expect(data.purchases).toEqual([
      expect.objectContaining({
        kind: 'message',
        item_id: paid.body.message._id,
        seller: creator.user.username,
        price_credits: 30,
      }),
    ]);
    expect(data.tips).toEqual([
      expect.objectContaining({ direction: 'sent', with: creator.user.username, credits: 15 }),
    ]);
    const reasons = data.ledger.map((e: { reason: string }) => e.reason);
    expect(reasons).toEqual(expect.arrayContaining(['admin_adjustment', 'paid_message', 'tip']));
    const credits = data.ledger.filter((e: { account: string }) => e.account === 'credits');
    expect(credits.at(-1).balance_after).toBe((await me(api, fan.token)).body.credits);
    expect(data.payouts).toBeUndefined();

    // The CSVs: a header, then one row per item, quoted where needed.
    const messagesCsv = text['messages.csv'] ?? '';
    expect(messagesCsv.split('\r\n')[0]).toBe(
      'id,chat_id,with,direction,type,text,price_credits,paid,created_at,read_at,deleted,media_locked,photo_url,video_url',
    );
    expect(messagesCsv).toContain('"hello, ""you"", from the fan"');
    expect(messagesCsv).toContain('"hi fan, line one\nline two"');
    expect(text['tips.csv']).toContain(`sent,${creator.user.username},15,`);
    expect(text['purchases.csv']).toContain(`message,${paid.body.message._id},${creator.user.username},30,`);

    // The creator's export has the other side: the tip received, payouts, and both fans' chats.
    clock.advance(1000);
    const mine = await exportOf(server, creator.token);
    expect(mine.data.tips).toEqual([
      expect.objectContaining({ direction: 'received', with: fan.user.username }),
    ]);
    expect(mine.data.payouts).toEqual([]);
    expect(mine.text['payouts.csv']).toBeDefined();
    expect(mine.text['data.json']).toContain('a secret of the other fan');
    expect(mine.text['data.json']).toContain(notBought.public_id);
  });

  it('is once per 10 minutes, and only for a signed-in user', async ({ server, w, api }) => {
    const fan = await w.fan();
    await exportOf(server, fan.token);
    const again = await api.call('GET', '/v1/users/export', { token: fan.token });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      code: 'export_cooldown',
      message: ACCOUNT_BASICS_MESSAGES.exportCooldown(10),
    });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500);
    clock.advance(DATA_EXPORT_COOLDOWN_MS);
    await exportOf(server, fan.token);

    const anonymous = await api.call('GET', '/v1/users/export');
    expect(anonymous.status).toBe(401);
  });
});
