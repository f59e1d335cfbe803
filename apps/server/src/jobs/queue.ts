import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from '../lib/clock';
import { type JobRow, jobsRepository, type NewJob } from './repository';
import type { PeriodicTask } from './scheduler';

/** How long a claimed step may run before another process may take the job over (JOB_LEASE_SECONDS). */
const DEFAULT_LEASE_MS = 60_000;
/** Idle workers look for due jobs this often; an enqueue in this process wakes them at once. */
const POLL_MS = 500;
/** Steps of different jobs run side by side in one process, up to this many. */
const CONCURRENCY = 2;
const MAX_BACKOFF_MS = 10 * 60_000;
/** Finished jobs stay visible to operators this long. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

/** What a step answers: the job is finished, or has more to do (its progress saved for the next step). */
export type StepResult =
  | { done: true; progress?: unknown }
  | { done: false; progress: unknown; delayMs?: number };

export interface JobStep {
  id: number;
  kind: string;
  key: string | null;
  payload: unknown;
  /** What the previous step saved; null on the first. */
  progress: unknown;
  attempts: number;
}

/**
 * Does one step of a job. A step must be safe to run twice (a process may die after its writes
 * and before its progress is saved): writes carry unique keys, so a repeat changes nothing.
 */
export type JobHandler = (step: JobStep) => Promise<StepResult>;

export interface JobQueue {
  register(kind: string, handler: JobHandler): void;
  /** Adds a job (inside `db`'s transaction when given one); null when its key exists already. */
  enqueue(job: NewJob, db?: Kysely<DB>): Promise<number | null>;
  /** Looks for due jobs now (after an enqueue committed). */
  wake(): void;
  /** Runs due steps until none is left: tests, and a step that enqueued more work. */
  drain(maxSteps?: number): Promise<number>;
  start(): void;
  stop(): Promise<void>;
  readonly workerId: string;
}

/**
 * The durable job queue (docs/jobs.md): rows in `jobs`, claimed with FOR UPDATE SKIP LOCKED under a
 * lease by any number of server processes, done one step at a time with the progress saved between
 * steps, retried with backoff when a step throws.
 */
export function createJobQueue(
  db: Kysely<DB>,
  clock: Clock,
  log: FastifyBaseLogger,
  leaseMs = DEFAULT_LEASE_MS,
): JobQueue {
  const workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  let pumping: Promise<void> | undefined;

  async function runStep(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    try {
      const result = await handler({
        id: job.id,
        kind: job.kind,
        key: job.key,
        payload: job.payload,
        progress: job.progress,
        attempts: job.attempts,
      });
      const now = clock.now();
      if (result.done)
        await jobsRepository.finish(db, job.id, workerId, 'done', result.progress ?? job.progress, now);
      else {
        const runAt = new Date(now.getTime() + (result.delayMs ?? 0));
        await jobsRepository.release(db, job.id, workerId, result.progress, runAt, now);
      }
    } catch (err) {
      const now = clock.now();
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(job.attempts, 20));
      log.warn({ err, job_id: job.id, kind: job.kind, attempts: job.attempts }, 'job step failed');
      await jobsRepository
        .fail(
          db,
          job.id,
          workerId,
          err instanceof Error ? err.message : String(err),
          new Date(now.getTime() + backoff),
          now,
        )
        .catch((e: unknown) => log.error({ err: e, job_id: job.id }, 'job failure not recorded'));
    }
  }

  /** Claims and runs steps until nothing is due; answers how many steps ran. */
  async function pump(maxSteps = Number.POSITIVE_INFINITY): Promise<number> {
    let steps = 0;
    while (steps < maxSteps && handlers.size > 0) {
      const now = clock.now();
      const claimed = await jobsRepository.claim(
        db,
        workerId,
        [...handlers.keys()],
        Math.min(CONCURRENCY, maxSteps - steps),
        now,
        new Date(now.getTime() + leaseMs),
      );
      if (claimed.length === 0) break;
      await Promise.all(claimed.map(runStep));
      steps += claimed.length;
    }
    return steps;
  }

  function schedule(delay: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    if (!running || pumping) return;
    pumping = pump()
      .catch((err: unknown) => log.error({ err }, 'job queue poll failed'))
      .then(() => undefined)
      .finally(() => {
        pumping = undefined;
        schedule(POLL_MS);
      });
    inFlight.add(pumping);
    void pumping.finally(() => inFlight.delete(pumping as Promise<void>));
  }

  return {
    workerId,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async enqueue(job, on = db) {
      return jobsRepository.insert(on, job, clock.now());
    },
    wake() {
      if (running && !pumping) schedule(0);
    },
    drain: (maxSteps) => pump(maxSteps),
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await Promise.all(inFlight);
      await jobsRepository.releaseAll(db, workerId, clock.now()).catch(() => undefined);
    },
  };
}

/** Removes finished jobs older than a week, once an hour. */
export function jobsPurgeTask(db: Kysely<DB>): PeriodicTask {
  return {
    name: 'jobs.purge',
    intervalMs: 60 * 60_000,
    run: (now) => jobsRepository.purgeFinished(db, new Date(now.getTime() - KEEP_FINISHED_MS)),
  };
}
