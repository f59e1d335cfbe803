import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';

// The server runs as its own process under `ulimit -n 1024`, the common default, so a flood of
// connections meets the same file-descriptor ceiling a small deployment has.
const FD_LIMIT = 1024;
const ATTACKERS = 2_000;

let server: ChildProcess;
let port: number;
let dataDir: string;
const sockets: net.Socket[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** GET /healthz from another loopback address than the flood's, answering the status or an error. */
function health(timeoutMs = 5_000): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/healthz',
        localAddress: '127.0.0.2',
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve(err.message));
  });
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    if ((await health(1_000)) === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-slow-'));
  const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
  server = spawn('bash', ['-c', `ulimit -n ${FD_LIMIT} && exec "$0" "$@"`, tsx, 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(dataDir, 'web'),
    },
    stdio: 'ignore',
  });
  await waitForHealth();
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  server?.kill('SIGTERM');
  await new Promise((r) => server?.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A client that never finishes: headers trickling in, or a body far shorter than announced. */
function slowClient(kind: 'headers' | 'body'): net.Socket {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(
      kind === 'headers'
        ? 'GET /healthz HTTP/1.1\r\nHost: parlor\r\n'
        : 'POST /v1/auth HTTP/1.1\r\nHost: parlor\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const drip = setInterval(() => {
      if (socket.destroyed) clearInterval(drip);
      else socket.write(kind === 'headers' ? 'X-Slow: 1\r\n' : ' ');
    }, 500);
    socket.once('close', () => clearInterval(drip));
  });
  return socket;
}

describe('slow and abusive clients', () => {
  it('keep /healthz answering while one address holds 2,000 slow-header and slow-body connections', async () => {
    for (let i = 0; i < ATTACKERS; i++) sockets.push(slowClient(i % 2 === 0 ? 'headers' : 'body'));
    // Let every connection arrive and start trickling.
    await new Promise((r) => setTimeout(r, 2_000));

    expect(await health()).toBe(200);
    // Still answering once the flood has sat there a while.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await health()).toBe(200);
    expect(server.exitCode).toBeNull();
    // The cap closed most of the flood instead of holding a descriptor for each.
    expect(sockets.filter((s) => !s.destroyed).length).toBeLessThanOrEqual(256);
  }, 60_000);
});
