import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A Parlor server of a journey's own, for settings the run's shared server does not have: started
 * through start-server.mjs (fresh data, its own PostgreSQL database when configured) on `port`,
 * with `env` added to the environment.
 */
export async function startOwnServer(port: number, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'e2e/start-server.mjs')], {
    cwd: path.join(root, 'e2e'),
    // One process: the run's second-process port belongs to the main harness.
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'E2E_SECOND_PORT')),
      E2E_PORT: String(port),
      ...env,
    },
    stdio: 'inherit',
  });
  const ready = `http://127.0.0.1:${port}`;
  // Where the browser opens it: its PUBLIC_URL (start-server.mjs).
  const baseUrl = `http://${env.E2E_HOST ?? '127.0.0.1'}:${port}`;
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${ready}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error(`the server process on port ${port} stopped`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
