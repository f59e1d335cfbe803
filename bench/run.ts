/**
 * Runs the whole inbox and realtime benchmark on embedded PGlite (a fresh temporary DATA_DIR) and on
 * PostgreSQL (a fresh database parlor_bench_<ts> on PG_ADMIN_URL, dropped afterwards; Redis with a
 * REDIS_PREFIX of its own), each step in its own process, and prints the figures as Markdown tables.
 * Raw figures go to bench/results/<backend>.json.
 *
 *   npm run bench                                 # both backends, full scale
 *   BACKENDS=postgres npm run all -w bench        # one backend
 *   PGLITE_FANS=20000 PGLITE_MESSAGES=200000 ...  # PGlite at a smaller scale
 *
 * Environment: PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL
 * (redis://127.0.0.1:6379), FANS, MESSAGES, TOKENS, QUIET_WAIT_SECONDS (how long to wait for a quiet
 * machine before each step, default 300; 0 skips).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/connection';
import { BENCH_DIR, intEnv, type Manifest } from './lib/env';
import { machineInfo, waitForQuiet } from './lib/machine';

type Backend = 'pglite' | 'postgres';
const STEP_TIMEOUT_MS = 30 * 60_000;

const adminUrl = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const backends = (process.env.BACKENDS || 'pglite,postgres').split(',').map((b) => b.trim()) as Backend[];
const quietWaitMs = (process.env.QUIET_WAIT_SECONDS ? Number(process.env.QUIET_WAIT_SECONDS) : 300) * 1000;

function scale(backend: Backend) {
  const pick = (name: string, fallback: number) =>
    backend === 'pglite' ? intEnv(`PGLITE_${name}`, intEnv(name, fallback)) : intEnv(name, fallback);
  return {
    FANS: String(pick('FANS', 100_000)),
    MESSAGES: String(pick('MESSAGES', 1_000_000)),
    TOKENS: String(pick('TOKENS', 10_000)),
  };
}

function runStep(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, script)], {
      cwd: BENCH_DIR,
      env,
      stdio: 'inherit',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${script} failed (${signal ?? code})`));
    });
  });
}

async function adminExec(sql: string) {
  const db = await openDatabase({ databaseUrl: adminUrl, dataDir: os.tmpdir() });
  try {
    await db.session((s) => s.exec(sql));
  } finally {
    await db.close();
  }
}

/** Deletes what a run left under its Redis prefix (the server removes its presence keys on a clean stop). */
function cleanRedis(prefix: string) {
  const scan = spawnSync('redis-cli', ['-u', redisUrl, '--scan', '--pattern', `${prefix}*`], {
    encoding: 'utf8',
  });
  if (scan.status !== 0) return 0;
  const keys = scan.stdout.split('\n').filter(Boolean);
  if (keys.length > 0) spawnSync('redis-cli', ['-u', redisUrl, 'del', ...keys]);
  return keys.length;
}

async function runBackend(backend: Backend) {
  const ts = `${Date.now()}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parlor-bench-${backend}-`));
  const resultsPath = path.join(dataDir, 'results.json');
  const redisPrefix = `parlor-bench-${ts}:`;
  const dbName = `parlor_bench_${ts}`;
  let databaseUrl: string | undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...scale(backend),
    DATA_DIR: dataDir,
    BENCH_RESULTS: resultsPath,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (backend === 'postgres') {
    await adminExec(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    Object.assign(env, { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix });
  }
  const conditions: Record<string, unknown> = {};
  try {
    console.log(`\n=== ${backend}: seeding (${env.FANS} fans, ${env.MESSAGES} messages) in ${dataDir}`);
    await runStep('seed-inbox.ts', env);
    for (const [name, script] of [
      ['inbox', 'inbox-latency.ts'],
      ['idle', 'idle-sockets.ts'],
      ['delivery', 'delivery.ts'],
    ] as const) {
      if (quietWaitMs > 0) {
        const q = await waitForQuiet(quietWaitMs);
        conditions[name] = q;
        console.log(
          `\n=== ${backend}: ${name} (machine ${q.quiet ? 'quiet' : 'BUSY'}: ${q.busyPercent}% busy, load ${q.loadAverage.join(' ')}, waited ${q.waitedSeconds} s)`,
        );
      } else console.log(`\n=== ${backend}: ${name}`);
      await runStep(script, env);
    }
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dataDir, 'bench-manifest.json'), 'utf8'),
    ) as Manifest;
    const results = JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>;
    const out = {
      backend,
      date: new Date().toISOString(),
      machine: machineInfo(),
      seed: {
        fans: manifest.fans,
        messages: manifest.messages,
        seconds: manifest.seedSeconds,
        counts: manifest.counts,
        steps: manifest.steps,
      },
      conditions,
      ...results,
    };
    fs.mkdirSync(path.join(BENCH_DIR, 'results'), { recursive: true });
    const file = path.join(BENCH_DIR, 'results', `${backend}.json`);
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    // In the repository's own format, so `biome check` stays clean.
    spawnSync(path.join(BENCH_DIR, '..', 'node_modules', '.bin', 'biome'), ['format', '--write', file]);
    return out;
  } finally {
    if (databaseUrl) await adminExec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    if (backend === 'postgres') {
      const left = cleanRedis(redisPrefix);
      if (left > 0) console.log(`  removed ${left} Redis keys left under ${redisPrefix}`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Row {
  name: string;
  p50: number;
  p99: number;
  rows: number;
}
interface Phase {
  name: string;
  rate: number;
  sent: number;
  delivered: number;
  lost: number;
  errors: number;
  sustained: boolean;
  delivery: { p50: number; p99: number };
}

function printSummary(all: Awaited<ReturnType<typeof runBackend>>[]) {
  for (const r of all) {
    const res = r as unknown as {
      inbox: { cases: Row[] };
      idle: { sockets: number; rssBeforeMiB: number; rssIdleMiB: number };
      delivery: { fanSockets: number; phases: Phase[]; ramps: Record<string, { sustained: number }> };
    };
    console.log(
      `\n### ${r.backend} (${r.seed.fans} chats, ${r.seed.messages} messages; seeded in ${r.seed.seconds} s)\n`,
    );
    console.log('| request | p50 ms | p99 ms | rows |\n|---|---:|---:|---:|');
    for (const c of res.inbox.cases) console.log(`| ${c.name} | ${c.p50} | ${c.p99} | ${c.rows} |`);
    console.log(
      `\n| delivery (${res.delivery.fanSockets} fan sockets) | rate/s | sent | delivered | lost | errors | p50 ms | p99 ms | sustained |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const p of res.delivery.phases)
      console.log(
        `| ${p.name} | ${p.rate} | ${p.sent} | ${p.delivered} | ${p.lost} | ${p.errors} | ${p.delivery.p50} | ${p.delivery.p99} | ${p.sustained ? 'yes' : 'no'} |`,
      );
    for (const [direction, ramp] of Object.entries(res.delivery.ramps))
      console.log(`\nMost messages/s sustained without loss, ${direction}: ${ramp.sustained}`);
    console.log(
      `\nIdle sockets: ${res.idle.sockets}; server VmRSS ${res.idle.rssBeforeMiB} MiB before, ${res.idle.rssIdleMiB} MiB with them idle`,
    );
  }
}

const results: Awaited<ReturnType<typeof runBackend>>[] = [];
console.log('machine:', machineInfo());
for (const backend of backends) {
  if (backend !== 'pglite' && backend !== 'postgres') throw new Error(`unknown backend ${backend}`);
  results.push(await runBackend(backend));
}
printSummary(results);
