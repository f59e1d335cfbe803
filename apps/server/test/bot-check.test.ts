import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BOT_CHECK_LIFETIME_MS, BOT_CHECK_MESSAGES } from '@parlor/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { type Api, client } from './support/client';
import { startMain } from './support/main-process';
import { manualClock } from './support/server';

// The bot-check on sign-in and sign-up (BOT_CHECK_KEY): a solved ALTCHA challenge of this server,
// good once, on any server process.

const BOT_CHECK_KEY = 'bot-check-test-key-0123456789';
const clock = manualClock();
const it = apiTest({ BOT_CHECK_KEY }, { clock });
const withoutKey = apiTest();

/** What the widget sends: a challenge of `baseUrl`'s, solved as a browser solves it. */
async function solved(api: Api): Promise<string> {
  const res = await api.call('GET', '/v1/auth/challenge');
  expect(res.status).toBe(200);
  const solution = await solveChallenge({ challenge: res.body, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge: res.body, solution })).toString('base64');
}

let n = 0;
const newAccount = () => {
  n++;
  const name = `botcheck${Date.now().toString(36)}${n}`;
  return {
    email: `${name}@example.com`,
    username: name,
    password: 'secret123',
    confirm_adult: true,
    accept_terms: true,
  };
};
const signUp = (api: Api, body: Record<string, unknown>) => api.call('POST', '/v1/users/sign', { body });
const signIn = (api: Api, login: string, password: string, bot_check?: string) =>
  api.call('POST', '/v1/auth', { body: { login, password, ...(bot_check ? { bot_check } : {}) } });

/** A signed-up account, its bot-check spent. */
async function account(api: Api) {
  const body = newAccount();
  const res = await signUp(api, { ...body, bot_check: await solved(api) });
  expect(res.status).toBe(201);
  return body;
}

const refusal = (message: string, code: string) => ({ message, code, field: 'bot_check' });

describe('the bot-check with BOT_CHECK_KEY set', () => {
  it('tells the web app to show the widget and hands out signed challenges that are not cached', async ({
    api,
  }) => {
    const config = await api.call('GET', '/v1/provider/config?platform=react');
    expect(config.body.bot_check).toBe(true);
    const res = await api.call('GET', '/v1/auth/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    expect(res.body.parameters.expiresAt * 1000).toBeGreaterThan(clock.now().getTime());
    expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a sign-up and a sign-in without it, and lets them through with a solved one', async ({
    api,
  }) => {
    const body = newAccount();
    const bare = await signUp(api, body);
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual(refusal(BOT_CHECK_MESSAGES.required, 'bot_check_required'));

    const created = await signUp(api, { ...body, bot_check: await solved(api) });
    expect(created.status).toBe(201);

    const missing = await signIn(api, body.username, body.password);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(refusal(BOT_CHECK_MESSAGES.required, 'bot_check_required'));

    const signedIn = await signIn(api, body.username, body.password, await solved(api));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.username).toBe(body.username);
  });

  it('refuses a solution sent twice, even after a wrong password', async ({ api }) => {
    const { username, password } = await account(api);
    const proof = await solved(api);
    // A wrong password spends the check too: every try costs its work.
    expect((await signIn(api, username, 'not-the-password', proof)).status).toBe(401);
    const reused = await signIn(api, username, password, proof);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(refusal(BOT_CHECK_MESSAGES.used, 'bot_check_used'));
  });

  it('refuses a solution sent at once twice: one passes', async ({ api }) => {
    const { username, password } = await account(api);
    const proof = await solved(api);
    const both = await Promise.all([
      signIn(api, username, password, proof),
      signIn(api, username, password, proof),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses a solution after its challenge expired', async ({ api }) => {
    const { username, password } = await account(api);
    const proof = await solved(api);
    clock.advance(BOT_CHECK_LIFETIME_MS + 1000);
    const late = await signIn(api, username, password, proof);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(refusal(BOT_CHECK_MESSAGES.expired, 'bot_check_expired'));
  });

  it('refuses a wrong solution, a forged challenge and what is not a payload at all', async ({ api }) => {
    const { username, password } = await account(api);
    const decoded = JSON.parse(Buffer.from(await solved(api), 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrongKey = encode({
      ...decoded,
      solution: { ...decoded.solution, counter: decoded.solution.counter + 1, derivedKey: 'ab'.repeat(32) },
    });
    // The work lowered by the sender: the signature no longer matches the parameters.
    const forged = encode({
      ...decoded,
      challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 1 } },
    });
    for (const bot_check of [wrongKey, forged, 'not-a-payload', encode({ solution: 1 })]) {
      const res = await signIn(api, username, password, bot_check);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusal(BOT_CHECK_MESSAGES.invalid, 'bot_check_invalid'));
    }
    // The untouched solution still works: the refusals spent nothing.
    expect((await signIn(api, username, password, encode(decoded))).status).toBe(200);
  });

  it('forgets spent challenges once they expired', async ({ server, api }) => {
    await account(api);
    const spent = () => server.app.ctx.db.selectFrom('bot_check_used').select('challenge').execute();
    expect((await spent()).length).toBeGreaterThan(0);
    clock.advance(BOT_CHECK_LIFETIME_MS + 1000);
    await server.app.ctx.jobs.runNow('bot-check.purge');
    expect(await spent()).toEqual([]);
  });
});

describe('the bot-check across server processes', () => {
  it('refuses on a second process a solution the first one took', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-bot-check-'));
    const env = { DATA_DIR: dataDir, BOT_CHECK_KEY, AUTH_RATE_LIMIT_PER_MINUTE: '10000' };
    let first = await startMain(env);
    try {
      const one = client(first.url);
      const body = newAccount();
      const proof = await solved(one);
      expect((await signUp(one, { ...body, bot_check: proof })).status).toBe(201);
      await first.stop();
      // The same database, another process: nothing of the first one's memory is left.
      first = await startMain(env);
      const two = client(first.url);
      const reused = await signIn(two, body.username, body.password, proof);
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('bot_check_used');
      expect((await signIn(two, body.username, body.password, await solved(two))).status).toBe(200);
    } finally {
      await first.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('without BOT_CHECK_KEY', () => {
  withoutKey('shows no widget, hands out no challenge and signs up and in as before', async ({ api }) => {
    const config = await api.call('GET', '/v1/provider/config?platform=react');
    expect(config.body.bot_check).toBe(false);
    const challenge = await api.call('GET', '/v1/auth/challenge');
    expect(challenge.status).toBe(404);
    expect(challenge.body).toEqual({ message: BOT_CHECK_MESSAGES.off, code: 'bot_check_off' });

    const body = newAccount();
    expect((await signUp(api, body)).status).toBe(201);
    expect((await signIn(api, body.username, body.password)).status).toBe(200);
  });
});
