import { ERRORS, MODERATION_MESSAGES, type User } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { Api } from './support/client';
import { connectSocket } from './support/socket';

const it = apiTest();
let admin: { token: string; user: User };

it.beforeAll(async ({ server, api }) => {
  const signed = await api.signUp();
  await server.app.ctx.db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('id', '=', signed.user._id)
    .execute();
  admin = { token: signed.token, user: signed.user };
});

const act = (api: Api, id: string, action: string, body?: unknown, token = admin.token) =>
  api.call('POST', `/v1/admin/users/${id}/${action}`, { token, ...(body !== undefined ? { body } : {}) });

describe('ban and unban', () => {
  it('sends banned with the reason, revokes every token and refuses sign-in until unbanned', async ({
    server,
    api,
  }) => {
    const fan = await api.signUp();
    const second = await api.call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    const socket = await connectSocket(server.url, fan.token);
    const res = await act(api, fan.user._id, 'ban', { reason: 'Spamming creators' });
    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(fan.user._id);
    expect((await socket.next('banned')).data).toEqual({
      reason: 'Spamming creators',
      ban: { reason: 'Spamming creators', contact: null },
    });
    expect((await api.call('GET', '/v1/users/me', { token: fan.token })).status).toBe(401);
    expect((await api.call('GET', '/v1/users/me', { token: second.body.access_token })).status).toBe(401);
    const signIn = await api.call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(ERRORS.suspended);
    expect(signIn.body.ban).toEqual({ reason: 'Spamming creators', contact: null });
    expect((await api.call('GET', `/v1/users/${fan.user.username}`)).status).toBe(404);

    expect((await act(api, fan.user._id, 'unban')).status).toBe(200);
    const back = await api.call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    expect(back.status).toBe(200);
    socket.close();
  });
});

describe('freeze', () => {
  it('answers 423 with the frozen message on actions, while reading still works, until unfrozen', async ({
    server,
    api,
  }) => {
    const creator = await api.signUp('featured');
    const socket = await connectSocket(server.url, creator.token);
    await act(api, creator.user._id, 'freeze');
    await socket.next('user.update');
    const tag = await api.call('POST', '/v1/users/tags', { token: creator.token, body: { tag: 'x' } });
    expect(tag.status).toBe(423);
    expect(tag.body).toEqual({ message: ERRORS.frozen, code: 'account_frozen' });
    expect((await api.call('PATCH', '/v1/users/random_avatar', { token: creator.token })).status).toBe(423);
    const payout = await api.call('PATCH', '/v2/account/defaults?verification_code=1234', {
      token: creator.token,
      body: { payout_method: 'paypal_transfer', payout_account: 'abc@x.io' },
    });
    expect(payout.status).toBe(423);
    expect((await api.call('GET', '/v1/users/me', { token: creator.token })).status).toBe(200);

    await act(api, creator.user._id, 'freeze', { message: ERRORS.frozenWithManager });
    const custom = await api.call('POST', '/v1/users/tags', { token: creator.token, body: { tag: 'x' } });
    expect(custom.body.message).toBe(ERRORS.frozenWithManager);

    await act(api, creator.user._id, 'unfreeze');
    expect(
      (await api.call('POST', '/v1/users/tags', { token: creator.token, body: { tag: 'x' } })).status,
    ).toBe(200);
    socket.close();
  });
});

describe('approvals and warnings', () => {
  it.for<[string, string, object]>([
    ['approve', 'model_approved', { requires_moderation: false, discover_status: 'featured' }],
    ['approve-id', 'onboarding_approved_id', { id_verified: true, id_verification_status: 'verified' }],
    ['reject-id', 'onboarding_rejected', { id_verified: false, id_verification_status: 'rejected' }],
    ['deny', 'user.update', { discover_status: 'denied' }],
    [
      'warn',
      'warning_you_have_been_reported',
      { settings: expect.objectContaining({ core: { warning_you_have_been_reported: true } }) },
    ],
  ])('%s sends %s and changes the account', async ([action, event, change], { server, api }) => {
    const creator = await api.signUp('featured');
    const socket = await connectSocket(server.url, creator.token);
    const res = await act(api, creator.user._id, action, {});
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject(change);
    if (event !== 'user.update') await socket.next(event);
    expect((await socket.next('user.update')).data).toMatchObject(change);
    socket.close();
  });

  it('turns an approved fan enquiry into a creator awaiting moderation', async ({ server, api }) => {
    const fan = await api.signUp();
    const socket = await connectSocket(server.url, fan.token);
    const res = await act(api, fan.user._id, 'approve-enquiry');
    expect(res.body.user).toMatchObject({ type: 'featured', requires_moderation: true });
    await socket.next('featured_enquiry_approved');
    socket.close();
  });

  it('lets the reported user dismiss the warning', async ({ api }) => {
    const fan = await api.signUp();
    await act(api, fan.user._id, 'warn');
    const res = await api.call('DELETE', '/v1/users/warning', { token: fan.token });
    expect(res.body.settings.core.warning_you_have_been_reported).toBe(false);
  });
});

describe('admin guard', () => {
  it('refuses non-admins, unknown actions and ids, and other admins', async ({ api }) => {
    const fan = await api.signUp();
    const target = await api.signUp();
    const refused = await act(api, target.user._id, 'ban', { reason: 'x' }, fan.token);
    expect(refused.status).toBe(403);
    expect((await api.call('GET', '/v1/users/me', { token: target.token })).status).toBe(200);
    expect((await act(api, target.user._id, 'ban', undefined, 'made-up')).status).toBe(401);
    expect((await act(api, target.user._id, 'explode')).status).toBe(400);
    expect((await act(api, target.user._id, 'ban', { nonsense: true })).status).toBe(400);
    const missing = await act(api, '00000000-0000-4000-8000-000000000000', 'ban');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ERRORS.userNotFound);
    expect((await act(api, 'not-a-uuid', 'ban')).status).toBe(404);
    const self = await act(api, admin.user._id, 'ban');
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(MODERATION_MESSAGES.cannotActOnSelf);
  });
});
