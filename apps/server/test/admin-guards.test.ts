import { ERRORS, MODERATION_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { platformAccountId } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const SUPPORT = 'appeals@parlor.test';
const it = apiTest({ SUPPORT_EMAIL: SUPPORT });
let admin: Awaited<ReturnType<World['admin']>>;

it.beforeAll(async ({ w }) => {
  admin = await w.admin();
});

const act = (w: World, id: string, action: string, body: unknown = {}) =>
  w.api.call('POST', `/v1/admin/users/${id}/${action}`, { token: admin.token, body });
const setFlags = (w: World, id: string) =>
  w.api.call('PATCH', `/v1/admin/users/${id}/features`, {
    token: admin.token,
    body: { features: { tips: false } },
  });
const counts = async (w: World) => {
  const res = await w.api.call('GET', '/v1/admin/queue/counts', { token: admin.token });
  expect(res.status).toBe(200);
  return res.body as Record<'applications' | 'id_verifications' | 'reports' | 'payouts' | 'aml', number>;
};
const audit = async (w: World, targetId: string) =>
  (await w.api.call('GET', `/v1/admin/audit?target_id=${targetId}`, { token: admin.token })).body.data as {
    action: string;
    admin: { _id: string; username: string };
    target_id: string;
    target_username: string | null;
  }[];
/** A pending payout of this account (written as a request would leave it), then the admin completes it. */
async function completePayoutOf(server: TestServer, w: World, userId: string) {
  const payout = await server.app.ctx.db
    .insertInto('payouts')
    .values({ user_id: userId, amount: 2000, method: 'paypal_transfer', details: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const decided = await w.api.call('PATCH', `/v1/admin/payouts/${payout.id}`, {
    token: admin.token,
    body: { action: 'complete' },
  });
  return { payout, decided };
}
const row = (server: TestServer, id: string) =>
  server.app.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('admin actions on protected accounts', () => {
  type Target = 'self' | 'admin' | 'platform';
  const refusal: Record<Target, { code: string; message: string }> = {
    self: { code: 'target_is_self', message: MODERATION_MESSAGES.cannotActOnSelf },
    admin: { code: 'target_is_admin', message: MODERATION_MESSAGES.cannotActOnAdmin },
    platform: { code: 'target_is_platform', message: MODERATION_MESSAGES.cannotActOnPlatform },
  };
  async function targetId(server: TestServer, w: World, target: Target) {
    if (target === 'self') return admin.user._id;
    if (target === 'admin') return (await w.admin()).user._id;
    return platformAccountId(server.app.ctx.db);
  }

  it.for<Target>(['self', 'admin', 'platform'])(
    'refuses ban, freeze, penalise and feature flags on %s with 403, leaving it unchanged',
    async (target, { server, w }) => {
      const id = await targetId(server, w, target);
      const before = await row(server, id);
      for (const [action, body] of [
        ['ban', { reason: 'Spam' }],
        ['freeze', { message: 'Talk to us' }],
        ['penalise', {}],
        ['warn', { reason: 'Rude' }],
      ] as const) {
        const res = await act(w, id, action, body);
        expect(res.status, action).toBe(403);
        expect(res.body).toMatchObject(refusal[target]);
      }
      const flags = await setFlags(w, id);
      expect(flags.status).toBe(403);
      expect(flags.body).toMatchObject(refusal[target]);
      const after = await row(server, id);
      expect(after).toMatchObject({
        banned_at: before.banned_at,
        frozen_at: before.frozen_at,
        punishment_alert: before.punishment_alert,
        warning_reported: before.warning_reported,
        features: before.features,
      });
      expect(await audit(w, id)).toEqual([]);
    },
  );

  it('marks the platform account so the console offers it nothing, and a member stays actionable', async ({
    server,
    w,
  }) => {
    const platform = await platformAccountId(server.app.ctx.db);
    const shown = await w.api.call('GET', `/v1/admin/users/${platform}`, { token: admin.token });
    expect(shown.body.platform).toBe(true);
    const fan = await w.fan();
    const member = await w.api.call('GET', `/v1/admin/users/${fan.user._id}`, { token: admin.token });
    expect(member.body.platform).toBe(false);
    expect((await setFlags(w, fan.user._id)).status).toBe(200);
  });

  it('refuses another admin’s AML check and payout, which stay pending', async ({ server, w }) => {
    const other = await w.api.signUp('featured');
    await server.app.ctx.db
      .updateTable('users')
      .set({ role: 'admin', requires_moderation: false })
      .where('id', '=', other.user._id)
      .execute();
    const form = {
      full_name: 'Ann Example',
      date_of_birth: '1990-01-02',
      address: '1 Main St',
      city: 'Town',
      postal_code: '12345',
      country: 'us',
    };
    expect(
      (await w.api.call('POST', '/v1/account/anti-money-laundering', { token: other.token, body: form }))
        .status,
    ).toBe(200);
    const aml = await w.api.call('PATCH', `/v1/admin/aml/${other.user._id}`, {
      token: admin.token,
      body: { action: 'approve' },
    });
    expect(aml.status).toBe(403);
    expect(aml.body.code).toBe('target_is_admin');
    expect((await row(server, other.user._id)).aml_status).toBe('pending');

    const { payout, decided } = await completePayoutOf(server, w, other.user._id);
    expect(decided.status).toBe(403);
    expect(decided.body.message).toBe(MODERATION_MESSAGES.cannotActOnAdmin);
    const still = await server.app.ctx.db
      .selectFrom('payouts')
      .select('status')
      .where('id', '=', payout.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });
});

describe('queue counts', () => {
  it('counts open reports, applications and ID checks, and follow the actions that close them', async ({
    w,
  }) => {
    const start = await counts(w);
    const creator = await w.creator();
    const fan = await w.fan();
    await w.openChat(fan.token, creator.user._id);
    await w.api.call('PATCH', '/v1/chats', {
      token: fan.token,
      body: { action: 'report', ids: creator.user._id, reason: 'scam' },
    });
    const applicant = await w.fan();
    expect((await w.api.call('POST', '/v1/users/apply', { token: applicant.token, body: {} })).status).toBe(
      200,
    );
    const reported = await counts(w);
    expect(reported).toMatchObject({
      reports: start.reports + 1,
      applications: start.applications + 1,
    });
    const listed = await w.api.call('GET', '/v1/admin/queue/reports?limit=20', { token: admin.token });
    expect(listed.body.data).toHaveLength(reported.reports);

    expect((await act(w, creator.user._id, 'ban', { reason: 'Scam' })).status).toBe(200);
    expect((await act(w, applicant.user._id, 'reject-enquiry', { reason: 'No' })).status).toBe(200);
    expect(await counts(w)).toMatchObject({ reports: start.reports, applications: start.applications });
  });

  it('counts pending payouts and AML checks', async ({ server, w }) => {
    const start = await counts(w);
    const creator = await w.creator();
    await server.app.ctx.db
      .insertInto('payouts')
      .values({ user_id: creator.user._id, amount: 2000, method: 'paypal_transfer', details: null })
      .execute();
    await server.app.ctx.db
      .updateTable('users')
      .set({ id_verification_status: 'in_progress' })
      .where('id', '=', creator.user._id)
      .execute();
    expect(await counts(w)).toMatchObject({
      payouts: start.payouts + 1,
      id_verifications: start.id_verifications + 1,
      aml: start.aml,
    });
  });

  it('is for admins only', async ({ w }) => {
    const fan = await w.fan();
    expect((await w.api.call('GET', '/v1/admin/queue/counts', { token: fan.token })).status).toBe(403);
  });
});

describe('the audit log', () => {
  it('names the acting admin and the target by username, ids kept beside them', async ({ server, w }) => {
    const creator = await w.creator();
    expect((await act(w, creator.user._id, 'penalise')).status).toBe(200);
    const { payout, decided } = await completePayoutOf(server, w, creator.user._id);
    expect(decided.status).toBe(200);
    const page = await w.api.call('GET', '/v1/admin/audit?limit=2', { token: admin.token });
    expect(page.body.data).toMatchObject([
      {
        action: 'payout-complete',
        admin: { _id: admin.user._id, username: admin.user.username },
        target_type: 'payout',
        target_id: String(payout.id),
        target_username: creator.user.username,
      },
      {
        action: 'penalise',
        admin: { _id: admin.user._id, username: admin.user.username },
        target_type: 'user',
        target_id: creator.user._id,
        target_username: creator.user.username,
      },
    ]);
  });
});

describe('a ban as the account meets it', () => {
  it('carries the reason and the appeal address in the banned event and the sign-in refusal', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const socket = await connectSocket(server.url, fan.token);
    expect((await act(w, fan.user._id, 'ban', { reason: 'Scam links' })).status).toBe(200);
    const ban = { reason: 'Scam links', contact: SUPPORT };
    expect((await socket.next('banned')).data).toEqual({ reason: 'Scam links', ban });
    socket.close();
    const signIn = await w.api.call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ message: ERRORS.suspended, code: 'banned', ban });
  });
});
