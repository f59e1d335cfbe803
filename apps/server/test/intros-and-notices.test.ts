import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@parlor/contract';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { DELETION_JOB } from '../src/modules/account/deletion';
import { apiTest } from './support/api-test';
import { manualClock, type TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const clock = manualClock();
const it = apiTest({}, { clock });
let admin: Awaited<ReturnType<World['admin']>>;

it.beforeAll(async ({ w }) => {
  admin = await w.admin();
});

describe('area intros', () => {
  it('starts with none seen, remembers each once, on every session of the account', async ({ w }) => {
    const fan = await w.fan();
    const first = await w.api.call('GET', '/v1/users/intros', { token: fan.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ enabled: true, seen: [] });

    const seen = await w.api.call('POST', '/v1/users/intros', {
      token: fan.token,
      body: { intro: 'discover' },
    });
    expect(seen.body).toEqual({ enabled: true, seen: ['discover'] });
    await w.api.call('POST', '/v1/users/intros', { token: fan.token, body: { intro: 'discover' } });
    await w.api.call('POST', '/v1/users/intros', { token: fan.token, body: { intro: 'chat' } });

    // Another device: a new session of the same account.
    const other = await w.api.call('POST', '/v1/auth', {
      body: { login: fan.user.username, password: fan.password },
    });
    const again = await w.api.call('GET', '/v1/users/intros', { token: other.body.access_token });
    expect(again.body.seen).toEqual(['discover', 'chat']);

    // Someone else's list is untouched.
    const stranger = await w.fan();
    expect((await w.api.call('GET', '/v1/users/intros', { token: stranger.token })).body.seen).toEqual([]);
  });

  it('refuses unknown intros and anonymous callers', async ({ w }) => {
    const fan = await w.fan();
    const bad = await w.api.call('POST', '/v1/users/intros', {
      token: fan.token,
      body: { intro: 'landing' },
    });
    expect(bad.status).toBe(400);
    expect((await w.api.call('GET', '/v1/users/intros')).status).toBe(401);
  });
});

describe('the global warning', () => {
  const setNotice = (w: World, body: unknown, token = admin.token) =>
    w.api.call('PUT', '/v1/admin/notice', { token, body });

  it('only an admin sets or clears it', async ({ w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    expect((await setNotice(w, { message: 'Hi' }, fan.token)).status).toBe(403);
    expect((await setNotice(w, { message: 'Hi' }, creator.token)).status).toBe(403);
    expect((await w.api.call('PUT', '/v1/admin/notice', { body: { message: 'Hi' } })).status).toBe(401);
    expect((await w.api.call('GET', '/v1/admin/notice', { token: fan.token })).status).toBe(403);
    expect((await w.api.call('GET', '/v1/notice', { token: fan.token })).body.notice).toBeNull();
    expect((await setNotice(w, { message: 'x'.repeat(501) })).status).toBe(400);
  });

  it('reaches everyone once: live for those online, at the next load for the others', async ({
    server,
    w,
  }) => {
    const online = await w.fan();
    const later = await w.creator();
    const socket = await connectSocket(server.url, online.token);
    // Presence is written when the socket opens; wait for it, as the notice goes to those marked online.
    for (let i = 0; i < 50; i++) {
      const row = await server.app.ctx.db
        .selectFrom('users')
        .select('online')
        .where('id', '=', online.user._id)
        .executeTakeFirstOrThrow();
      if (row.online) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const set = await setNotice(w, { message: 'Planned maintenance on Sunday 02:00 UTC' });
    expect(set.status).toBe(200);
    const notice = set.body.notice;
    expect(notice).toMatchObject({ message: 'Planned maintenance on Sunday 02:00 UTC' });
    expect((await socket.next('global_notice')).data).toEqual({ notice });
    socket.close();

    const read = await w.api.call('GET', '/v1/notice', { token: later.token });
    expect(read.body.notice).toEqual(notice);
    const dismissed = await w.api.call('POST', `/v1/notice/${notice._id}/dismiss`, { token: later.token });
    expect(dismissed.status).toBe(204);
    expect((await w.api.call('GET', '/v1/notice', { token: later.token })).body.notice).toBeNull();
    // Closing it is this user's alone.
    expect((await w.api.call('GET', '/v1/notice', { token: online.token })).body.notice).toEqual(notice);
    expect(
      (await w.api.call('POST', `/v1/notice/${crypto.randomUUID()}/dismiss`, { token: later.token })).status,
    ).toBe(404);

    // A new message is a new warning: it shows again to the user who closed the first.
    const next = await setNotice(w, { message: 'Maintenance moved to Monday' });
    expect((await w.api.call('GET', '/v1/notice', { token: later.token })).body.notice).toEqual(
      next.body.notice,
    );
    expect((await w.api.call('GET', '/v1/admin/notice', { token: admin.token })).body.notice).toEqual(
      next.body.notice,
    );

    const cleared = await setNotice(w, {});
    expect(cleared.body.notice).toBeNull();
    expect((await w.api.call('GET', '/v1/notice', { token: online.token })).body.notice).toBeNull();

    const audit = await w.api.call('GET', '/v1/admin/audit', { token: admin.token });
    const rows = (
      audit.body.data as { action: string; target_type: string; details: Record<string, unknown> }[]
    )
      .filter((r) => r.target_type === 'notice')
      .map((r) => [r.action, r.details.message]);
    expect(rows.slice(0, 3)).toEqual([
      ['notice-clear', undefined],
      ['notice-set', 'Maintenance moved to Monday'],
      ['notice-set', 'Planned maintenance on Sunday 02:00 UTC'],
    ]);
    // Clearing when nothing is set changes nothing and writes no row.
    await setNotice(w, { message: '   ' });
    const after = await w.api.call('GET', '/v1/admin/audit', { token: admin.token });
    expect(after.body.data[0].action).toBe('notice-clear');
    expect(after.body.data.length).toBe(audit.body.data.length);
  });
});

describe('erasing an account', () => {
  const photo = () =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: '#a05030' } })
      .jpeg()
      .toBuffer();
  async function uploadDoc(server: TestServer, token: string, kind: 'id' | 'selfie') {
    const form = new FormData();
    form.set('file', new Blob([await photo()], { type: 'image/jpeg' }), 'doc.jpg');
    const res = await fetch(`${server.url}/v1/users/id-verification/documents/${kind}`, {
      method: 'POST',
      headers: { 'access-token': token, 'web-type': 'react' },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  }
  const fileOf = (server: TestServer, publicId: string) =>
    path.join(server.dataDir, 'media', 'files', publicId, 'idv');

  it('deletes the ID document files and rows of the erased account, and only those', async ({
    server,
    w,
  }) => {
    const gone = await w.fan();
    const kept = await w.fan();
    await w.api.call('POST', '/v1/users/apply', { token: gone.token, body: {} });
    await w.api.call('POST', '/v1/users/apply', { token: kept.token, body: {} });
    const goneDocs = [
      await uploadDoc(server, gone.token, 'id'),
      await uploadDoc(server, gone.token, 'selfie'),
    ];
    const keptDocs = [await uploadDoc(server, kept.token, 'id')];
    for (const id of [...goneDocs, ...keptDocs]) expect(fs.existsSync(fileOf(server, id))).toBe(true);

    const scheduled = await w.api.call('POST', '/v1/users/deletion', {
      token: gone.token,
      body: { password: gone.password },
    });
    expect(scheduled.status).toBe(200);
    clock.advance(ACCOUNT_DELETION_GRACE_DAYS * 86_400_000);
    expect(await server.app.ctx.jobs.runNow(DELETION_JOB)).toBeGreaterThanOrEqual(1);

    for (const id of goneDocs) expect(fs.existsSync(fileOf(server, id))).toBe(false);
    for (const id of keptDocs) expect(fs.existsSync(fileOf(server, id))).toBe(true);
    const rows = await server.app.ctx.db
      .selectFrom('id_documents')
      .select(['user_id', 'public_id'])
      .where('user_id', 'in', [gone.user._id, kept.user._id])
      .execute();
    expect(rows.map((r) => r.public_id)).toEqual(keptDocs);
    // The other account still opens its own document.
    const mine = await w.api.call('GET', '/v1/users/id-verification/documents', { token: kept.token });
    const file = await fetch(`${server.url}${mine.body.id.url}`, { headers: { 'access-token': kept.token } });
    expect(file.status).toBe(200);
  });
});
