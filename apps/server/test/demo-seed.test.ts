import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { client } from './support/client';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let logins: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  server = await startServer();
  logins = await seedDemo(server.app.ctx);
});
afterAll(() => server?.close());

describe('demo data', () => {
  it('offers creators, fans and an admin who can all sign in', async () => {
    const api = client(server.url);
    expect(new Set(logins.map((l) => l.role))).toEqual(new Set(['creator', 'fan', 'admin']));
    for (const login of logins) {
      const res = await api.call('POST', '/v1/auth', {
        body: { login: login.login, password: login.password },
      });
      expect(res.status, login.login).toBe(200);
      expect(res.body.user.avatar_url).toMatch(/^\/v1\/avatars\//);
    }
  });

  it('gives fans credits through the ledger, so every balance matches its ledger', async () => {
    const db = server.app.ctx.db;
    const alex = await db
      .selectFrom('users')
      .select(['credits'])
      .where('username', '=', 'alex')
      .executeTakeFirstOrThrow();
    expect(alex.credits).toBeGreaterThan(0);
    expect(await findLedgerMismatches(db)).toEqual([]);
  });

  it('has chats with messages', async () => {
    const db = server.app.ctx.db;
    const chats = await db.selectFrom('chats').select('id').execute();
    const messages = await db.selectFrom('messages').select('id').execute();
    expect(chats.length).toBeGreaterThanOrEqual(3);
    expect(messages.length).toBeGreaterThanOrEqual(10);
  });
});
