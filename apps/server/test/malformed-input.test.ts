import fs from 'node:fs';
import path from 'node:path';
import { ERRORS, MEDIA } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { photoWithGps } from './support/media';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// Requests a client should never send, each answered 4xx with a clear message and nothing stored.

const it = apiTest();
let photo: Buffer;

it.beforeAll(async () => {
  photo = await photoWithGps(1200, 900);
});

/**
 * Every file under `dir`, recursively (none when it does not exist). A file gone between the listing
 * and its stat (the mail outbox moves each mail from outbox-partial when it is written) is skipped.
 */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => {
    return fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.isFile() ?? false;
  });
}

describe('a multipart body the parser cannot read', () => {
  const BOUNDARY = 'parlor-boundary';
  /** A well-formed one-file form, as bytes. */
  const form = (file: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmessage\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
  /** The damaged requests, built once the photo exists. */
  const damaged: Record<string, () => { type: string; body: Buffer }> = {
    'no boundary': () => ({ type: 'multipart/form-data', body: form(photo) }),
    'a wrong boundary': () => ({ type: 'multipart/form-data; boundary=another-one', body: form(photo) }),
    // Cut in the middle of the file: the part was being written when the body ended.
    'a truncated body': () => ({
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body: form(photo).subarray(0, photo.length / 2),
    }),
  };
  const post = (server: TestServer, url: string, token: string, type: string, body: Buffer) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': type },
      body,
    }).then(async (res) => ({ status: res.status, body: await res.json() }));

  for (const [name, damage] of Object.entries(damaged)) {
    it(`POST /v1/media with ${name} is a 400 that leaves no file and no row`, async ({ server, w }) => {
      const creator = await w.creator();
      const { type, body } = damage();
      const res = await post(server, '/v1/media', creator.token, type, body);
      expect(res).toEqual({
        status: 400,
        body: { message: MEDIA.uploadFailed, code: 'upload_malformed', field: 'file' },
      });
      // The partial upload is removed as the request closes, which may be just after the answer.
      await expect.poll(() => filesUnder(path.join(server.dataDir, 'tmp', 'uploads'))).toEqual([]);
      const rows = await server.app.ctx.db
        .selectFrom('media')
        .select('id')
        .where('owner_id', '=', creator.user._id)
        .execute();
      expect(rows).toEqual([]);
    });

    it(`POST /v1/users/avatar with ${name} is a 400 that stores nothing`, async ({ server, w }) => {
      const fan = await w.fan();
      const { type, body } = damage();
      const res = await post(server, '/v1/users/avatar', fan.token, type, body);
      expect(res).toEqual({
        status: 400,
        body: { message: MEDIA.uploadFailed, code: 'upload_malformed', field: 'file' },
      });
      expect(filesUnder(server.dataDir).filter((f) => f.includes(fan.user._id))).toEqual([]);
      expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.avatar_url).toBeNull();
    });
  }
});

describe('a reply whose parent is not in the chat', () => {
  it('is a 400 for an id no message has, or a message of another chat; a reply in the chat is kept', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const other = await w.creator();
    const first = await w.send(fan.token, creator.user._id, 'hello');
    expect(first.status).toBe(200);
    const parent = first.body.message._id as string;

    const refused = {
      message: 'The message you are replying to is not in this chat.',
      code: 'invalid_parent',
    };
    const missing = await w.send(fan.token, creator.user._id, 'reply', { parent_message_id: '999999999999' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject(refused);
    await w.openChat(fan.token, other.user._id);
    const elsewhere = await w.send(fan.token, other.user._id, 'reply', { parent_message_id: parent });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject(refused);
    const stored = await server.app.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('text', '=', 'reply')
      .where('sender_id', '=', fan.user._id)
      .execute();
    expect(stored).toEqual([]);

    const reply = await w.send(creator.token, fan.user._id, 'a reply', { parent_message_id: parent });
    expect(reply.status).toBe(200);
    expect(reply.body.message.parent_message_id).toBe(parent);
  });
});

describe('reporting someone', () => {
  const report = (w: World, token: string, ids: string) =>
    w.api.call('PATCH', '/v1/chats', { token, body: { action: 'report', ids, reason: 'spam' } });
  const reportsBy = (server: TestServer, reporterId: string) =>
    server.app.ctx.db
      .selectFrom('user_reports')
      .select('reported_id')
      .where('reporter_id', '=', reporterId)
      .execute();

  it('is a 404 for an id that is no user, and for a user one shares no chat with', async ({ server, w }) => {
    const fan = await w.fan();
    const stranger = await w.creator();
    const notFound = { message: ERRORS.userNotFound, code: 'user_not_found' };
    for (const id of ['7b0f3a52-1c1e-4b7e-9f7a-3c2d1e0f9a8b', 'not-a-user', stranger.user._id]) {
      const res = await report(w, fan.token, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect(await reportsBy(server, fan.user._id)).toEqual([]);
  });

  it('reports a chat partner, and nobody when one of the ids is a stranger', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const stranger = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    expect((await report(w, fan.token, `${creator.user._id},${stranger.user._id}`)).status).toBe(404);
    expect(await reportsBy(server, fan.user._id)).toEqual([]);
    const res = await report(w, fan.token, creator.user._id);
    expect(res.body).toEqual({ action: 'report', updated: 1 });
    expect(await reportsBy(server, fan.user._id)).toEqual([{ reported_id: creator.user._id }]);
  });

  it('reports every chat partner of a category but the exceptions, inside the action', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const [one, two] = [await w.creator(), await w.creator()];
    await w.openChat(fan.token, one.user._id);
    await w.openChat(fan.token, two.user._id);
    const res = await w.api.call('PATCH', '/v1/chats', {
      token: fan.token,
      body: { action: 'report', except_ids: two.user._id, type: 'all', reason: 'spam' },
    });
    expect(res.body).toEqual({ action: 'report', updated: 1 });
    expect(await reportsBy(server, fan.user._id)).toEqual([{ reported_id: one.user._id }]);
  });
});
