import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connection';

/**
 * A periodic task finds due work by timestamp in the database (renewals, scheduled deletions,
 * self-destructing content) and processes it set-wise. Because the work is rows, not timers, a
 * crash loses nothing: the next run picks up what is still due.
 */
export interface PeriodicTask {
  name: string;
  intervalMs: number;
  /**
   * Work of this process alone (its own sockets' presence): every process runs it, without the
   * shared lock. By default a task's work is shared and one process at a time runs it.
   */
  perProcess?: boolean;
  /** Does what is due at `now`; answers how many items it handled. */
  run(now: Date): Promise<number>;
}

export interface Scheduler {
  register(task: PeriodicTask): void;
  /** Runs one task at once (tests, admin tools); answers how many items it handled. */
  runNow(name: string): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const lockKey = (name: string) => createHash('sha1').update(`job:${name}`).digest().readInt32BE(0);

export function createScheduler(database: Database, now: () => Date, log: FastifyBaseLogger): Scheduler {
  const tasks = new Map<string, PeriodicTask>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  /** On PostgreSQL one process at a time runs a task (advisory lock); PGlite has one process. */
  async function runExclusive(task: PeriodicTask): Promise<number> {
    if (database.kind === 'pglite' || task.perProcess) return task.run(now());
    return database.session(async (s) => {
      const key = lockKey(task.name);
      const [row] = await s.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
      if (!row?.ok) return 0;
      try {
        return await task.run(now());
      } finally {
        await s.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    });
  }

  /**
   * A run that fails leaves its work due for the next one. With the database away every task fails
   * every tick: the outage is logged once (by `availability`), not once per task and tick.
   */
  function tick(task: PeriodicTask) {
    const p = runExclusive(task)
      .then((n) => {
        database.availability.recovered();
        if (n > 0) log.info({ job: task.name, handled: n }, 'job ran');
      })
      .catch((err: unknown) => {
        if (!database.availability.failed(err)) log.error({ err, job: task.name }, 'job failed');
      })
      .finally(() => running.delete(p));
    running.add(p);
  }

  return {
    register(task) {
      tasks.set(task.name, task);
    },
    runNow(name) {
      const task = tasks.get(name);
      if (!task) throw new Error(`unknown job ${name}`);
      return runExclusive(task);
    },
    start() {
      for (const task of tasks.values()) {
        const timer = setInterval(() => tick(task), task.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      timers.length = 0;
      await Promise.allSettled([...running]);
    },
  };
}
