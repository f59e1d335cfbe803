import fs from 'node:fs';
import path from 'node:path';
import { ERRORS, FeatureFlag, ProviderConfig, USERNAME, User, VALIDATION } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';

const it = apiTest();

/** The sign-up consents every client now sends (docs/accounts.md). */
const CONSENTS = { confirm_adult: true, accept_terms: true } as const;

describe('sign-up', () => {
  it('creates a fan, answers a token and the full user, and mails a 4-digit code', async ({
    server,
    call,
  }) => {
    const res = await call('POST', '/v1/users/sign', {
      body: {
        email: 'Jo@Example.com',
        password: 'secret123',
        username: '@jo-fan',
        type: 'user',
        gender: 'male',
        web: true,
        react_flow: true,
        confirm_adult: true,
        accept_terms: true,
      },
    });
    expect(res.status).toBe(201);
    expect(User.parse(res.body.user)).toMatchObject({
      username: 'jo-fan',
      email: 'jo@example.com',
      type: 'user',
      gender: 'male',
      email_verified: false,
      credits: 0,
    });
    expect(res.body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The mail lands in DATA_DIR/outbox when no SMTP_URL is set.
    await expect
      .poll(() => fs.readdirSync(path.join(server.dataDir, 'outbox')).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const file = fs
      .readdirSync(path.join(server.dataDir, 'outbox'))
      .find((f) => f.includes('jo@example.com'))!;
    const mail = fs.readFileSync(path.join(server.dataDir, 'outbox', file), 'utf8');
    expect(mail).toMatch(/Subject: \d{4} is your Parlor verification code/);
  });

  it('creates a creator waiting for moderation', async ({ api }) => {
    const { user } = await api.signUp('featured');
    expect(user.type).toBe('featured');
    expect(user.requires_moderation).toBe(true);
    expect(user.discover_status).toBe('hidden');
  });

  it('records the referral code and the referrer', async ({ server, api }) => {
    const referrer = await api.signUp('featured');
    const row = await server.app.ctx.db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', referrer.user._id)
      .executeTakeFirstOrThrow();
    const { user } = await api.signUp('user', { code: row.referral_code });
    expect(user.code_used).toBe(row.referral_code);
    expect(user.affiliate).toBe(referrer.user._id);
  });

  it.for([
    [{ email: 'nope', password: 'secret123', username: 'valid1' }, ERRORS.emailNotValid, 'email'],
    [{ email: 'a@b.co', password: '123', username: 'valid1' }, VALIDATION.password, 'password'],
    [{ email: 'a@b.co', password: 'secret123', username: 'ab' }, USERNAME.min, 'username'],
    [
      { email: 'a@b.co', password: 'secret123', username: 'a'.repeat(31) },
      ERRORS.usernameTooLong,
      'username',
    ],
    [{ email: 'a@b.co', password: 'secret123', username: 'bad_name' }, USERNAME.chars, 'username'],
    [{ email: 'a@b.co', password: 'secret123', username: '-abc' }, USERNAME.start, 'username'],
    [{ email: 'a@b.co', password: 'secret123', username: 'abc-' }, USERNAME.end, 'username'],
    [{ email: 'a@b.co', password: 'secret123' }, USERNAME.required, 'username'],
    [{ email: 'a@b.co', password: 'secret123', username: 'valid1', type: 'admin' }, undefined, 'type'],
  ])(
    'refuses %j with the rule message (the catalogue’s where it has one)',
    async ([body, message, field], { call }) => {
      const res = await call('POST', '/v1/users/sign', { body });
      expect(res.status).toBe(400);
      if (message) expect(res.body.message).toBe(message);
      expect(res.body.field).toBe(field);
      expect(res.body.code).toBe('invalid_input');
    },
  );

  it('refuses a taken username and a taken email with 409, whatever the case', async ({ api, call }) => {
    const { user } = await api.signUp();
    const sameName = await call('POST', '/v1/users/sign', {
      body: {
        ...CONSENTS,
        email: 'other@example.com',
        password: 'secret123',
        username: user.username.toUpperCase(),
      },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe(ERRORS.usernameTaken);
    const sameMail = await call('POST', '/v1/users/sign', {
      body: { ...CONSENTS, email: user.email.toUpperCase(), password: 'secret123', username: 'another-name' },
    });
    expect(sameMail.status).toBe(409);
    expect(sameMail.body.code).toBe('email_taken');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by username or email and revokes the token on sign-out', async ({ api, call }) => {
    const { user, password } = await api.signUp();
    const byName = await call('POST', '/v1/auth', { body: { login: user.username, password } });
    expect(byName.status).toBe(200);
    const byMail = await call('POST', '/v1/auth', {
      body: { login: user.email.toUpperCase(), password },
    });
    expect(byMail.status).toBe(200);
    expect(byMail.body.user._id).toBe(user._id);

    const token = byName.body.access_token;
    expect((await call('GET', '/v1/users/me', { token })).body.username).toBe(user.username);
    expect((await call('DELETE', '/v1/auth', { token })).status).toBe(204);
    const after = await call('GET', '/v1/users/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: ERRORS.unauthorized, code: 'unauthorized' });
    // The other session is untouched.
    expect((await call('GET', '/v1/users/me', { token: byMail.body.access_token })).status).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown user', async ({ api, call }) => {
    const { user } = await api.signUp();
    const wrong = await call('POST', '/v1/auth', {
      body: { login: user.username, password: 'wrong-one' },
    });
    const unknown = await call('POST', '/v1/auth', {
      body: { login: 'nobody-here', password: 'wrong-one' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: ERRORS.wrongLogin, code: 'wrong_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('stores only a hash of each token', async ({ server, api }) => {
    const { token, user } = await api.signUp();
    const rows = await server.app.ctx.db
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('user_id', '=', user._id)
      .execute();
    expect(rows.length).toBe(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('needs a token for the signed-in endpoints', async ({ call }) => {
    expect((await call('GET', '/v1/users/me')).status).toBe(401);
    expect((await call('DELETE', '/v1/auth')).status).toBe(401);
    expect((await call('GET', '/v1/users/me', { token: 'made-up' })).status).toBe(401);
  });
});

describe('PATCH /v1/users/{id}', () => {
  it('changes the own account and its settings', async ({ api, call }) => {
    const { token, user } = await api.signUp();
    const res = await call('PATCH', `/v1/users/${user._id}`, {
      token,
      body: {
        bio: 'Hello there',
        gender: 'other',
        settings: { notifications: { marketing: false }, profile: { invisible: true } },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.bio).toBe('Hello there');
    expect(res.body.settings.notifications).toEqual({
      marketing: false,
      notifications: true,
      payments: true,
      payouts: true,
    });
    expect(res.body.settings.profile.invisible).toBe(true);
    expect((await call('GET', '/v1/users/me', { token })).body.bio).toBe('Hello there');
  });

  it("refuses to change another user's account and changes nothing", async ({ api, call }) => {
    const me = await api.signUp();
    const other = await api.signUp();
    const res = await call('PATCH', `/v1/users/${other.user._id}`, {
      token: me.token,
      body: { bio: 'hacked' },
    });
    expect(res.status).toBe(403);
    expect((await call('GET', '/v1/users/me', { token: other.token })).body.bio).toBe('');
  });

  it('refuses unknown fields, wrong types, bad ids and taken usernames', async ({ api, call }) => {
    const me = await api.signUp();
    const other = await api.signUp();
    const patch = (body: unknown, id = me.user._id) =>
      call('PATCH', `/v1/users/${id}`, { token: me.token, body });
    expect((await patch({ credits: 1_000_000 })).status).toBe(400);
    expect((await patch({ bio: 42 })).status).toBe(400);
    expect((await patch({ settings: { profile: { invisible: 'yes' } } })).status).toBe(400);
    expect((await patch({ bio: 'x' }, 'not-a-uuid')).status).toBe(400);
    const taken = await patch({ username: other.user.username });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ERRORS.usernameTaken);
    const me2 = await call('GET', '/v1/users/me', { token: me.token });
    expect(me2.body.credits).toBe(0);
    expect(me2.body.username).toBe(me.user.username);
  });
});

describe('username availability', () => {
  it('answers free, taken and rule-breaking names, a long one in the catalogue’s words', async ({
    api,
    call,
  }) => {
    const { user } = await api.signUp();
    const free = await call('GET', '/v1/username-available?username=fresh-name-42');
    expect(free.body).toEqual({ username: 'fresh-name-42', available: true });
    const taken = await call('GET', `/v1/username-available?username=@${user.username}`);
    expect(taken.body).toEqual({ username: user.username, available: false, message: ERRORS.usernameTaken });
    const bad = await call('GET', '/v1/username-available?username=no_underscores');
    expect(bad.body.message).toBe(USERNAME.chars);
    const long = await call('GET', `/v1/username-available?username=${'a'.repeat(31)}`);
    expect(long.body.message).toBe(ERRORS.usernameTooLong);
    expect((await call('GET', '/v1/username-available')).status).toBe(400);
  });
});

describe('provider config and geo ip', () => {
  it('answers a guest config without a token and the account features with one', async ({ api, call }) => {
    const guest = await call('GET', '/v1/provider/config?platform=react');
    expect(ProviderConfig.parse(guest.body).is_guest).toBe(true);
    const creator = await api.signUp('featured');
    const res = await call('GET', '/v1/provider/config?platform=react', { token: creator.token });
    const config = ProviderConfig.parse(res.body);
    expect(config.is_guest).toBe(false);
    expect(Object.keys(config.features).sort()).toEqual([...FeatureFlag.options].sort());
    expect(config.features.broadcast).toBe(true);
    expect(config.payment_keywords.length).toBeGreaterThan(0);
    expect(config.app_keywords.length).toBeGreaterThan(0);
  });

  it('answers the caller ip', async ({ call }) => {
    const res = await call('GET', '/v1/geo_ip');
    expect(res.status).toBe(200);
    expect(res.body.ip).toBe('127.0.0.1');
  });
});
