import { ERRORS, endpoints, MODERATION_MESSAGES } from '@parlor/contract';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const it = apiTest();
let admin: Awaited<ReturnType<World['admin']>>;

it.beforeAll(async ({ w }) => {
  admin = await w.admin();
});

const photo = (colour = '#a05030') =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function uploadDoc(server: TestServer, token: string, kind: string, file?: Buffer) {
  const form = new FormData();
  form.set('file', new Blob([file ?? (await photo())], { type: 'image/jpeg' }), 'doc.jpg');
  const res = await fetch(`${server.url}/v1/users/id-verification/documents/${kind}`, {
    method: 'POST',
    headers: { 'access-token': token, 'web-type': 'react' },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const act = (w: World, id: string, action: string, body: unknown = {}, token = admin.token) =>
  w.api.call('POST', `/v1/admin/users/${id}/${action}`, { token, body });

async function auditFor(w: World, targetId: string) {
  const res = await w.api.call('GET', `/v1/admin/audit?target_id=${targetId}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.data as { action: string; admin: { username: string }; details: Record<string, unknown> }[];
}

/** A fan who applied and sent both ID documents for review. */
async function applicant(server: TestServer, w: World) {
  const fan = await w.fan();
  expect((await w.api.call('POST', '/v1/users/apply', { token: fan.token, body: {} })).status).toBe(200);
  expect((await uploadDoc(server, fan.token, 'id')).status).toBe(201);
  expect((await uploadDoc(server, fan.token, 'selfie')).status).toBe(201);
  const submit = await w.api.call('POST', '/v1/users/id-verification', { token: fan.token });
  expect(submit.status).toBe(200);
  expect(submit.body.id_verification_status).toBe('in_progress');
  return fan;
}

describe('authorization over /v1/admin', () => {
  const adminRoutes = Object.values(endpoints).filter((e) => e.path.startsWith('/v1/admin'));

  it('covers every admin endpoint of the table, each declared admin-only', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
    for (const e of adminRoutes) expect(e.access).toBe('admin');
  });

  it('answers anonymous 401, fan 403, creator 403 and admin not 401/403 on every route', async ({ w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const target = await w.fan();
    const fill = (path: string) =>
      path
        .replace(':id/:action', `${target.user._id}/warn`)
        .replace(':id', path.includes('/payouts/') ? '1' : target.user._id);
    for (const e of adminRoutes) {
      const path = fill(e.path);
      // Bodies valid for the route, so the answer is about who asks (validation runs first).
      const body =
        e.method === 'GET'
          ? undefined
          : path.includes('/payouts/') || path.includes('/aml/')
            ? { action: 'reject' }
            : path.endsWith('/features')
              ? { features: { tips: true } }
              : path.endsWith('/2fa')
                ? { reason: 'Owner confirmed by video call' }
                : {};
      const callAs = (token?: string) =>
        w.api.request(e.method, path, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
      expect((await callAs()).status, `${e.method} ${e.path} anonymous`).toBe(401);
      expect((await callAs(fan.token)).status, `${e.method} ${e.path} fan`).toBe(403);
      expect((await callAs(creator.token)).status, `${e.method} ${e.path} creator`).toBe(403);
      const asAdmin = await callAs(admin.token);
      expect([200, 404, 409], `${e.method} ${e.path} admin: ${asAdmin.status}`).toContain(asAdmin.status);
    }
  });
});

describe('applying to become a creator', () => {
  it('takes one application, refuses creators, and refuses for good after a rejection', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const none = await w.api.call('GET', '/v1/users/apply', { token: fan.token });
    expect(none.body.status).toBe('none');
    const first = await w.api.call('POST', '/v1/users/apply', { token: fan.token, body: { message: 'Hi' } });
    expect(first.body).toMatchObject({ status: 'pending', id_verification_status: 'pending' });
    const again = await w.api.call('POST', '/v1/users/apply', { token: fan.token });
    expect(again.body.status).toBe('pending');

    const queue = await w.api.call('GET', '/v1/admin/queue/applications', { token: admin.token });
    const entry = queue.body.data.find((a: { user: { _id: string } }) => a.user._id === fan.user._id);
    expect(entry).toMatchObject({ message: 'Hi', user: { application_status: 'pending' } });

    const socket = await connectSocket(server.url, fan.token);
    expect((await act(w, fan.user._id, 'reject-enquiry', { reason: 'Incomplete profile' })).status).toBe(200);
    expect((await socket.next('onboarding_rejected')).data).toMatchObject({ reason: 'Incomplete profile' });
    socket.close();
    const refused = await w.api.call('POST', '/v1/users/apply', { token: fan.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Sorry. Your application was rejected. You can't apply again");
    expect(refused.body.message).toBe(ERRORS.applicationRejected);
    expect((await auditFor(w, fan.user._id))[0]).toMatchObject({
      action: 'reject-enquiry',
      admin: { username: admin.user.username },
      details: { reason: 'Incomplete profile' },
    });

    const creator = await w.creator();
    const byCreator = await w.api.call('POST', '/v1/users/apply', { token: creator.token });
    expect(byCreator.status).toBe(409);
  });
});

describe('ID documents', () => {
  it('are served to the owner and admins only', async ({ server, w }) => {
    const fan = await applicant(server, w);
    const mine = await w.api.call('GET', '/v1/users/id-verification/documents', { token: fan.token });
    expect(mine.body.id.url).toMatch(/^\/v1\/id-documents\//);
    const own = await fetch(`${server.url}${mine.body.id.url}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');

    const queue = await w.api.call('GET', '/v1/admin/queue/id-verifications', { token: admin.token });
    const entry = queue.body.data.find((v: { user: { _id: string } }) => v.user._id === fan.user._id);
    expect(entry.id.url).not.toBe(mine.body.id.url);
    expect(
      (await fetch(`${server.url}${entry.selfie.url}`, { headers: { 'access-token': admin.token } })).status,
    ).toBe(200);

    // Someone else: with the owner's link and their own session, with an edited link, through the API.
    const other = await w.fan();
    const withSession = await fetch(`${server.url}${mine.body.id.url}`, {
      headers: { 'access-token': other.token, 'web-type': 'react' },
    });
    expect(withSession.status).toBe(403);
    const forged = mine.body.id.url.replace(`u=${fan.user._id}`, `u=${other.user._id}`);
    expect((await fetch(`${server.url}${forged}`)).status).toBe(403);
    const theirs = await w.api.call('GET', '/v1/users/id-verification/documents', { token: other.token });
    expect(theirs.body).toMatchObject({ id: null, selfie: null });
    const publicId = mine.body.id._id;
    expect(
      (await w.api.call('GET', `/v1/users/images/public_id/${publicId}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await w.api.call('GET', `/v1/users/images/public_id/${publicId}`, { token: fan.token })).status,
    ).toBe(404);
    const queueAsFan = await w.api.call('GET', '/v1/admin/queue/id-verifications', { token: other.token });
    expect(queueAsFan.status).toBe(403);
    // A link signed for an account that is no longer an admin stops opening.
    const formerAdmin = await w.admin();
    const q2 = await w.api.call('GET', '/v1/admin/queue/id-verifications', { token: formerAdmin.token });
    const url = q2.body.data.find((v: { user: { _id: string } }) => v.user._id === fan.user._id).id.url;
    await server.app.ctx.db
      .updateTable('users')
      .set({ role: 'user' })
      .where('id', '=', formerAdmin.user._id)
      .execute();
    expect((await fetch(`${server.url}${url}`)).status).toBe(403);
  });

  it('refuses what is not an image, a submit without both documents, and a second submit', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const notImage = await uploadDoc(server, fan.token, 'id', Buffer.from('plain text, not a photo'));
    expect(notImage.status).toBe(400);
    expect((await uploadDoc(server, fan.token, 'passport')).status).toBe(400);
    expect((await uploadDoc(server, fan.token, 'id')).status).toBe(201);
    const early = await w.api.call('POST', '/v1/users/id-verification', { token: fan.token });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MODERATION_MESSAGES.documentsMissing);
    expect((await uploadDoc(server, fan.token, 'selfie')).status).toBe(201);
    expect((await w.api.call('POST', '/v1/users/id-verification', { token: fan.token })).status).toBe(200);
    const twice = await w.api.call('POST', '/v1/users/id-verification', { token: fan.token });
    expect(twice.status).toBe(409);
  });

  it('goes through retake, then approval of the ID and the application makes a creator in Discover', async ({
    server,
    w,
  }) => {
    const fan = await applicant(server, w);
    const socket = await connectSocket(server.url, fan.token);
    expect(
      (await act(w, fan.user._id, 'retake-id', { reason: 'Blurry' })).body.user.id_verification_status,
    ).toBe('retake');
    expect((await uploadDoc(server, fan.token, 'id', await photo('#203040'))).status).toBe(201);
    expect((await w.api.call('POST', '/v1/users/id-verification', { token: fan.token })).status).toBe(200);

    const id = await act(w, fan.user._id, 'approve-id');
    expect(id.body.user).toMatchObject({
      id_verified: true,
      id_verification_status: 'verified',
      type: 'user',
    });
    await socket.next('onboarding_approved_id');
    const app = await act(w, fan.user._id, 'approve-enquiry');
    expect(app.body.user).toMatchObject({
      type: 'featured',
      requires_moderation: false,
      discover_status: 'featured',
    });
    await socket.next('featured_enquiry_approved');
    await socket.next('model_approved');
    socket.close();
    expect((await w.api.call('GET', '/v1/users/apply', { token: fan.token })).body.status).toBe('approved');
    const actions = (await auditFor(w, fan.user._id)).map((a) => a.action);
    expect(actions).toEqual(['approve-enquiry', 'approve-id', 'retake-id']);
  });
});

describe('admin actions', () => {
  it.for<[string, Record<string, unknown>, string, Record<string, unknown>]>([
    ['ban', { reason: 'Scam' }, 'banned', { reason: 'Scam' }],
    ['freeze', { message: 'Talk to support' }, 'user.update', { message: 'Talk to support' }],
    ['warn', { reason: 'Rude' }, 'warning_you_have_been_reported', { reason: 'Rude' }],
    ['reject-id', { reason: 'Expired' }, 'onboarding_rejected', { reason: 'Expired' }],
    ['approve', {}, 'model_approved', {}],
    ['discover', { discover_status: 'denied' }, 'user.update', { discover_status: 'denied' }],
    ['force-discover', {}, 'user.update', { enabled: true }],
    ['penalise', {}, 'user.update', { enabled: true }],
    ['unfreeze', {}, 'user.update', {}],
    ['unban', {}, 'user.update', {}],
    ['deny', {}, 'user.update', {}],
  ])('%s sends %s and writes an audit row', async ([action, body, event, details], { server, w }) => {
    const creator = await w.creator();
    const socket = await connectSocket(server.url, creator.token);
    const res = await act(w, creator.user._id, action, body);
    expect(res.status).toBe(200);
    await socket.next(event);
    socket.close();
    const [row] = await auditFor(w, creator.user._id);
    expect(row).toMatchObject({ action, admin: { username: admin.user.username }, details });
  });

  it('sets punishment_alert, force_discover and discover status as the console shows them', async ({ w }) => {
    const creator = await w.creator();
    await act(w, creator.user._id, 'penalise');
    await act(w, creator.user._id, 'force-discover', { enabled: true });
    const shown = await w.api.call('GET', `/v1/admin/users/${creator.user._id}`, { token: admin.token });
    expect(shown.body).toMatchObject({ punishment_alert: true, force_discover: true });
    expect((await act(w, creator.user._id, 'discover')).status).toBe(400);
    const search = await w.api.call('GET', `/v1/admin/users?q=${creator.user.username}`, {
      token: admin.token,
    });
    expect(search.body.data.map((u: { _id: string }) => u._id)).toEqual([creator.user._id]);
  });

  it('shows a report with the chat as context, and a ban resolves it', async ({ w }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.openChat(fan.token, creator.user._id);
    expect((await w.send(creator.token, fan.user._id, 'Send me money outside the app')).status).toBe(200);
    await w.api.call('PATCH', '/v1/chats', {
      token: fan.token,
      body: { action: 'report', ids: creator.user._id, reason: 'scam' },
    });
    const queue = await w.api.call('GET', '/v1/admin/queue/reports', { token: admin.token });
    const report = queue.body.data.find(
      (r: { reported: { _id: string } }) => r.reported._id === creator.user._id,
    );
    expect(report).toMatchObject({
      reason: 'scam',
      reporter: { _id: fan.user._id },
      reported: { open_reports: 1 },
    });
    expect(report.context.map((m: { text: string }) => m.text)).toContain('Send me money outside the app');
    await act(w, creator.user._id, 'ban', { reason: 'Scam' });
    const after = await w.api.call('GET', '/v1/admin/queue/reports', { token: admin.token });
    expect(after.body.data.some((r: { _id: string }) => r._id === report._id)).toBe(false);
  });

  it('writes audit rows for payout and AML decisions', async ({ w }) => {
    const creator = await w.creator();
    await w.api.call('POST', '/v1/account/anti-money-laundering', {
      token: creator.token,
      body: {
        full_name: 'Ann Example',
        date_of_birth: '1990-01-02',
        address: '1 Main St',
        city: 'Town',
        postal_code: '12345',
        country: 'us',
      },
    });
    const aml = await w.api.call('GET', '/v1/admin/queue/aml', { token: admin.token });
    expect(aml.body.data.some((a: { user: { _id: string } }) => a.user._id === creator.user._id)).toBe(true);
    expect(
      (
        await w.api.call('PATCH', `/v1/admin/aml/${creator.user._id}`, {
          token: admin.token,
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(200);
    expect((await auditFor(w, creator.user._id))[0]).toMatchObject({ action: 'aml-approve' });
  });
});

describe('a creator awaiting moderation', () => {
  it('cannot open chats with fans, message them or broadcast until approved; support stays reachable', async ({
    server,
    w,
  }) => {
    const creator = await w.api.signUp('featured');
    expect(creator.user).toMatchObject({ requires_moderation: true, id_verification_status: null });
    const fan = await w.fan();
    const refused = { message: ERRORS.awaitingModeration, code: 'moderation_pending' };

    const open = await w.api.call('POST', '/v1/chat', {
      token: creator.token,
      body: { recipient_id: fan.user._id },
    });
    expect([open.status, open.body]).toEqual([403, refused]);
    const first = await w.send(creator.token, fan.user._id, 'Hi, new here');
    expect([first.status, first.body]).toEqual([403, refused]);

    // A fan may still write; the creator cannot answer yet, and nothing of theirs is stored.
    expect((await w.send(fan.token, creator.user._id, 'Hello?')).status).toBe(200);
    const reply = await w.send(creator.token, fan.user._id, 'Hello!');
    expect([reply.status, reply.body]).toEqual([403, refused]);
    const broadcast = await w.api.call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'all', type: 'text', text: 'To everyone' },
    });
    expect([broadcast.status, broadcast.body]).toEqual([403, refused]);
    const stored = await server.app.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', creator.user._id)
      .execute();
    expect(stored).toEqual([]);
    expect((await w.send(creator.token, admin.user._id, 'When will I be approved?')).status).toBe(200);

    expect((await act(w, creator.user._id, 'approve')).status).toBe(200);
    expect((await w.send(creator.token, fan.user._id, 'Hello!')).status).toBe(200);
    const approved = await w.api.call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'all', type: 'text', text: 'To everyone' },
    });
    expect(approved.status).toBe(202);
  });
});
