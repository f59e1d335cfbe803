import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; e2e runs under Playwright (e2e/).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      // The contract as a browser loads it: every schema a stand-in built on first use (lazy.ts).
      {
        test: {
          name: 'contract-browser',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          env: { PARLOR_LAZY_SCHEMAS: '1' },
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/declared-errors-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      // The web app's own code runs against the contract's stand-ins, as in the browser.
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          env: { PARLOR_LAZY_SCHEMAS: '1' },
        },
      },
    ],
  },
});
