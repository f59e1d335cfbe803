import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Started {
  url: string;
  output: () => string;
  /** Whether the process is still the one started, alive. */
  running: () => boolean;
  stop: () => Promise<void>;
  /** SIGKILL: the process dies at once, mid-write, as in a crash. */
  kill: () => Promise<void>;
}

/**
 * `npm start` as a deployment runs it: the real main.ts in a process of its own. A variable given
 * as undefined is left unset (SEED_DEMO is `false` unless told).
 */
export function spawnMain(env: Record<string, string | undefined>): {
  child: ChildProcess;
  output: () => string;
} {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const merged: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function startMain(env: Record<string, string | undefined>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = spawnMain({ ...env, PORT: String(port), PUBLIC_URL: url });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      const stop = () => {
        child.kill('SIGTERM');
        return exited;
      };
      const kill = () => {
        child.kill('SIGKILL');
        return exited;
      };
      const running = () => child.exitCode === null && child.signalCode === null;
      return { url, output, running, stop, kill };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready:\n${output()}`);
}
