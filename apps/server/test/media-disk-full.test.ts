import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { ERRORS } from '@parlor/contract';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { createMailTransport } from '../src/mail/transport';
import { apiTest } from './support/api-test';
import { mountRefusal, mountSmallDisk, type SmallDisk } from './support/disk';
import { photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// The folders of DATA_DIR that uploads write to (the upload's temporary file, then the stored
// files) share one small real disk; the database (PGlite's DATA_DIR/db, or PostgreSQL) is not on it.
// Mounting needs root; where it is refused the suite is skipped and its name says why.
const refusal = mountRefusal();

const TOKEN = 'disk-full-metrics-token';
const FULL = { message: ERRORS.serverStorageFull, code: 'insufficient_storage' };

const it = apiTest({ METRICS: 'true', METRICS_TOKEN: TOKEN });
let disk: SmallDisk | undefined;

it.beforeAll(({ server }) => {
  if (refusal) return;
  disk = mountSmallDisk(server.dataDir, ['tmp', 'media']);
});
// Unmounted before the server removes its DATA_DIR (the file's fixtures close after its last
// afterAll), even when a test failed.
it.afterAll(() => disk?.unmount());

const usage = async (w: World, token: string) =>
  (await w.api.call('GET', '/v1/media/usage', { token })).body as { used_bytes: number };
const vault = async (w: World, token: string) =>
  ((await w.api.call('GET', '/v1/media', { token })).body as { data: unknown[] }).data;
const mediaRows = async (server: TestServer, ownerId: string) =>
  server.app.ctx.db.selectFrom('media').select('id').where('owner_id', '=', ownerId).execute();

/** What the metrics say is free on the disk of DATA_DIR/media. */
async function mediaFreeBytes(server: TestServer) {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const line = /^parlor_data_dir_free_bytes\{folder="media"\} (\S+)$/m.exec(await res.text());
  return Number(line?.[1]);
}

/**
 * A multipart upload of a video announced as `declared` bytes long, of which only `sent` are sent:
 * the body never ends. Resolves with the answer and once the server has closed the connection, so
 * a server that waits for the rest of the body never answers.
 */
function openEndedUpload(server: TestServer, token: string, declared: number, sent: number) {
  const boundary = `parlor${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${field('file_size', String(declared))}${field('type', 'message')}--${boundary}\r\n` +
      'Content-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // An MP4's first box, then bytes: what the server sees first of a phone's video.
  const ftyp = Buffer.from('0000001c667479706d703432000000006d70343269736f6d61766331', 'hex');
  return new Promise<{ status: number; body: unknown; connection: string | undefined; written: number }>(
    (resolve, reject) => {
      const req = http.request(`${server.url}/v1/media`, {
        method: 'POST',
        headers: {
          'access-token': token,
          'web-type': 'react',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + declared + tail.length),
        },
      });
      let written = 0;
      let answer: { status: number; body: unknown; connection: string | undefined } | undefined;
      let closed = false;
      const settle = () => {
        if (answer && closed) resolve({ ...answer, written });
      };
      req.on('socket', (socket) =>
        socket.on('close', () => {
          closed = true;
          settle();
        }),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answer = {
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
            connection: res.headers.connection,
          };
          settle();
        });
      });
      // The server closing while the body is still being sent shows here as EPIPE or a reset.
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE' && e.code !== 'ECONNRESET') reject(e);
      });
      req.write(Buffer.concat([head, ftyp]));
      const chunk = randomBytes(64 * 1024);
      const more = () => {
        while (written < sent && !closed) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
      };
      more();
    },
  );
}

async function uploadAvatar(server: TestServer, token: string, photo: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'me.jpg');
  const res = await fetch(`${server.url}/v1/users/avatar`, {
    method: 'POST',
    headers: { 'access-token': token },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

async function uploadIdDocument(server: TestServer, token: string, photo: Buffer) {
  const form = new FormData();
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'id.jpg');
  const res = await fetch(`${server.url}/v1/users/id-verification/documents/id`, {
    method: 'POST',
    headers: { 'access-token': token, 'web-type': 'react' },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe.skipIf(refusal !== null)(`a full media disk${refusal ? ` (skipped: ${refusal})` : ''}`, () => {
  it('refuses a photo with 507 and keeps nothing of it', async ({ server, w }) => {
    const creator = await w.creator();
    disk!.fill();
    // What an operator alerts on.
    expect(await mediaFreeBytes(server)).toBeLessThan(64 * 1024);
    const res = await upload(server.url, creator.token, await photoWithGps());
    expect(res.status).toBe(507);
    expect(res.body).toEqual(FULL);
    expect(disk!.files()).toEqual([]);
    expect(await vault(w, creator.token)).toEqual([]);
    expect(await mediaRows(server, creator.user._id)).toEqual([]);
    expect((await usage(w, creator.token)).used_bytes).toBe(0);
  });

  it('answers a large video at once and closes the connection rather than read the rest', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const declared = 300 * 1024 * 1024;
    const res = await openEndedUpload(server, creator.token, declared, 4 * 1024 * 1024);
    expect(res.status).toBe(507);
    expect(res.body).toEqual(FULL);
    expect(res.connection).toBe('close');
    expect(res.written).toBeLessThan(declared);
    expect(disk!.files()).toEqual([]);
    expect(await mediaRows(server, creator.user._id)).toEqual([]);
    // The process is fine: the next request is answered as ever.
    expect((await usage(w, creator.token)).used_bytes).toBe(0);
  });

  it('refuses a photo whose upload fits but whose stored sizes do not, removing what it wrote', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const photo = await photoWithGps();
    // Room for the upload's temporary file (and a page more), not for its variants.
    disk!.free(Math.ceil(photo.length / 4096) * 4096 + 4096);
    const res = await upload(server.url, creator.token, photo);
    disk!.fill();
    expect(res.status).toBe(507);
    expect(res.body).toEqual(FULL);
    expect(disk!.files()).toEqual([]);
    expect(await vault(w, creator.token)).toEqual([]);
    expect((await usage(w, creator.token)).used_bytes).toBe(0);
  });

  it('refuses a profile photo and an ID document the same way', async ({ server, w }) => {
    const fan = await w.fan();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a05030' } })
      .jpeg()
      .toBuffer();
    const before = (await w.api.call('GET', '/v1/users/me', { token: fan.token })).body;

    const avatar = await uploadAvatar(server, fan.token, photo);
    expect(avatar.status).toBe(507);
    expect(avatar.body).toEqual(FULL);
    const after = (await w.api.call('GET', '/v1/users/me', { token: fan.token })).body;
    expect(after.avatar_url).toBe(before.avatar_url);

    expect((await w.api.call('POST', '/v1/users/apply', { token: fan.token, body: {} })).status).toBe(200);
    const document = await uploadIdDocument(server, fan.token, photo);
    expect(document.status).toBe(507);
    expect(document.body).toEqual(FULL);
    const documents = await server.app.ctx.db
      .selectFrom('id_documents')
      .select('id')
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(documents).toEqual([]);
    expect(disk!.files()).toEqual([]);
  });

  it('fails the try of a mail written to the outbox (its job retries it), leaving no part of it', async () => {
    const transport = createMailTransport({
      smtpUrl: undefined,
      from: 'Parlor <no-reply@parlor.local>',
      dataDir: path.join(disk!.root, 'mail'),
    });
    const text = 'x'.repeat(64 * 1024);
    await expect(
      transport.deliver(
        { to: 'jo@example.com', subject: 'Your code', text, html: `<p>${text}</p>` },
        '<disk-full@parlor.local>',
      ),
    ).rejects.toMatchObject({ code: 'ENOSPC' });
    transport.close();
    expect(disk!.files()).toEqual([]);
  });

  it('takes uploads again once there is room', async ({ server, w }) => {
    const creator = await w.creator();
    disk!.free();
    expect(await mediaFreeBytes(server)).toBeGreaterThan(1024 * 1024);
    const res = await upload(server.url, creator.token, await photoWithGps());
    expect(res.status).toBe(200);
    expect(await vault(w, creator.token)).toHaveLength(1);
    expect((await usage(w, creator.token)).used_bytes).toBeGreaterThan(0);
    expect(disk!.files().filter((f) => f.endsWith('.tmp') || f.startsWith('tmp/'))).toEqual([]);
  });
});
