// Starts the real Parlor server for one Playwright run, on data of its own: a fresh DATA_DIR, and
// on PostgreSQL a fresh database that is dropped again on shutdown (the services outlive every
// run). Playwright stops it with SIGTERM (see gracefulShutdown in the config).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '8090';
const dataDir = mkdtempSync(path.join(tmpdir(), 'parlor-e2e-'));

// PARLOR_TEST_PG is an admin URL the harness creates its database through; a DATABASE_URL given
// instead is treated the same way, so a run never writes into a database it did not create.
const adminUrl = process.env.PARLOR_TEST_PG || process.env.DATABASE_URL;
const dbName = `parlor_e2e_${Date.now()}_${process.pid}`;
// The server's own driver: the harness drives that server, so it borrows its dependency.
const pg = adminUrl ? createRequire(path.join(root, 'apps/server/package.json'))('pg') : undefined;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  // The host the browser opens. Passkeys need a name there (browsers refuse an IP address as the
  // WebAuthn relying party), so their journey sets E2E_HOST=localhost; the server still listens on
  // 127.0.0.1, which localhost reaches.
  PUBLIC_URL: `http://${process.env.E2E_HOST ?? '127.0.0.1'}:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Pub/sub channels ignore Redis database numbers: a prefix of our own keeps runs apart.
  REDIS_PREFIX: `parlor-e2e-${process.pid}:`,
  // Journeys sign in far more often per minute than one person does.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  // The area intro popups would cover what most journeys click; the intro journey turns them on.
  INTRO_POPUPS: process.env.INTRO_POPUPS ?? 'false',
};
delete env.DATABASE_URL;
if (adminUrl) {
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
  console.log(`e2e: PostgreSQL database ${dbName}${env.REDIS_URL ? `, Redis ${env.REDIS_URL}` : ''}`);
}

const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});

// With PostgreSQL and Redis, a second process on the same database and Redis prefix
// serves E2E_SECOND_PORT, so a journey can put each browser on a different process. It never seeds.
const secondPort = process.env.E2E_SECOND_PORT;
const secondDir = secondPort ? mkdtempSync(path.join(tmpdir(), 'parlor-e2e-b-')) : undefined;
const second =
  secondPort && adminUrl && env.REDIS_URL
    ? spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...env,
          PORT: secondPort,
          PUBLIC_URL: `http://127.0.0.1:${secondPort}`,
          DATA_DIR: secondDir,
          SEED_DEMO: 'false',
        },
        stdio: 'inherit',
      })
    : undefined;

// A second process that dies (a taken port, a crash) fails the run rather than leaving the journey
// to talk to whatever else answers there.
second?.on('exit', (code) => {
  if (!cleaned) {
    console.error(`e2e: the second server process exited (${code}); stopping`);
    server.kill('SIGTERM');
  }
});

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (second && second.exitCode === null) {
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
  }
  if (secondDir) rmSync(secondDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

server.on('exit', (code, signal) => {
  cleanUp().then(
    () => process.exit(code ?? (signal ? 1 : 0)),
    (err) => {
      console.error('e2e: clean-up failed', err);
      process.exit(1);
    },
  );
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    second?.kill(signal);
    server.kill(signal);
  });
}
