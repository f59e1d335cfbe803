import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ERRORS } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { client } from './support/client';
import { photoWithGps } from './support/media';
import { startServer } from './support/server';
import { connectSocket } from './support/socket';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** The multipart body the web client sends for one photo, as bytes, with its content type. */
async function uploadBody(photo: Buffer) {
  const form = new FormData();
  form.set('type', 'message');
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    bytes: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') as string,
  };
}

// Each test starts (and stops) a server of its own: as long as a start, like a hook.
describe('closing the server', { timeout: 60_000 }, () => {
  it('lets an upload still arriving when shutdown starts finish with its real answer', async () => {
    const server = await startServer();
    const creator = await client(server.url).signUp('featured');
    const { bytes, type } = await uploadBody(await photoWithGps(1600, 1200));
    // A browser's connection: kept alive after the answer, with no timeout of its own.
    const agent = new http.Agent({ keepAlive: true });
    const url = new URL(`${server.url}/v1/media`);
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        'access-token': creator.token,
        'web-type': 'react',
        'content-type': type,
        'content-length': bytes.length,
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(bytes.subarray(0, bytes.length / 2));
    const uploads = path.join(server.dataDir, 'tmp', 'uploads');
    await until(() => fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0, 'the upload arrives');

    const closed = server.close();
    // New requests are turned away while it drains (a balancer sends them elsewhere).
    await until(
      async () =>
        (await fetch(`${server.url}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) !== 200,
      'the server starts closing',
    );
    await sleep(1500);
    request.end(bytes.subarray(bytes.length / 2));

    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).media.public_id).toMatch(/^[A-Za-z0-9_-]+$/);
    // The connection left idle by the answer does not hold the close until its keep-alive timeout.
    await closed;
    agent.destroy();
  });

  it('closes the database only after a request still being read has answered', async () => {
    const server = await startServer();
    const body = new PassThrough();
    const pending = server.app.inject({
      method: 'POST',
      url: '/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    body.write('{"login":"nobody-here",');
    await sleep(100);
    const closed = server.close();
    await sleep(300);
    body.end('"password":"whatever-123"}');

    const res = await pending;
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: ERRORS.wrongLogin });
    await closed;
  });

  it('marks the users whose sockets it held offline, in one go, before the database closes', async () => {
    const server = await startServer();
    const api = client(server.url);
    const fans = await Promise.all([1, 2, 3].map(() => api.signUp('user')));
    const sockets = await Promise.all(fans.map((f) => connectSocket(server.url, f.token)));
    await Promise.all(sockets.map((s) => s.next('init')));

    await server.app.close();
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([1001, 1001, 1001]);
    // Read what the closed server left behind, through a connection of our own.
    const database = await openDatabase({
      databaseUrl: server.config.databaseUrl,
      dataDir: server.config.dataDir,
    });
    const rows = await database.db
      .selectFrom('users')
      .select(['id', 'online'])
      .where(
        'id',
        'in',
        fans.map((f) => f.user._id),
      )
      .execute();
    await database.close();
    expect(rows.map((r) => r.online)).toEqual([false, false, false]);
    await server.close();
  });
});
