import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { ensureAdmin } from '../src/scripts/admin';
import { client } from './support/client';
import { createTestDatabase, postgresAdminUrl } from './support/database';
import { freePort, spawnMain, startMain } from './support/main-process';
import { startServer, type TestServer } from './support/server';

const ADMIN = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'correct-horse-9', ADMIN_EMAIL: 'boss@example.com' };

describe('starting the server', () => {
  let dataDir: string;
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let dbEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-start-'));
    const adminUrl = postgresAdminUrl();
    pg = adminUrl ? await createTestDatabase(adminUrl) : undefined;
    dbEnv = {
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'web'),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
  });
  afterAll(async () => {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with NODE_ENV=production when PAYMENT_PROVIDER is not set', async () => {
    const { child, output } = spawnMain({ ...dbEnv, NODE_ENV: 'production', PORT: String(await freePort()) });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output()).toContain('PAYMENT_PROVIDER must be set with NODE_ENV=production');
  }, 60_000);

  it('creates the admin from ADMIN_* and warns that payments are simulated; a restart duplicates nothing', async () => {
    const first = await startMain({
      ...dbEnv,
      ...ADMIN,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
    });
    try {
      const warning = first
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((entry) => entry.msg.startsWith('payments are simulated'));
      expect(warning?.level).toBe(40);
      const signIn = await client(first.url).call('POST', '/v1/auth', {
        body: { login: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD },
      });
      expect(signIn.status).toBe(200);
      expect(signIn.body.user).toMatchObject({ username: 'boss', role: 'admin', email: 'boss@example.com' });
      // The point of it: a deployment without demo data can approve its first creator.
      const creator = await client(first.url).signUp('featured');
      const approve = await client(first.url).call('POST', `/v1/admin/users/${creator.user._id}/approve`, {
        token: signIn.body.access_token,
      });
      expect(approve.status).toBe(200);
    } finally {
      await first.stop();
    }

    const second = await startMain({ ...dbEnv, ...ADMIN, PAYMENT_PROVIDER: 'sandbox' });
    const signIn = await client(second.url).call('POST', '/v1/auth', {
      body: { login: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
    });
    await second.stop();
    expect(signIn.status).toBe(200);

    const database = await openDatabase({ dataDir, ...(pg ? { databaseUrl: pg.url } : {}) });
    try {
      const admins = await database.db
        .selectFrom('users')
        .select('username')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toEqual([{ username: 'boss' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('the admin from ADMIN_*', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const admin = (username: string) => ({
    username,
    password: 'correct-horse-9',
    email: `${username}@example.com`,
  });
  const rows = (username: string) =>
    server.app.ctx.db.selectFrom('users').select(['id', 'role']).where('username', '=', username).execute();

  it('is created once when two processes start at the same moment', async () => {
    const outcomes = await Promise.all([
      ensureAdmin(server.app.ctx, admin('twin')),
      ensureAdmin(server.app.ctx, admin('twin')),
    ]);
    expect(outcomes.sort()).toEqual(['created', 'unchanged']);
    expect(await rows('twin')).toEqual([{ id: expect.any(String), role: 'admin' }]);
  });

  it('promotes an existing account, which keeps its password', async () => {
    const existing = await client(server.url).signUp('user');
    const name = existing.user.username;
    expect(await ensureAdmin(server.app.ctx, { ...admin(name), password: 'another-password' })).toBe(
      'promoted',
    );
    expect(await rows(name)).toEqual([{ id: existing.user._id, role: 'admin' }]);
    const signIn = await client(server.url).call('POST', '/v1/auth', {
      body: { login: name, password: existing.password },
    });
    expect(signIn.status).toBe(200);
  });
});
