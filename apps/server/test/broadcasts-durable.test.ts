import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { client } from './support/client';
import { createTestDatabase, postgresAdminUrl } from './support/database';
import { startMain } from './support/main-process';
import { startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';

const adminUrl = postgresAdminUrl();
const redisUrl = process.env.REDIS_URL;

/**
 * `count` fans, each with a chat with the creator (both member rows), written set-wise. The creator
 * is approved first: one awaiting moderation may not broadcast.
 */
async function seedFans(databaseUrl: string, creatorId: string, count: number) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const tag = randomBytes(4).toString('hex');
  try {
    await db.query(
      `UPDATE users SET requires_moderation = false WHERE id = $2::uuid;
       CREATE TEMP TABLE seed AS
         SELECT i, gen_random_uuid() AS id, gen_random_uuid() AS chat_id FROM generate_series(1, $1::int) i;
       INSERT INTO users (id, username, email, password_hash, type, referral_code)
         SELECT id, 'f${tag}' || i, 'f${tag}' || i || '@example.com', '!', 'user', 'F${tag}' || i FROM seed;
       INSERT INTO chats (id, user_low, user_high)
         SELECT chat_id, LEAST(id, $2::uuid), GREATEST(id, $2::uuid) FROM seed;
       INSERT INTO chat_members (chat_id, user_id, other_user_id) SELECT chat_id, $2::uuid, id FROM seed;
       INSERT INTO chat_members (chat_id, user_id, other_user_id) SELECT chat_id, id, $2::uuid FROM seed;`
        .replace(/\$1::int/g, String(count))
        .replace(/\$2::uuid/g, `'${creatorId}'::uuid`),
    );
  } finally {
    await db.end();
  }
}

/** The broadcast's figures and its copies as stored: how many, and in how many distinct chats. */
async function copies(databaseUrl: string, broadcastId: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT b.status, b.sent, b.total,
              (SELECT count(*)::int FROM messages m WHERE m.broadcast_id = b.id) AS stored,
              (SELECT count(DISTINCT m.chat_id)::int FROM messages m WHERE m.broadcast_id = b.id) AS chats
       FROM broadcasts b WHERE b.id = $1`,
      [Number(broadcastId)],
    );
    return rows[0] as { status: string; sent: number; total: number; stored: number; chats: number };
  } finally {
    await db.end();
  }
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number, every = 20): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, every));
  }
}

// A crash and several processes need PostgreSQL (PGlite is one process's embedded database); `npm
// test` runs this in the PostgreSQL + Redis pass of .ci/run.
describe.skipIf(!adminUrl)('broadcasts survive crashes and share processes', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  it('resumes after the server is killed (SIGKILL) midway, and every chat has the broadcast exactly once', async () => {
    const db = await createTestDatabase(adminUrl!);
    cleanup.push(db.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-bc-kill-'));
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'web'),
      LOG_LEVEL: 'warn',
      // The restarted process takes the dead one's job over once this lease has run out.
      JOB_LEASE_SECONDS: '2',
    };
    let server = await startMain(env);
    cleanup.push(() => server.stop());
    const api = client(server.url);
    const creator = await api.signUp('featured');
    const FANS = 20_000;
    await seedFans(db.url, creator.user._id, FANS);

    const sent = await api.call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'all', text: 'survives a crash' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.total).toBe(FANS);
    const midway = await until(
      () => copies(db.url, sent.body._id),
      (c) => c.stored > 0,
      30_000,
      5,
    );
    expect(midway.stored).toBeLessThan(FANS);
    await server.kill();
    // Killed midway: part of the audience has the broadcast, the rest does not yet.
    const atCrash = await copies(db.url, sent.body._id);
    expect(atCrash.status).toBe('sending');
    expect(atCrash.stored).toBeLessThan(FANS);

    server = await startMain(env);
    const done = await until(
      () => copies(db.url, sent.body._id),
      (c) => c.status === 'done',
      60_000,
      200,
    );
    expect(done).toEqual({ status: 'done', sent: FANS, total: FANS, stored: FANS, chats: FANS });
    const me = await client(server.url).call('GET', '/v1/users/me', { token: creator.token });
    expect(me.body.is_broadcasting).toBe(false);
  }, 120_000);

  it.skipIf(!redisUrl)(
    'two server processes share the fan-out while fans read on one; the creator on one hears progress and done from the other',
    async () => {
      const db = await createTestDatabase(adminUrl!);
      cleanup.push(db.drop);
      const shared = {
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: `parlor-bc-${randomBytes(4).toString('hex')}:`,
      };
      const a: TestServer = await startServer(shared);
      const b: TestServer = await startServer(shared);
      cleanup.push(
        () => a.close(),
        () => b.close(),
      );
      const api = client(a.url);
      const creator = await api.signUp('featured');
      const SEEDED = 5_000;
      await seedFans(db.url, creator.user._id, SEEDED);
      // Fans who keep reading their inbox and the conversation on process b while a's fan-out writes:
      // each read stores that fan's copy if the fan-out has not yet, racing it.
      const readers = [];
      for (let i = 0; i < 12; i++) {
        const fan = await api.signUp('user');
        const wrote = await api.call('POST', '/v1/messages', {
          token: fan.token,
          body: { type: 'text', recipient_id: creator.user._id, text: `hi ${i}` },
        });
        expect(wrote.status).toBe(200);
        readers.push({ ...fan, chatId: wrote.body.message.chat_id as string });
      }
      const FANS = SEEDED + readers.length;
      const creatorOnB = await connectSocket(b.url, creator.token);
      await creatorOnB.next('init');

      // Process a takes the first steps; then both run, claiming steps as each comes free.
      const sent = await api.call('POST', '/v1/broadcast/send', {
        token: creator.token,
        body: { category: 'all', text: 'two processes' },
      });
      expect(sent.status).toBe(202);
      const onB = client(b.url);
      let reading = true;
      const failedReads: number[] = [];
      const reads = readers.map(async (fan) => {
        while (reading) {
          const [inbox, chat] = await Promise.all([
            onB.call('GET', '/v1/chats?v=2&limit=20&offset=0', { token: fan.token }),
            onB.call('GET', `/v1/chats/${fan.chatId}/messages`, { token: fan.token }),
          ]);
          for (const r of [inbox, chat]) if (r.status !== 200) failedReads.push(r.status);
        }
      });
      // The readers' copies are stored by their reads before any process runs the job, which then
      // comes to them and must store them no second time.
      const readFirst = await until(
        () => copies(db.url, sent.body._id),
        (c) => c.stored >= readers.length,
        30_000,
        5,
      );
      expect(readFirst.stored).toBe(readers.length);
      a.app.ctx.queue.start();
      await until(
        () => copies(db.url, sent.body._id),
        (c) => c.stored > 0,
        30_000,
        5,
      );
      await a.app.ctx.queue.stop();
      b.app.ctx.queue.start();
      a.app.ctx.queue.start();
      const done = await creatorOnB.next('broadcast_done', (d) => d._id === sent.body._id, 60_000);
      reading = false;
      await Promise.all(reads);
      expect(failedReads).toEqual([]);
      expect(done.data).toEqual({ _id: sent.body._id, sent: FANS, total: FANS });
      for (const fan of readers) {
        const chat = await onB.call('GET', `/v1/chats/${fan.chatId}/messages`, { token: fan.token });
        const got = (chat.body.data as { text: string | null }[]).filter((m) => m.text === 'two processes');
        expect(got).toHaveLength(1);
      }
      expect(await copies(db.url, sent.body._id)).toEqual({
        status: 'done',
        sent: FANS,
        total: FANS,
        stored: FANS,
        chats: FANS,
      });
      creatorOnB.close();
    },
    120_000,
  );
});
