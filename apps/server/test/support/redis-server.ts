import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { freePort } from './main-process';

/** Whether this machine can run a Redis of a test's own. */
export const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

export interface OwnRedis {
  url: string;
  /** Kills the server at once (SIGKILL), as when Redis crashes or its host goes away. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing to do while it runs). */
  start(): Promise<void>;
  close(): Promise<void>;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A redis-server of the test's own on a free port, never the machine's: the test stops and starts
 * it at will. Nothing is persisted, so each start is an empty Redis, as after a restart.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  async function start() {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const proc = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: 'ignore' },
    );
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    for (let i = 0; i < 100; i++) {
      if (proc.exitCode !== null) throw new Error(`redis-server on port ${port} exited early`);
      if (await accepts(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server on port ${port} did not start`);
  }

  async function stop() {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}
