import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type BenchEnv, REPO_ROOT, sleep } from './env';

const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

export interface ServerProcess {
  pid: number;
  url: string;
  wsUrl: string;
  /** Resident memory of the server process from /proc/<pid>/status, in MiB. */
  memory(): { rssMiB: number; hwmMiB: number };
  /** CPU time the server process has used so far (user + system), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function readStatusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) : Number.NaN;
}

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s). */
export function processCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU time of the processes of a service on this machine (`postgres`, `redis-server`) from now
 * on: they share the machine with the server, and their share is part of what a message costs.
 * PostgreSQL backends serving other databases (other people's test runs) are left out when
 * `database` is given; its shared background processes count. Counted per process, so a backend
 * that ends midway takes only its own time with it.
 */
export function serviceCpuMeter(comm: string, database?: string): () => number {
  const read = () => {
    const byPid = new Map<number, number>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!fs.readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith(comm)) continue;
        const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        // A backend's title is `postgres: user database host(port) state`.
        const backend = /\(\d+\)|\[local\]/.test(cmdline);
        if (database && backend && !cmdline.includes(` ${database} `)) continue;
        byPid.set(Number(entry), processCpuSeconds(Number(entry)));
      } catch {
        // the process ended while we looked
      }
    }
    return byPid;
  };
  const start = read();
  return () => {
    let used = 0;
    for (const [pid, seconds] of read()) used += seconds - (start.get(pid) ?? 0);
    return used;
  };
}

/** Busy and total CPU time of the whole machine (all cores) from /proc/stat, in seconds. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return { busy: busy / 100, total: (busy + (idle ?? 0) + (iowait ?? 0)) / 100 };
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    process.exit(130);
  });
}

/**
 * Starts the real server (apps/server/src/main.ts) as its own process, the way `npx tsx` does but
 * with tsx loaded into node directly (`node --import tsx`), so the child's PID is the server itself
 * and /proc/<pid>/status reads its memory, not a wrapper's.
 */
export async function startServer(
  e: BenchEnv,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: e.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL || 'warn',
    // No built web app: the API alone is measured.
    WEB_DIR: path.join(e.dataDir, 'no-web'),
    REDIS_PREFIX: e.redisPrefix,
    // Every simulated client connects from 127.0.0.1: the per-address cap would refuse most of them.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.BENCH_RESULTS;
  if (e.databaseUrl) env.DATABASE_URL = e.databaseUrl;
  if (e.redisUrl) env.REDIS_URL = e.redisUrl;

  // BENCH_SERVER_ENTRY runs another build of the server (e.g. a patched copy) against the same data.
  const entry = process.env.BENCH_SERVER_ENTRY || path.join(REPO_ROOT, 'apps/server/src/main.ts');
  // BENCH_SERVER_NODE_ARGS adds node flags to the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  // The young generation as `npm start` sizes it (apps/server/package.json): with V8's default a
  // busy server promotes short-lived request garbage and pauses for old-space collections.
  const nodeArgs = [
    '--max-semi-space-size=64',
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' '),
  ].filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  live.add(child);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      live.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error('server exited before it was ready');
    if (Date.now() - started > READY_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error('server not ready in time');
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  const pid = child.pid!;
  return {
    pid,
    url,
    wsUrl: `ws://127.0.0.1:${port}/v1/ws`,
    memory: () => ({
      rssMiB: Math.round((readStatusKiB(pid, 'VmRSS') / 1024) * 10) / 10,
      hwmMiB: Math.round((readStatusKiB(pid, 'VmHWM') / 1024) * 10) / 10,
    }),
    cpuSeconds: () => processCpuSeconds(pid),
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    },
  };
}
