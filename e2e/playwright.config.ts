import { defineConfig } from '@playwright/test';

const port = process.env.E2E_PORT ?? '8090';
const baseURL = `http://127.0.0.1:${port}`;
// On PostgreSQL with Redis, start-server.mjs also runs a second server process on the same data;
// the workers read E2E_SECOND_URL to put one browser on each process.
if ((process.env.PARLOR_TEST_PG || process.env.DATABASE_URL) && process.env.REDIS_URL) {
  process.env.E2E_SECOND_PORT ??= String(Number(port) + 100);
  process.env.E2E_SECOND_URL = `http://127.0.0.1:${process.env.E2E_SECOND_PORT}`;
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One worker: the machines have two cores, and the server under test needs one of them.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // scripts/test.sh sets E2E_JSON to count the tests for its summary line.
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // No browser is downloaded: Debian's Chromium is the browser (.ci/run installs it).
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM, not the default SIGKILL, so start-server.mjs can drop its database and data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
