import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '@parlor/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger } from '../src/modules/ledger/service';
import { type Answer, client } from './support/client';
import { startMain } from './support/main-process';
import { createPgCluster, type PgCluster, postgresBinaries } from './support/pg-cluster';
import { startServer } from './support/server';
import { connectSocket } from './support/socket';
import { world } from './support/world';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sql<R extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, params)).rows;
  } finally {
    await c.end();
  }
}

const bin = postgresBinaries();

// These tests stop and cut a PostgreSQL of their own (a throwaway cluster on a free port), so they
// run in both passes of CI; they need PostgreSQL's server binaries, which PGlite does not have.
describe.skipIf(!bin)('PostgreSQL going away under a running server', () => {
  let cluster: PgCluster;
  let databases = 0;
  const newDatabase = async () => {
    const name = `parlor_fault_${++databases}`;
    await sql(cluster.adminUrl, `CREATE DATABASE ${name}`);
    return { name, url: cluster.urlOf(name) };
  };

  beforeAll(async () => {
    cluster = await createPgCluster(bin!);
  });
  afterAll(() => cluster?.remove());

  it('terminating every backend under a send load loses no acknowledged message, charges it once, and answers 503, never 500', async () => {
    const database = await newDatabase();
    const server = await startServer({ DATABASE_URL: database.url });
    try {
      const w = world(server);
      const creator = await w.creator();
      const fan = await w.fan();
      const { chat_id } = await w.openChat(fan.token, creator.user._id);
      // A paid chat: every send is a transaction that moves credits and stores the message together.
      await server.app.ctx.db
        .updateTable('chats')
        .set({ credit_rate: 1 })
        .where('id', '=', chat_id)
        .execute();
      await w.giveCredits(fan.user._id, 100_000);

      const answers: { text: string; answer: Answer }[] = [];
      let sending = true;
      let n = 0;
      const sender = async () => {
        while (sending) {
          const text = `load ${++n}`;
          const answer = await w.send(fan.token, creator.user._id, text, {
            clientSideReceiveId: `send-${n}`,
          });
          answers.push({ text, answer });
        }
      };
      const senders = Array.from({ length: 4 }, sender);
      let terminated = 0;
      for (let cut = 0; cut < 6; cut++) {
        await sleep(200);
        const rows = await sql<{ ok: boolean }>(
          cluster.adminUrl,
          'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1',
          [database.name],
        );
        terminated += rows.length;
      }
      await sleep(200);
      sending = false;
      await Promise.all(senders);

      expect(terminated).toBeGreaterThan(0);
      const statuses = new Set(answers.map((a) => a.answer.status));
      expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
      for (const { answer } of answers.filter((a) => a.answer.status === 503))
        expect(answer.body).toEqual({ message: ERRORS.databaseUnavailable, code: 'database_unavailable' });

      // Right after the cuts a send goes through on a new connection.
      const after = await w.send(fan.token, creator.user._id, 'after the cuts');
      expect(after.status).toBe(200);

      const stored = await server.app.ctx.db
        .selectFrom('messages')
        .select(['text'])
        .where('chat_id', '=', chat_id)
        .execute();
      const count = new Map<string, number>();
      for (const { text } of stored) count.set(text ?? '', (count.get(text ?? '') ?? 0) + 1);
      const acknowledged = answers.filter((a) => a.answer.status === 200).map((a) => a.text);
      expect(acknowledged.filter((text) => count.get(text) !== 1)).toEqual([]);
      // A send that failed was stored whole or not at all: at most once, and paid exactly as often.
      expect([...count.values()].filter((c) => c > 1)).toEqual([]);
      expect(await ledger.balance(server.app.ctx.db, fan.user._id)).toBe(100_000 - stored.length);
    } finally {
      await server.close();
    }
  });

  it('while PostgreSQL restarts, sends answer 503 with a clear message and /readyz says not ready; afterwards the same process serves again', async () => {
    const database = await newDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-fault-pg-'));
    const parlor = await startMain({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    try {
      const api = client(parlor.url);
      const creator = await api.signUp('featured');
      const fan = await api.signUp('user');
      await sql(
        database.url,
        'UPDATE users SET is_customer = true, requires_moderation = false WHERE id = ANY($1)',
        [[fan.user._id, creator.user._id]],
      );
      const socket = await connectSocket(parlor.url, creator.token);
      await socket.next('init');
      const send = (text: string) =>
        api.call('POST', '/v1/messages', {
          token: fan.token,
          body: { type: 'text', recipient_id: creator.user._id, text },
        });
      expect((await send('before the restart')).status).toBe(200);
      await socket.next('new_message', (d) => d.text === 'before the restart');

      cluster.stop();
      const during = await send('while the database is down');
      expect(during.status).toBe(503);
      expect(during.body).toEqual({ message: ERRORS.databaseUnavailable, code: 'database_unavailable' });
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await api.call('GET', '/readyz')).status).toBe(503);
      expect(parlor.running()).toBe(true);

      cluster.start();
      let ready = false;
      for (let i = 0; i < 100 && !ready; i++) {
        ready = (await api.call('GET', '/readyz')).status === 200;
        if (!ready) await sleep(100);
      }
      expect(ready).toBe(true);
      const again = await send('after the restart');
      expect(again.status).toBe(200);
      // The socket stayed open through the outage and hears of the new message.
      await socket.next('new_message', (d) => d.text === 'after the restart');
      expect(parlor.running()).toBe(true);
      socket.close();
    } finally {
      await parlor.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
