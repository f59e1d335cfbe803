import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { Api } from './support/client';
import { type Mailbox, mailbox } from './support/mailbox';
import { manualClock } from './support/server';

// TRUST_PROXY makes X-Forwarded-For the client's address, so one test plays several addresses.
const OWNER_HOME = '203.0.113.5';
const ATTACKER = '198.51.100.7';
const OWNER_TRAVELLING = '192.0.2.44';
const METRICS_TOKEN = 'sign-in-abuse-metrics-token';
const ALERT_SUBJECT = 'Someone tried to sign in to your Parlor account';

const clock = manualClock();
const it = apiTest({ TRUST_PROXY: 'true', METRICS: 'true', METRICS_TOKEN }, { clock }).extend(
  'mail',
  { scope: 'file' },
  ({ server }) => mailbox(server),
);

const signIn = (api: Api, login: string, password: string, from: string) =>
  api.call('POST', '/v1/auth', { body: { login, password }, headers: { 'x-forwarded-for': from } });
const alerts = (mail: Mailbox, email: string) =>
  mail.mails.filter((m) => m.to === email && m.subject === ALERT_SUBJECT);

describe('sign-in throttled by address, not by account', () => {
  it('lets the owner in from a known address while another address hammers the account, and mails the owner once', async ({
    api,
    mail,
  }) => {
    const { user, password } = await api.signUp();
    expect((await signIn(api, user.username, password, OWNER_HOME)).status).toBe(200);

    const attack: number[] = [];
    for (let i = 0; i < 30; i++)
      attack.push((await signIn(api, user.username, `guess-${i}`, ATTACKER)).status);
    expect(attack.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(attack.slice(5))).toEqual(new Set([429]));

    const owner = await signIn(api, user.email, password, OWNER_HOME);
    expect(owner.status).toBe(200);
    expect(owner.body.user._id).toBe(user._id);

    // Operators see the attack: the account under attack, the attacker's address waiting.
    const metrics = await api.call('GET', '/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/^parlor_sign_in_throttled\{kind="accounts_under_attack"\} [1-9]/m);
    expect(metrics.body).toMatch(/^parlor_sign_in_throttled\{kind="addresses_waiting"\} [1-9]/m);

    // The attacker's own attempts stay throttled, the right password included.
    const again = await signIn(api, user.username, password, ATTACKER);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('sign_in_throttled');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    // The body carries the wait too, for the form's countdown.
    expect(again.body.retry_after).toBe(Number(again.headers.get('retry-after')));

    // An address that never signed in to the account is let in on its first try.
    expect((await signIn(api, user.username, password, OWNER_TRAVELLING)).status).toBe(200);

    // More failures, from further addresses, make no second mail.
    for (let i = 0; i < 3; i++) await signIn(api, user.username, 'wrong', `198.51.100.${20 + i}`);
    const sent = alerts(mail, user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('/account/settings/password');
    expect(sent[0]?.text).not.toContain(ATTACKER);
    expect(sent[0]?.text).not.toContain('guess-');
  });

  it('mails the owner again on an attack the next day', async ({ api, mail }) => {
    const { user, password } = await api.signUp();
    for (let i = 0; i < 5; i++) await signIn(api, user.username, 'wrong', ATTACKER);
    expect(alerts(mail, user.email)).toHaveLength(1);
    clock.advance(25 * 60 * 60_000);
    expect((await signIn(api, user.username, password, OWNER_HOME)).status).toBe(200);
    for (let i = 0; i < 5; i++) await signIn(api, user.username, 'wrong', OWNER_TRAVELLING);
    expect(alerts(mail, user.email)).toHaveLength(2);
  });

  it('gives an unknown address a smaller allowance while the account is under attack', async ({ api }) => {
    const { user } = await api.signUp();
    for (let i = 0; i < 5; i++) await signIn(api, user.username, 'wrong', ATTACKER);
    const other = '198.51.100.99';
    expect((await signIn(api, user.username, 'wrong', other)).status).toBe(401);
    expect((await signIn(api, user.username, 'wrong', other)).status).toBe(401);
    expect((await signIn(api, user.username, 'wrong', other)).status).toBe(429);
  });

  it('throttles one address guessing over many accounts', async ({ api }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await signIn(api, `nobody-${i}`, 'guess', '198.51.100.200')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('answers concurrent right and wrong sign-ins with 200, 401 or 429, never 500', async ({ api }) => {
    const { user, password } = await api.signUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(api, user.username, i % 2 ? password : 'wrong', i % 4 < 2 ? OWNER_HOME : ATTACKER),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => ![200, 401, 429].includes(s))).toEqual([]);
    expect(statuses).toContain(200);
  });
});
