import { SECURITY_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { type SoftPasskey, softPasskey } from './support/authenticator';
import type { Api } from './support/client';
import { manualClock, type TestServer } from './support/server';
import { passwordStep, turnOnTotp } from './support/two-factor';

// Passkeys (WebAuthn through @simplewebauthn/server), driven by a software authenticator: adding
// and removing them, signing in with one and no password, and one as the second factor.

const clock = manualClock();
const it = apiTest({}, { clock });

type Account = Awaited<ReturnType<Api['signUp']>>;
const originOf = (server: TestServer) => new URL(server.config.publicUrl).origin;

/** Options for a new passkey (proved with the password, or a code with two-factor sign-in on). */
async function creation(
  api: Api,
  account: Account,
  proof: Record<string, string> = { password: account.password },
) {
  const res = await api.call('POST', '/v1/account/passkeys/options', { token: account.token, body: proof });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function addPasskey(api: Api, server: TestServer, account: Account, name = 'My phone') {
  const passkey = softPasskey(originOf(server));
  const res = await api.call('POST', '/v1/account/passkeys', {
    token: account.token,
    body: { credential: passkey.register(await creation(api, account)), name },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { passkey, row: res.body as { _id: string; name: string } };
}

async function passkeySignIn(
  api: Api,
  passkey: SoftPasskey,
  overrides: { counter?: number; userVerified?: boolean } = {},
) {
  const options = await api.call('POST', '/v1/auth/passkey/options', {});
  expect(options.status).toBe(200);
  return api.call('POST', '/v1/auth/passkey', {
    body: { credential: passkey.assert(options.body, overrides) },
  });
}

describe('adding a passkey', () => {
  it('asks for the password, then stores the credential of a verified, discoverable passkey', async ({
    api,
    call,
    server,
  }) => {
    const fan = await api.signUp();
    const bare = await call('POST', '/v1/account/passkeys/options', { token: fan.token, body: {} });
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({
      code: 'password_required',
      message: SECURITY_MESSAGES.passwordRequired,
    });
    const wrong = await call('POST', '/v1/account/passkeys/options', {
      token: fan.token,
      body: { password: 'nope' },
    });
    expect(wrong.status).toBe(400);

    const options = await creation(api, fan);
    expect(options.rp).toEqual({ name: 'Parlor', id: 'localhost' });
    expect(options.user.name).toBe(fan.user.username);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const passkey = softPasskey(originOf(server));
    const added = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: passkey.register(options), name: '  Work laptop ' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Work laptop', backed_up: false, last_used_at: null });

    const list = await call('GET', '/v1/account/passkeys', { token: fan.token });
    expect(list.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    expect((await call('GET', '/v1/users/me', { token: fan.token })).body.two_factor).toEqual({
      totp: false,
      passkeys: 1,
    });

    // Its challenge worked once; the same credential on a new challenge is already registered.
    const replay = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: passkey.register(options), name: 'Again' },
    });
    expect(replay.status).toBe(410);
    expect(replay.body.message).toBe(SECURITY_MESSAGES.passkeyExpired);
    const twice = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: passkey.register(await creation(api, fan)), name: 'Again' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(SECURITY_MESSAGES.passkeyTaken);
  });

  it('refuses another site, an expired challenge, a nameless passkey and an eleventh', async ({
    api,
    call,
    server,
  }) => {
    const fan = await api.signUp();
    const passkey = softPasskey(originOf(server));
    const elsewhere = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: {
        credential: passkey.register(await creation(api, fan), { origin: 'https://evil.example' }),
        name: 'x',
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      code: 'passkey_failed',
      message: SECURITY_MESSAGES.passkeyFailed,
    });

    const late = await creation(api, fan);
    clock.advance(5 * 60_000 + 1000);
    const expired = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: passkey.register(late), name: 'Late' },
    });
    expect(expired.status).toBe(410);

    const nameless = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: passkey.register(await creation(api, fan)), name: '   ' },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe(SECURITY_MESSAGES.passkeyName);

    await server.app.ctx.db
      .updateTable('users')
      .set({ passkey_count: 10 })
      .where('id', '=', fan.user._id)
      .execute();
    const full = await call('POST', '/v1/account/passkeys/options', {
      token: fan.token,
      body: { password: fan.password },
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(SECURITY_MESSAGES.passkeysMax);
  });

  it('with two-factor sign-in on, asks for a fresh code instead of the password', async ({
    api,
    call,
    server,
  }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    const byPassword = await call('POST', '/v1/account/passkeys/options', {
      token: fan.token,
      body: { password: fan.password },
    });
    expect(byPassword.status).toBe(403);
    expect(byPassword.body.code).toBe('two_factor_required');
    const passkey = softPasskey(originOf(server));
    const options = await creation(api, fan, { code: app.next() });
    const added = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: passkey.register(options), name: 'Phone' },
    });
    expect(added.status).toBe(201);
  });
});

describe('signing in with a passkey and no password', () => {
  it('signs in with a discoverable passkey, once per challenge, its counter checked', async ({
    api,
    call,
    server,
  }) => {
    const creator = await api.signUp('featured');
    const { passkey } = await addPasskey(api, server, creator);

    const options = await call('POST', '/v1/auth/passkey/options', {});
    expect(options.body).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.body.allowCredentials ?? []).toEqual([]);
    const credential = passkey.assert(options.body);
    const signedIn = await call('POST', '/v1/auth/passkey', { body: { credential } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user._id).toBe(creator.user._id);
    expect((await call('GET', '/v1/users/me', { token: signedIn.body.access_token })).status).toBe(200);
    const used = (await call('GET', '/v1/account/passkeys', { token: creator.token })).body.passkeys[0];
    expect(used.last_used_at).toEqual(expect.any(String));

    const replay = await call('POST', '/v1/auth/passkey', { body: { credential } });
    expect(replay.status).toBe(410);
    // A signature with a counter that did not move forward is a cloned authenticator's.
    const cloned = await passkeySignIn(api, passkey, { counter: 1 });
    expect(cloned.status).toBe(400);
    expect(cloned.body.code).toBe('passkey_failed');
    const unverified = await passkeySignIn(api, passkey, { userVerified: false });
    expect(unverified.status).toBe(400);
    expect((await passkeySignIn(api, passkey)).status).toBe(200);
  });

  it('refuses a passkey Parlor does not know, and a banned account', async ({ api, call, server }) => {
    const stranger = softPasskey(originOf(server));
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    const unknown = await passkeySignIn(api, stranger);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(SECURITY_MESSAGES.passkeyUnknown);

    const fan = await api.signUp();
    const { passkey } = await addPasskey(api, server, fan);
    await server.app.ctx.db
      .updateTable('users')
      .set({ banned_at: clock.now() })
      .where('id', '=', fan.user._id)
      .execute();
    const banned = await passkeySignIn(api, passkey);
    expect(banned.status).toBe(403);
    expect(banned.body.code).toBe('banned');
    expect((await call('POST', '/v1/auth/passkey', { body: { credential: {} } })).status).toBe(400);
  });
});

describe('a passkey as the second factor', () => {
  it('completes a password sign-in with the passkey the challenge names', async ({ api, call, server }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    const passkey = softPasskey(originOf(server));
    const options = await creation(api, fan, { code: app.next() });
    await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: passkey.register(options), name: 'Key' },
    });
    const other = await api.signUp();
    const { passkey: othersKey } = await addPasskey(api, server, other);

    const step = await passwordStep(api, fan);
    expect(step.passkey).not.toBeNull();
    const offered = step.passkey as { challenge: string; allowCredentials: { id: string }[] };
    expect(offered.allowCredentials.map((c) => c.id)).toEqual([passkey.id]);
    const notTheirs = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, credential: othersKey.assert(offered) },
    });
    expect(notTheirs.status).toBe(400);
    const done = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, credential: passkey.assert(offered) },
    });
    expect(done.status).toBe(200);
    expect(done.body.user._id).toBe(fan.user._id);
    // A passkey answer for an older sign-in does not fit a new one.
    const next = await passwordStep(api, fan);
    const stale = await call('POST', '/v1/auth/2fa', {
      body: { challenge: next.challenge, credential: passkey.assert(offered) },
    });
    expect(stale.status).toBe(400);
  });
});

describe('removing a passkey', () => {
  it('removes one of the own passkeys only, with a fresh code when two-factor sign-in is on', async ({
    api,
    call,
    server,
  }) => {
    const fan = await api.signUp();
    const { passkey, row } = await addPasskey(api, server, fan);
    const stranger = await api.signUp();
    expect((await call('DELETE', `/v1/account/passkeys/${row._id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await call('DELETE', '/v1/account/passkeys/not-an-id', { token: fan.token })).status).toBe(404);
    expect((await call('DELETE', `/v1/account/passkeys/${row._id}`, { token: fan.token })).status).toBe(204);
    expect((await call('GET', '/v1/users/me', { token: fan.token })).body.two_factor.passkeys).toBe(0);
    expect((await passkeySignIn(api, passkey)).status).toBe(401);

    const { app } = await turnOnTotp(api, fan, clock);
    const key = softPasskey(originOf(server));
    const added = await call('POST', '/v1/account/passkeys', {
      token: fan.token,
      body: { credential: key.register(await creation(api, fan, { code: app.next() })), name: 'Key' },
    });
    const path = `/v1/account/passkeys/${added.body._id}` as const;
    const without = await call('DELETE', path, { token: fan.token });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject({
      code: 'two_factor_required',
      message: SECURITY_MESSAGES.stepUpRequired,
    });
    const removed = await call('DELETE', path, {
      token: fan.token,
      headers: { 'x-two-factor-code': app.next() },
    });
    expect(removed.status).toBe(204);
  });
});
