import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');

/**
 * Where one benchmark run lives. The scripts read the same variables as the server (DATA_DIR,
 * DATABASE_URL, REDIS_URL, REDIS_PREFIX) and pass them on to the server process they start.
 */
export interface BenchEnv {
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** A label for printed figures: "pglite" or "postgres". */
  backend: 'pglite' | 'postgres';
  manifestPath: string;
  /** When set, the script also writes its figures here as JSON (run.ts collects them). */
  resultsPath: string | undefined;
}

export function benchEnv(env: NodeJS.ProcessEnv = process.env): BenchEnv {
  const dataDir = env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR must name the benchmark data directory (run.ts sets it)');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    dataDir: path.resolve(dataDir),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'parlor-bench:',
    backend: databaseUrl ? 'postgres' : 'pglite',
    manifestPath: path.join(path.resolve(dataDir), 'bench-manifest.json'),
    resultsPath: env.BENCH_RESULTS || undefined,
  };
}

/** What the seed leaves for the benchmarks: who the creator is and tokens to act as them and fans. */
export interface Manifest {
  backend: 'pglite' | 'postgres';
  fans: number;
  messages: number;
  seededAt: string;
  seedSeconds: number;
  creator: { id: string; token: string };
  /** Fans with a token, in seed order (fan 1 first). */
  fanTokens: { id: string; token: string }[];
  counts: Record<string, number>;
  steps: { step: string; seconds: number }[];
}

export function readManifest(e: BenchEnv): Manifest {
  if (!fs.existsSync(e.manifestPath)) throw new Error(`no ${e.manifestPath}: run seed-inbox.ts first`);
  return JSON.parse(fs.readFileSync(e.manifestPath, 'utf8')) as Manifest;
}

export function writeResults(e: BenchEnv, name: string, data: unknown) {
  if (!e.resultsPath) return;
  const all = fs.existsSync(e.resultsPath)
    ? (JSON.parse(fs.readFileSync(e.resultsPath, 'utf8')) as Record<string, unknown>)
    : {};
  all[name] = data;
  fs.writeFileSync(e.resultsPath, `${JSON.stringify(all, null, 2)}\n`);
}

export const intEnv = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when the module is the entry point (`tsx file.ts`), not imported by run.ts. */
export const isMain = (metaUrl: string) =>
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);
