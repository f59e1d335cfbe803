import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './main-process';

/** The newest installed PostgreSQL's binaries, or undefined when none is installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export interface PgCluster {
  port: number;
  /** Superuser URL of the cluster's `postgres` database. */
  adminUrl: string;
  /** URL of a database of that name (create it first through `adminUrl`). */
  urlOf(database: string): string;
  start(): void;
  /** Fast shutdown: running sessions are ended, as in a restart by an operator. */
  stop(): void;
  /** Stops the cluster if it runs and deletes its files. */
  remove(): void;
}

/**
 * A throwaway PostgreSQL cluster in a temporary directory on a free port, for tests that stop and
 * start the database under a running server. initdb refuses to run as root, so as root the cluster
 * belongs to the `postgres` account.
 */
export async function createPgCluster(bin: string): Promise<PgCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    execFileSync(cmd as string, argv as string[], { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // The socket lives in the cluster's own directory, so nothing else on the machine is touched.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const cluster: PgCluster = {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    remove() {
      if (running) {
        try {
          cluster.stop();
        } catch {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    cluster.start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return cluster;
}
