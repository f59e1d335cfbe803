import { SECURITY_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { manualClock } from './support/server';
import { passwordStep, totpCode, turnOnTotp } from './support/two-factor';

// Two-factor sign-in with an authenticator app (docs/accounts.md): setting it up, the second step
// of a password sign-in, recovery codes, throttling and turning it off. TRUST_PROXY lets a test
// play other client addresses with X-Forwarded-For.

const clock = manualClock();
const it = apiTest({ TRUST_PROXY: 'true' }, { clock });

describe('turning on two-factor sign-in', () => {
  it('asks for the password, gives a 160-bit secret, and protects nothing until a code confirms it', async ({
    api,
    call,
  }) => {
    const fan = await api.signUp();
    const noPassword = await call('POST', '/v1/account/2fa/totp', { token: fan.token, body: {} });
    expect(noPassword.status).toBe(400);
    const wrongPassword = await call('POST', '/v1/account/2fa/totp', {
      token: fan.token,
      body: { password: 'not-mine' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(SECURITY_MESSAGES.wrongPassword);

    const setup = await call('POST', '/v1/account/2fa/totp', {
      token: fan.token,
      body: { password: fan.password },
    });
    expect(setup.status).toBe(200);
    // 20 bytes are 32 base32 characters.
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Parlor:${fan.user.username}`);
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Parlor');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    // Pending: the sign-in is still one step, and me says it is off.
    const me = await call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.two_factor).toEqual({ totp: false, passkeys: 0 });
    const signIn = await call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    expect(signIn.body.access_token).toEqual(expect.any(String));

    const wrong = await call('POST', '/v1/account/2fa/totp/confirm', {
      token: fan.token,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'wrong_code', message: SECURITY_MESSAGES.wrongCode });

    clock.advance(30_000);
    const confirmed = await call('POST', '/v1/account/2fa/totp/confirm', {
      token: fan.token,
      body: { code: totpCode(setup.body.secret, clock.now()) },
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    expect((await call('GET', '/v1/users/me', { token: fan.token })).body.two_factor).toEqual({
      totp: true,
      passkeys: 0,
    });
    const status = await call('GET', '/v1/account/2fa', { token: fan.token });
    expect(status.body).toMatchObject({ totp: true, recovery_codes_left: 10 });
    const again = await call('POST', '/v1/account/2fa/totp', {
      token: fan.token,
      body: { password: fan.password },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SECURITY_MESSAGES.totpAlreadyOn);
  });

  it('refuses a confirmation before any setup', async ({ api, call }) => {
    const fan = await api.signUp();
    const res = await call('POST', '/v1/account/2fa/totp/confirm', {
      token: fan.token,
      body: { code: '123456' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SECURITY_MESSAGES.totpNotStarted);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge instead of a session, and the code completes it once', async ({ api, call }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);

    const step = await passwordStep(api, fan);
    expect(step).not.toHaveProperty('access_token');
    expect(step.passkey).toBeNull();
    // A wrong password never reaches the second step.
    const wrongPassword = await call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: 'nope' },
    });
    expect(wrongPassword.status).toBe(401);

    const wrong = await call('POST', '/v1/auth/2fa', { body: { challenge: step.challenge, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_code');

    const done = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, code: app.next() },
    });
    expect(done.status).toBe(200);
    expect(done.body.user._id).toBe(fan.user._id);
    expect((await call('GET', '/v1/users/me', { token: done.body.access_token })).status).toBe(200);

    // The same challenge again, even with a fresh code: refused.
    const replay = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, code: app.next() },
    });
    expect(replay.status).toBe(410);
    expect(replay.body).toMatchObject({ code: 'sign_in_expired', message: SECURITY_MESSAGES.signInExpired });
  });

  it('accepts a code once: the same code in the same 30 seconds is refused, the next one works', async ({
    api,
    call,
  }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    const code = app.next();
    const first = await passwordStep(api, fan);
    expect((await call('POST', '/v1/auth/2fa', { body: { challenge: first.challenge, code } })).status).toBe(
      200,
    );

    const second = await passwordStep(api, fan);
    const reused = await call('POST', '/v1/auth/2fa', { body: { challenge: second.challenge, code } });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'code_used', message: SECURITY_MESSAGES.codeUsed });
    expect(
      (await call('POST', '/v1/auth/2fa', { body: { challenge: second.challenge, code: app.next() } }))
        .status,
    ).toBe(200);
  });

  it('allows one step of clock drift either way, not two', async ({ api, call }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    clock.advance(60_000);
    const at = clock.now().getTime();
    const codeAt = (offsetS: number) => totpCode(app.secret, new Date(at + offsetS * 1000));
    const tryCode = async (code: string) => {
      const step = await passwordStep(api, fan);
      return (await call('POST', '/v1/auth/2fa', { body: { challenge: step.challenge, code } })).status;
    };
    expect(await tryCode(codeAt(-60))).toBe(400);
    expect(await tryCode(codeAt(-30))).toBe(200);
    expect(await tryCode(codeAt(30))).toBe(200);
    expect(await tryCode(codeAt(90))).toBe(400);
  });

  it('lets a challenge expire after 5 minutes and take 5 wrong codes', async ({ api, call }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    const late = await passwordStep(api, fan);
    clock.advance(5 * 60_000 + 1000);
    const expired = await call('POST', '/v1/auth/2fa', {
      body: { challenge: late.challenge, code: app.now() },
    });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(SECURITY_MESSAGES.signInExpired);

    const step = await passwordStep(api, fan);
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/v1/auth/2fa', {
        body: { challenge: step.challenge, code: `00000${i}` },
      });
      expect(wrong.status).toBe(400);
    }
    const spent = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, code: app.next() },
    });
    expect(spent.status).toBe(410);
    expect(spent.body.message).toBe(SECURITY_MESSAGES.signInAttempts);
  });

  it('takes exactly one second factor and refuses an unknown challenge', async ({ api, call }) => {
    const fan = await api.signUp();
    const { app, recoveryCodes } = await turnOnTotp(api, fan, clock);
    const step = await passwordStep(api, fan);
    for (const body of [
      { challenge: step.challenge },
      { challenge: step.challenge, code: app.next(), recovery_code: recoveryCodes[0] },
    ]) {
      const res = await call('POST', '/v1/auth/2fa', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SECURITY_MESSAGES.oneSecondFactor);
    }
    const unknown = await call('POST', '/v1/auth/2fa', { body: { challenge: 'made-up', code: app.next() } });
    expect(unknown.status).toBe(410);
  });
});

describe('recovery codes', () => {
  it('sign in once each: a code used twice is refused, and a new set replaces the old one', async ({
    api,
    call,
  }) => {
    const fan = await api.signUp();
    const { app, recoveryCodes } = await turnOnTotp(api, fan, clock);
    const [first, second] = recoveryCodes as [string, string];

    const step = await passwordStep(api, fan);
    // Typed in capitals without the dash, it is still the code.
    const typed = first.replace('-', '').toUpperCase();
    const done = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, recovery_code: typed },
    });
    expect(done.status).toBe(200);

    const again = await passwordStep(api, fan);
    const twice = await call('POST', '/v1/auth/2fa', {
      body: { challenge: again.challenge, recovery_code: first },
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({
      code: 'recovery_code_used',
      message: SECURITY_MESSAGES.recoveryCodeUsed,
    });
    const made = await call('POST', '/v1/auth/2fa', {
      body: { challenge: again.challenge, recovery_code: 'aaaaa-bbbbb' },
    });
    expect(made.body).toMatchObject({
      code: 'wrong_recovery_code',
      message: SECURITY_MESSAGES.wrongRecoveryCode,
    });
    expect((await call('GET', '/v1/account/2fa', { token: fan.token })).body.recovery_codes_left).toBe(9);

    const renewed = await call('POST', '/v1/account/2fa/recovery-codes', {
      token: fan.token,
      body: { code: app.next() },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    const old = await call('POST', '/v1/auth/2fa', {
      body: { challenge: again.challenge, recovery_code: second },
    });
    expect(old.body.code).toBe('wrong_recovery_code');
    const fresh = await call('POST', '/v1/auth/2fa', {
      body: { challenge: again.challenge, recovery_code: renewed.body.recovery_codes[0] },
    });
    expect(fresh.status).toBe(200);
  });
});

describe('wrong codes are throttled', () => {
  it('makes an address wait after 5 wrong codes, the right code included, with Retry-After', async ({
    api,
    call,
  }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    const from = { 'x-forwarded-for': '198.51.100.20' };
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      const step = await passwordStep(api, fan, from);
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await call('POST', '/v1/auth/2fa', {
              body: { challenge: step.challenge, code: '999999' },
              headers: from,
            })
          ).status,
        );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const step = await passwordStep(api, fan, from);
    const right = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, code: app.next() },
      headers: from,
    });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('sign_in_throttled');
    expect(right.body.message).toMatch(/^Too many wrong codes\. Please try again in \d+ seconds\.$/);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner at home is not held back by that address.
    const home = await passwordStep(api, fan);
    expect(
      (await call('POST', '/v1/auth/2fa', { body: { challenge: home.challenge, code: app.next() } })).status,
    ).toBe(200);
  });

  it('holds back every new address once the account had 10 wrong codes from anywhere', async ({
    api,
    call,
  }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    for (let i = 0; i < 10; i++) {
      const from = { 'x-forwarded-for': `198.51.100.${100 + i}` };
      const step = await passwordStep(api, fan, from);
      const res = await call('POST', '/v1/auth/2fa', {
        body: { challenge: step.challenge, code: '999999' },
        headers: from,
      });
      expect(res.status).toBe(400);
    }
    const stranger = { 'x-forwarded-for': '198.51.100.200' };
    const step = await passwordStep(api, fan, stranger);
    const refused = await call('POST', '/v1/auth/2fa', {
      body: { challenge: step.challenge, code: app.next() },
      headers: stranger,
    });
    expect(refused.status).toBe(429);
    // The owner's own address, which signed in before, still gets in.
    const home = await passwordStep(api, fan);
    expect(
      (await call('POST', '/v1/auth/2fa', { body: { challenge: home.challenge, code: app.next() } })).status,
    ).toBe(200);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs a code or a recovery code, then signs in with the password alone', async ({ api, call }) => {
    const fan = await api.signUp();
    const { app } = await turnOnTotp(api, fan, clock);
    const without = await call('DELETE', '/v1/account/2fa', { token: fan.token, body: {} });
    expect(without.status).toBe(400);
    const wrong = await call('DELETE', '/v1/account/2fa', { token: fan.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_code');
    const off = await call('DELETE', '/v1/account/2fa', { token: fan.token, body: { code: app.next() } });
    expect(off.status).toBe(200);
    expect(off.body.two_factor).toEqual({ totp: false, passkeys: 0 });
    const signIn = await call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    expect(signIn.body.access_token).toEqual(expect.any(String));
    const again = await call('DELETE', '/v1/account/2fa', { token: fan.token, body: { code: app.next() } });
    expect(again.status).toBe(409);

    const other = await api.signUp();
    const { recoveryCodes } = await turnOnTotp(api, other, clock);
    const byRecovery = await call('DELETE', '/v1/account/2fa', {
      token: other.token,
      body: { code: recoveryCodes[3] },
    });
    expect(byRecovery.status).toBe(200);
    expect(byRecovery.body.two_factor.totp).toBe(false);
  });
});
