import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { ensureAdmin } from '../src/scripts/admin';
import { DEMO_PASSWORD } from '../src/scripts/seed/demo';
import { client } from './support/client';
import { createTestDatabase, postgresAdminUrl } from './support/database';
import { freePort, spawnMain, startMain } from './support/main-process';
import { startServer, type TestServer } from './support/server';
import { totpCode } from './support/two-factor';

const ADMIN = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'correct-horse-9', ADMIN_EMAIL: 'boss@example.com' };
/** What NODE_ENV=production needs to start at all. */
const PRODUCTION = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };

/** The process's JSON log lines. */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });

const exitOf = (child: ReturnType<typeof spawnMain>['child']) =>
  new Promise<number | null>((resolve) => child.once('exit', resolve));

const signIn = (url: string, login: string, password: string) =>
  client(url).call('POST', '/v1/auth', { body: { login, password } });

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
      // The point of it: a deployment without demo data can approve its first creator, once the
      // admin turned on two-factor sign-in as production asks (ADMIN_REQUIRE_2FA).
      const api = client(first.url);
      const token = signIn.body.access_token as string;
      const creator = await api.signUp('featured');
      const approvePath = `/v1/admin/users/${creator.user._id}/approve` as const;
      expect((await api.call('POST', approvePath, { token })).body.code).toBe('admin_two_factor_required');
      const setup = await api.call('POST', '/v1/account/2fa/totp', {
        token,
        body: { password: ADMIN.ADMIN_PASSWORD },
      });
      const confirmed = await api.call('POST', '/v1/account/2fa/totp/confirm', {
        token,
        body: { code: totpCode(setup.body.secret, new Date()) },
      });
      expect(confirmed.status).toBe(200);
      const approve = await api.call('POST', approvePath, { token });
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
    // The admin kept the two-factor sign-in turned on before the restart.
    expect(signIn.body.two_factor_required).toBe(true);

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

  it('says so when ADMIN_PASSWORD is not applied because the account keeps its own password', async () => {
    const started = await startMain({
      ...dbEnv,
      ...ADMIN,
      ADMIN_PASSWORD: 'a-new-password-9',
      ...PRODUCTION,
    });
    await started.stop();
    const line = logLines(started.output()).find((l) => l.msg.includes('ADMIN_PASSWORD was not applied'));
    expect(line?.level).toBe(40);
    expect(line?.msg).toContain('"boss"');
  }, 120_000);
});

describe('demo data in production', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** A DATA_DIR (and on PostgreSQL a database) of its own, empty. */
  async function emptyDatabase(): Promise<Record<string, string>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-demo-'));
    const adminUrl = postgresAdminUrl();
    const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
    cleanups.push(async () => {
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    return {
      DATA_DIR: dir,
      WEB_DIR: path.join(dir, 'web'),
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
  }

  it('is not loaded on an empty database unless SEED_DEMO=true, so admin / password123 is refused', async () => {
    const started = await startMain({ ...(await emptyDatabase()), ...PRODUCTION, SEED_DEMO: undefined });
    try {
      expect((await signIn(started.url, 'admin', DEMO_PASSWORD)).status).toBe(401);
      expect((await signIn(started.url, 'mila', DEMO_PASSWORD)).status).toBe(401);
      expect(started.output()).not.toContain('demo data loaded');
    } finally {
      await started.stop();
    }
  }, 120_000);

  it('refuses to start with ADMIN_PASSWORD set to the demo password, in one line', async () => {
    const { child, output } = spawnMain({
      ...(await emptyDatabase()),
      ...ADMIN,
      ADMIN_PASSWORD: DEMO_PASSWORD,
      ...PRODUCTION,
      PORT: String(await freePort()),
    });
    expect(await exitOf(child)).not.toBe(0);
    const lines = output().trim().split('\n');
    expect(lines).toEqual([
      'Invalid configuration: ADMIN_PASSWORD is the demo password, which is public: choose another.',
    ]);
  }, 60_000);

  it('is loaded with SEED_DEMO=true; a later start without it refuses while the admin keeps password123', async () => {
    const env = { ...(await emptyDatabase()), ...PRODUCTION };
    const demo = await startMain({ ...env, SEED_DEMO: 'true' });
    try {
      expect((await signIn(demo.url, 'admin', DEMO_PASSWORD)).status).toBe(200);
      const warning = logLines(demo.output()).find((l) => l.msg.startsWith('demo data is on in production'));
      expect(warning?.level).toBe(40);
    } finally {
      await demo.stop();
    }

    const { child, output } = spawnMain({ ...env, SEED_DEMO: undefined, PORT: String(await freePort()) });
    expect(await exitOf(child)).not.toBe(0);
    const refusal = logLines(output()).filter((l) => l.level >= 50);
    expect(refusal).toHaveLength(1);
    expect(refusal[0]?.msg).toMatch(/^refusing to start: the admin account "admin" has the demo password/);
  }, 180_000);
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
