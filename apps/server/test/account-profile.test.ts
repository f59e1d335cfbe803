import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_MESSAGES,
  IdVerificationResponse,
  MAX_TAGS,
  User,
} from '@parlor/contract';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { DELETION_JOB } from '../src/modules/account/deletion';
import { apiTest } from './support/api-test';
import { photoWithGps } from './support/media';
import { manualClock, type TestServer } from './support/server';
import { connectSocket } from './support/socket';

const clock = manualClock();
const it = apiTest({}, { clock });

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  type = 'image/png',
  name = 'me.png',
) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${server.url}/v1/users/avatar`, {
    method: 'POST',
    headers: { 'access-token': token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; avatar_url?: string } };
}

describe('tags', () => {
  it('adds tags lowercased without duplicates and removes them', async ({ api }) => {
    const { token } = await api.signUp('featured');
    expect(
      (await api.call('POST', '/v1/users/tags', { token, body: { tag: ' Fitness ' } })).body.tags,
    ).toEqual(['fitness']);
    await api.call('POST', '/v1/users/tags', { token, body: { tag: 'fitness' } });
    const two = await api.call('POST', '/v1/users/tags', { token, body: { tag: 'yoga-life' } });
    expect(two.body.tags).toEqual(['fitness', 'yoga-life']);
    const removed = await api.call('DELETE', '/v1/users/tags?tag=fitness', { token });
    expect(removed.body.tags).toEqual(['yoga-life']);
    expect((await api.call('GET', '/v1/users/me', { token })).body.tags).toEqual(['yoga-life']);
  });

  it('refuses bad tags and more than the maximum', async ({ api }) => {
    const { token } = await api.signUp('featured');
    for (const tag of ['', '<b>', 'a'.repeat(31), '-lead']) {
      const res = await api.call('POST', '/v1/users/tags', { token, body: { tag } });
      expect(res.status).toBe(400);
    }
    expect((await api.call('POST', '/v1/users/tags', { token, body: {} })).status).toBe(400);
    for (let i = 0; i < MAX_TAGS; i++)
      await api.call('POST', '/v1/users/tags', { token, body: { tag: `t${i}` } });
    const over = await api.call('POST', '/v1/users/tags', { token, body: { tag: 'one-more' } });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(ACCOUNT_MESSAGES.tooManyTags);
    // Re-adding an existing tag at the limit is harmless.
    expect((await api.call('POST', '/v1/users/tags', { token, body: { tag: 't0' } })).status).toBe(200);
  });
});

describe('greeting', () => {
  it('sets, reads and deletes the greeting', async ({ api }) => {
    const { token } = await api.signUp('featured');
    expect((await api.call('PUT', '/v1/users/greeting', { token, body: { text: 'Hi there!' } })).status).toBe(
      200,
    );
    expect((await api.call('GET', '/v1/users/greeting', { token })).body).toEqual({ greeting: 'Hi there!' });
    expect((await api.call('DELETE', '/v1/users/greeting', { token })).status).toBe(204);
    expect((await api.call('GET', '/v1/users/greeting', { token })).body).toEqual({ greeting: null });
    // An empty text clears it too (apps/server/test/greeting.test.ts has the rest).
    expect((await api.call('PUT', '/v1/users/greeting', { token, body: { text: '  ' } })).body).toEqual({
      greeting: null,
    });
  });
});

describe('avatar', () => {
  it('picks a random generated avatar that the avatar route serves', async ({ server, api }) => {
    const { token } = await api.signUp();
    const res = await api.call('PATCH', '/v1/users/random_avatar', { token });
    expect(res.status).toBe(200);
    const url = User.parse(res.body).avatar_url!;
    expect(url).toMatch(/^\/v1\/avatars\/[A-Za-z0-9_-]+\.svg\?l=/);
    const again = await api.call('PATCH', '/v1/users/random_avatar', { token });
    expect(again.body.avatar_url).not.toBe(url);
    const svg = await fetch(`${server.url}${url}`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('uploads an image and serves back a re-encoded copy, never the uploaded bytes', async ({
    server,
    api,
  }) => {
    const { token } = await api.signUp('featured');
    const res = await upload(server, token, PNG_1PX);
    expect(res.status).toBe(200);
    expect(res.body.avatar_url).toMatch(/^\/v1\/users\/avatars\/.+\.jpg$/);
    const img = await fetch(`${server.url}${res.body.avatar_url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG_1PX)).toBe(false);
  });

  it('strips the camera and GPS position from a photo and bounds its size', async ({ server, api }) => {
    const { token } = await api.signUp('featured');
    const res = await upload(server, token, await photoWithGps(2000, 1500), 'image/jpeg');
    expect(res.status).toBe(200);
    const img = Buffer.from(await (await fetch(`${server.url}${res.body.avatar_url}`)).arrayBuffer());
    const meta = await sharp(img).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('refuses what is not an image by its bytes, an empty file, a too-large file and no file', async ({
    server,
    api,
  }) => {
    const { token } = await api.signUp();
    const fake = await upload(server, token, Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(ACCOUNT_MESSAGES.avatarType);
    expect((await upload(server, token, new Uint8Array(0))).status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG_1PX);
    const large = await upload(server, token, big);
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(ACCOUNT_MESSAGES.avatarTooLarge);
    const json = await api.call('POST', '/v1/users/avatar', { token, body: {} });
    expect(json.status).toBe(400);
    expect((await api.call('GET', '/v1/users/me', { token })).body.avatar_url).toBeNull();
    expect((await fetch(`${server.url}/v1/users/avatars/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await upload(server, 'made-up', PNG_1PX)).status).toBe(401);
  });
});

describe('id verification and discover', () => {
  it('answers pending for a new creator and lets an approved creator leave and rejoin Discover', async ({
    server,
    api,
  }) => {
    const { token, user } = await api.signUp('featured');
    const idv = await api.call('GET', '/v1/users/id-verification', { token });
    expect(IdVerificationResponse.parse(idv.body)).toEqual({
      status: 'pending',
      id_verified: false,
      requires_moderation: true,
      moderation_pending: true,
    });
    const early = await api.call('PATCH', '/v1/users/discover', { token, body: { featured: true } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ACCOUNT_MESSAGES.discoverPending);
    await server.app.ctx.db
      .updateTable('users')
      .set({ requires_moderation: false, discover_status: 'featured' })
      .where('id', '=', user._id)
      .execute();
    const off = await api.call('PATCH', '/v1/users/discover', { token, body: { featured: false } });
    expect(off.body.discover_status).toBe('hidden');
    const on = await api.call('PATCH', '/v1/users/discover', { token, body: { featured: true } });
    expect(on.body.discover_status).toBe('featured');
    expect((await api.call('PATCH', '/v1/users/discover', { token, body: { featured: 'yes' } })).status).toBe(
      400,
    );
  });

  it('keeps Discover for creators', async ({ api }) => {
    const { token } = await api.signUp();
    expect((await api.call('PATCH', '/v1/users/discover', { token, body: { featured: true } })).status).toBe(
      403,
    );
  });
});

describe('account deletion', () => {
  it('schedules with the password, sends deletion-scheduled, and can be cancelled', async ({
    server,
    api,
  }) => {
    const { token, password } = await api.signUp();
    const socket = await connectSocket(server.url, token);
    const wrong = await api.call('POST', '/v1/users/deletion', { token, body: { password: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    const res = await api.call('POST', '/v1/users/deletion', { token, body: { password } });
    expect(res.status).toBe(200);
    const expected = clock.now().getTime() + ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
    expect(new Date(res.body.delete_at).getTime()).toBe(expected);
    expect((await socket.next('deletion-scheduled')).data).toEqual(res.body);
    const me = await api.call('GET', '/v1/users/me', { token });
    expect(me.body).toMatchObject({ deleted_scheduled: true, delete_at: res.body.delete_at });
    const cancel = await api.call('DELETE', '/v1/users/deletion', { token });
    expect(cancel.body).toEqual({ deleted_scheduled: false, delete_at: null });
    expect((await socket.next('deletion-scheduled')).data.deleted_scheduled).toBe(false);
    expect((await api.call('DELETE', '/v1/users/deletion', { token })).status).toBe(409);
    socket.close();
  });

  it('erases the account when due but keeps its row and its ledger', async ({ server, api }) => {
    const keep = await api.signUp();
    const gone = await api.signUp('featured');
    await server.app.ctx.db.transaction().execute(async (trx) => {
      const { ledger } = await import('../src/modules/ledger/service');
      await ledger.credit(trx, {
        userId: gone.user._id,
        account: 'credits',
        amount: 50,
        reason: 'admin_adjustment',
        idempotencyKey: `grant-${gone.user._id}`,
      });
    });
    await api.call('POST', '/v1/users/tags', { token: gone.token, body: { tag: 'private' } });
    await api.call('POST', '/v1/users/deletion', { token: gone.token, body: { password: gone.password } });
    await api.call('POST', '/v1/users/deletion', { token: keep.token, body: { password: keep.password } });
    await api.call('DELETE', '/v1/users/deletion', { token: keep.token });

    expect(await server.app.ctx.jobs.runNow(DELETION_JOB)).toBe(0);
    clock.advance(ACCOUNT_DELETION_GRACE_DAYS * 86_400_000);
    expect(await server.app.ctx.jobs.runNow(DELETION_JOB)).toBe(1);
    expect(await server.app.ctx.jobs.runNow(DELETION_JOB)).toBe(0);

    expect((await api.call('GET', '/v1/users/me', { token: gone.token })).status).toBe(401);
    const signIn = await api.call('POST', '/v1/auth', {
      body: { login: gone.user.username, password: gone.password },
    });
    expect(signIn.status).toBe(401);
    expect((await api.call('GET', `/v1/users/${gone.user.username}`)).status).toBe(404);
    const row = await server.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', gone.user._id)
      .executeTakeFirstOrThrow();
    expect(row.email).not.toContain(gone.user.username);
    expect(row.username).not.toBe(gone.user.username);
    expect(row.tags).toEqual([]);
    expect(row.deleted_at).not.toBeNull();
    const entries = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select('delta')
      .where('user_id', '=', gone.user._id)
      .execute();
    expect(entries.map((e) => e.delta)).toEqual([50]);
    // The name is free again, and the account that changed its mind is untouched.
    const reuse = await api.call('POST', '/v1/users/sign', {
      body: {
        email: gone.user.email,
        password: 'secret123',
        username: gone.user.username,
        confirm_adult: true,
        accept_terms: true,
      },
    });
    expect(reuse.status).toBe(201);
    expect((await api.call('GET', '/v1/users/me', { token: keep.token })).status).toBe(200);
  });

  it('refuses bad input', async ({ api }) => {
    const { token } = await api.signUp();
    expect((await api.call('POST', '/v1/users/deletion', { token, body: {} })).status).toBe(400);
    expect((await api.call('POST', '/v1/users/deletion', { token, raw: '{"password":' })).status).toBe(400);
    expect((await api.call('POST', '/v1/users/deletion', { body: { password: 'x' } })).status).toBe(401);
  });
});

describe('no endpoint lets one user change another', () => {
  it('acts only on the caller, whatever ids the body or query carry', async ({ api }) => {
    const me = await api.signUp('featured');
    const other = await api.signUp('featured');
    const t = me.token;
    const sneaky = { _id: other.user._id, id: other.user._id, user_id: other.user._id };
    const calls: [string, string, unknown?][] = [
      ['POST', '/v1/users/tags', { tag: 'mine', ...sneaky }],
      ['PUT', '/v1/users/greeting', { text: 'mine', ...sneaky }],
      ['PATCH', '/v1/users/random_avatar'],
      ['PATCH', `/v1/users/discover?user_id=${other.user._id}`, { featured: false }],
      ['DELETE', `/v1/users/warning?user_id=${other.user._id}`],
      ['POST', `/v1/users/resend-verify?user_id=${other.user._id}`, {}],
      ['POST', '/v1/users/change-verify-email', { email: `new-${me.user.email}`, ...sneaky }],
      ['POST', '/v1/users/send-verification-code'],
      ['POST', '/v1/users/verify-email', { code: '0000', ...sneaky }],
      ['POST', '/v1/users/deletion', { password: me.password, ...sneaky }],
      ['PATCH', `/v1/users/${other.user._id}`, { bio: 'hacked' }],
      ['POST', `/v1/admin/users/${other.user._id}/ban`, { reason: 'x' }],
      ['POST', `/v1/admin/users/${other.user._id}/approve`],
    ];
    clock.advance(60_000);
    for (const [method, path, body] of calls) {
      const res = await api.request(method, path, { token: t, ...(body !== undefined ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    const after = await api.call('GET', '/v1/users/me', { token: other.token });
    const { last_online: _a, ...was } = other.user;
    const { last_online: _b, ...now } = after.body as typeof other.user;
    expect(now).toEqual(was);
    expect((await api.call('GET', '/v1/users/greeting', { token: other.token })).body.greeting).toBeNull();
    expect((await api.call('GET', '/v1/users/me', { token: t })).body.deleted_scheduled).toBe(true);
  });
});
