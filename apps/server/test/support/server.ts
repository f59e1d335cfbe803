import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Clock } from '../../src/lib/clock';
import { createTestDatabase, postgresAdminUrl } from './database';
import { watchDeclaredErrors } from './declared-errors';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  config: Config;
  close(): Promise<void>;
}

/** A controllable clock: starts at the real time and moves only when told. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

/** Starts the real server on a free port with a temporary DATA_DIR (and its own PostgreSQL database). */
export async function startServer(
  overrides: Record<string, string> = {},
  options: { clock?: Clock; logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-test-'));
  const adminUrl = postgresAdminUrl();
  // A caller that brings its own DATABASE_URL (several processes on one database) owns its lifecycle.
  const pgdb = adminUrl && !overrides.DATABASE_URL ? await createTestDatabase(adminUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIR: path.join(dataDir, 'web'),
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...(process.env.REDIS_URL && !overrides.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `parlor-test-${randomBytes(4).toString('hex')}:` }
      : {}),
    ...overrides,
  });
  let checkDeclaredErrors = async () => {};
  const app = await buildApp(config, {
    hooks: (instance) => {
      checkDeclaredErrors = watchDeclaredErrors(instance);
    },
    // Quiet unless the test reads the log.
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: address,
    dataDir,
    config,
    close: async () => {
      await checkDeclaredErrors();
      // The server drains running requests and drops idle keep-alive connections itself (drain.ts).
      await app.close();
      await pgdb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
