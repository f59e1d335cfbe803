import { test } from 'vitest';
import type { Clock } from '../../src/lib/clock';
import { startServer, type TestServer } from './server';
import { world } from './world';

type Env = Record<string, string>;

/**
 * The `it` of an API test file: `const it = apiTest(env, { clock })`, then
 * `it('…', async ({ server, w, api, call }) => …)`. The fixtures are file-scoped: the server starts
 * before the file's first test (`env` and options as `startServer` takes them), every test shares
 * it, and it closes after the file's last test. `w` is the server's world, `api` the world's
 * client and `call` its typed call. `env` may be a function, for a file that first starts what the
 * server talks to (SMTP, S3, a payment stand-in); what it hands to `onCleanup` closes after the
 * server. `it.beforeAll` and `it.afterAll` receive the same fixtures.
 */
export function apiTest(
  env: Env | ((onCleanup: (close: () => unknown) => void) => Env | Promise<Env>) = {},
  options: { clock?: Clock; logStream?: NodeJS.WritableStream } = {},
) {
  const it = test
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    .extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
      const after: (() => unknown)[] = [];
      let server: TestServer | undefined;
      onCleanup(async () => {
        await server?.close();
        for (const close of after) await close();
      });
      const overrides = typeof env === 'function' ? await env((close) => after.push(close)) : env;
      server = await startServer(overrides, options);
      return server;
    })
    .extend('w', { scope: 'file' }, ({ server }) => world(server))
    .extend('api', { scope: 'file' }, ({ w }) => w.api)
    .extend('call', { scope: 'file' }, ({ api }) => api.call);
  // Started in a hook, under its longer timeout: on a loaded machine a start outlasts a test's.
  it.beforeAll(({ server }) => void server);
  return it;
}
