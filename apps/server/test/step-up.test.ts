import { SECURITY_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { client } from './support/client';
import { mailbox } from './support/mailbox';
import { manualClock, startServer } from './support/server';
import { inviteLink } from './support/team';
import { turnOnTotp } from './support/two-factor';
import { world } from './support/world';

// Step-up (docs/accounts.md): with two-factor sign-in on, every change of money or identity asks
// for a fresh code, `code` in a JSON body or the x-two-factor-code header on a request without one.
// And the admin console in production needs two-factor sign-in (ADMIN_REQUIRE_2FA).

const clock = manualClock();
const it = apiTest({}, { clock }).extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

const expectStepUp = (res: { status: number; body: { code: string; message: string } }) => {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ code: 'two_factor_required', message: SECURITY_MESSAGES.stepUpRequired });
};

describe('changing payout details', () => {
  it('needs a fresh code besides the mailed action code, and each code works once', async ({
    w,
    call,
    mail,
  }) => {
    const creator = await w.creator();
    const { app } = await turnOnTotp(w.api, creator, clock);
    expect((await call('POST', '/v1/users/send-verification-code', { token: creator.token })).status).toBe(
      200,
    );
    const mailed = await mail.lastCode(creator.user.email);
    const details = { payout_method: 'paypal_transfer', payout_account: 'me@paypal.example' };
    const path = `/v2/account/defaults?verification_code=${mailed}` as const;

    expectStepUp(await call('PATCH', path, { token: creator.token, body: details }));
    const wrong = await call('PATCH', path, { token: creator.token, body: { ...details, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_code');
    expect(
      (await call('GET', '/v2/account/defaults', { token: creator.token })).body.payout_method,
    ).toBeNull();

    const code = app.next();
    const ok = await call('PATCH', path, { token: creator.token, body: { ...details, code } });
    expect(ok.status).toBe(200);
    expect(ok.body.payout_account).toBe('me@paypal.example');
    // The same app code again, in the same 30 seconds: refused before anything changes.
    const again = await call('PATCH', path, {
      token: creator.token,
      body: { payout_method: 'paypal_transfer', payout_account: 'thief@paypal.example', code },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('code_used');
    expect((await call('GET', '/v2/account/defaults', { token: creator.token })).body.payout_account).toBe(
      'me@paypal.example',
    );
  });
});

describe('changing the email address and the password', () => {
  it('moves an unverified address only with a fresh code, and resends to the same one without', async ({
    w,
    call,
  }) => {
    const fan = await w.api.signUp();
    const { app } = await turnOnTotp(w.api, fan, clock);
    expectStepUp(
      await call('POST', '/v1/users/change-verify-email', {
        token: fan.token,
        body: { email: 'new1@example.com' },
      }),
    );
    expectStepUp(
      await call('POST', '/v1/users/resend-verify', {
        token: fan.token,
        body: { email: 'new2@example.com' },
      }),
    );
    expect((await call('GET', '/v1/users/me', { token: fan.token })).body.email).toBe(fan.user.email);

    clock.advance(31_000);
    const same = await call('POST', '/v1/users/resend-verify', {
      token: fan.token,
      body: { email: fan.user.email },
    });
    expect(same.status).toBe(200);
    clock.advance(31_000);
    const moved = await call('POST', '/v1/users/change-verify-email', {
      token: fan.token,
      body: { email: 'new3@example.com', code: app.next() },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe('new3@example.com');
  });

  it('changes the password only with a fresh code', async ({ w, call }) => {
    const fan = await w.api.signUp();
    const { app } = await turnOnTotp(w.api, fan, clock);
    const change = { current_password: fan.password, new_password: 'another-secret-9' };
    expectStepUp(await call('POST', '/v1/users/password', { token: fan.token, body: change }));
    const signIn = await call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    expect(signIn.body.two_factor_required).toBe(true);
    const changed = await call('POST', '/v1/users/password', {
      token: fan.token,
      body: { ...change, code: app.next() },
    });
    expect(changed.status).toBe(200);
  });

  it('asks nothing of an account without two-factor sign-in', async ({ w, call }) => {
    const fan = await w.api.signUp();
    const changed = await call('POST', '/v1/users/password', {
      token: fan.token,
      body: { current_password: fan.password, new_password: 'another-secret-9' },
    });
    expect(changed.status).toBe(200);
  });
});

describe('managing the team', () => {
  it('invites, changes, withdraws and removes only with a fresh code', async ({ w, call, mail }) => {
    const creator = await w.creator();
    const { app } = await turnOnTotp(w.api, creator, clock);
    const member = await w.api.signUp();
    const invite = { email: member.user.email, permissions: ['chats'] };
    expectStepUp(await call('POST', '/v1/team/invites', { token: creator.token, body: invite }));
    const invited = await call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { ...invite, code: app.next() },
    });
    expect(invited.status).toBe(201);

    const token = (await inviteLink(mail, member.user.email)).searchParams.get('token');
    expect((await call('POST', '/v1/team/join', { token: member.token, body: { token } })).status).toBe(200);
    const rowId = (await call('GET', '/v1/team/members', { token: creator.token })).body.data[0]
      ._id as string;
    const memberPath = `/v1/team/members/${rowId}` as const;
    expectStepUp(
      await call('PATCH', memberPath, { token: creator.token, body: { permissions: ['chats', 'vault'] } }),
    );
    const updated = await call('PATCH', memberPath, {
      token: creator.token,
      body: { permissions: ['chats', 'vault'], code: app.next() },
    });
    expect(updated.status).toBe(200);
    expectStepUp(await call('DELETE', memberPath, { token: creator.token }));
    const removed = await call('DELETE', memberPath, {
      token: creator.token,
      headers: { 'x-two-factor-code': app.next() },
    });
    expect(removed.status).toBe(204);

    const other = await call('POST', '/v1/team/invites', {
      token: creator.token,
      body: { email: 'someone@example.com', permissions: ['chats'], code: app.next() },
    });
    const invitePath = `/v1/team/invites/${other.body._id}` as const;
    expectStepUp(await call('DELETE', invitePath, { token: creator.token }));
    const withdrawn = await call('DELETE', invitePath, {
      token: creator.token,
      headers: { 'x-two-factor-code': app.next() },
    });
    expect(withdrawn.status).toBe(204);
    expect((await call('GET', '/v1/team/invites', { token: creator.token })).body.data).toEqual([]);
  });
});

describe('the admin console and two-factor sign-in', () => {
  it('is open to an admin without two-factor sign-in outside production (ADMIN_REQUIRE_2FA unset)', async ({
    w,
    call,
  }) => {
    const admin = await w.admin();
    expect((await call('GET', '/v1/admin/users', { token: admin.token })).status).toBe(200);
  });

  it('with ADMIN_REQUIRE_2FA=true keeps admins without it out, and lets one with it reset a user who lost every factor', {
    timeout: 90_000,
  }, async () => {
    const ownClock = manualClock();
    const server = await startServer({ ADMIN_REQUIRE_2FA: 'true' }, { clock: ownClock });
    try {
      const api = client(server.url);
      const mail = mailbox(server);
      const admin = await world(server).admin();
      const refused = await api.call('GET', '/v1/admin/users', { token: admin.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'admin_two_factor_required',
        message: SECURITY_MESSAGES.adminNeedsTwoFactor,
      });
      // A fan still meets the console's own refusal, and the admin can still turn it on.
      const fan = await api.signUp();
      expect((await api.call('GET', '/v1/admin/users', { token: fan.token })).body.code).toBe('forbidden');
      await turnOnTotp(api, admin, ownClock);
      expect((await api.call('GET', '/v1/admin/users', { token: admin.token })).status).toBe(200);

      // The fan lost the app and the recovery codes: the admin, who confirmed it is them, resets.
      await turnOnTotp(api, fan, ownClock);
      const path = `/v1/admin/users/${fan.user._id}/2fa` as const;
      const reasonless = await api.call('DELETE', path, { token: admin.token, body: {} });
      expect(reasonless.status).toBe(400);
      expect(reasonless.body.message).toBe(SECURITY_MESSAGES.adminResetReason);
      const reset = await api.call('DELETE', path, {
        token: admin.token,
        body: { reason: 'ID document matched, video call on 2 December' },
      });
      expect(reset.status).toBe(200);
      expect(reset.body.user.two_factor).toEqual({ totp: false, passkeys: 0 });
      expect((await api.call('GET', '/v1/users/me', { token: fan.token })).status).toBe(401);
      const signIn = await api.call('POST', '/v1/auth', {
        body: { login: fan.user.username, password: fan.password },
      });
      expect(signIn.body.access_token).toEqual(expect.any(String));
      await expect
        .poll(() =>
          mail.mails.some(
            (m) => m.to === fan.user.email && /Two-factor sign-in was turned off/.test(m.subject),
          ),
        )
        .toBe(true);
      const audit = await api.call('GET', '/v1/admin/audit', { token: admin.token });
      expect(audit.body.data[0]).toMatchObject({ action: 'reset-2fa' });

      // Another admin's factors are not this admin's to remove.
      const other = await world(server).admin();
      const onAdmin = await api.call('DELETE', `/v1/admin/users/${other.user._id}/2fa`, {
        token: admin.token,
        body: { reason: 'no' },
      });
      expect(onAdmin.status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
