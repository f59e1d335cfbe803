import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Availability, createAvailability } from '../db/availability';
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
  /** This attempt's number, from 1; a step that throws on the last one leaves its job failed. */
  attempts: number;
  maxAttempts: number;
}

/**
 * Does one step of a job. A step must be safe to run twice (a process may die after its writes
 * and before its progress is saved): writes carry unique keys, so a repeat changes nothing.
 */
export type JobHandler = (step: JobStep) => Promise<StepResult>;

export interface HandlerOptions {
  /** The payload carries secrets: it is emptied once the job is done or has failed for good. */
  secretPayload?: boolean;
}

export interface JobQueue {
  register(kind: string, handler: JobHandler, options?: HandlerOptions): void;
  /** Adds a job (inside `db`'s transaction when given one); null when its key exists already. */
  enqueue(job: NewJob, db?: Kysely<DB>): Promise<number | null>;
  /** Looks for due jobs now (after an enqueue committed). */
  wake(): void;
  /** Runs due steps (of these kinds, else of all) until none is left: tests, and a step that enqueued more work. */
  drain(maxSteps?: number, kinds?: string[]): Promise<number>;
  /**
   * Runs the due jobs of these kinds now, in the background, whether or not the worker was started
   * (a mail right after its transaction commits); `stop()` waits for them.
   */
  runNow(kinds: string[]): void;
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
  /** Where a database outage is reported once, rather than on every poll. */
  availability: Availability = createAvailability(log),
): JobQueue {
  const workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  const secretKinds = new Set<string>();
  let running = false;
  let stopped = false;
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
        maxAttempts: job.max_attempts,
      });
      const now = clock.now();
      const clearPayload = secretKinds.has(job.kind);
      if (result.done)
        await jobsRepository.finish(db, job.id, workerId, 'done', result.progress ?? job.progress, now, {
          clearPayload,
        });
      else {
        const runAt = new Date(now.getTime() + (result.delayMs ?? 0));
        await jobsRepository.release(db, job.id, workerId, result.progress, runAt, now);
      }
    } catch (err) {
      const now = clock.now();
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(job.attempts, 20));
      if (!availability.failed(err))
        log.warn({ err, job_id: job.id, kind: job.kind, attempts: job.attempts }, 'job step failed');
      // With the database away this fails too: the lease runs out and the step is taken again.
      await jobsRepository
        .fail(
          db,
          job.id,
          workerId,
          err instanceof Error ? err.message : String(err),
          new Date(now.getTime() + backoff),
          now,
          { clearPayload: secretKinds.has(job.kind) },
        )
        .catch((e: unknown) => {
          if (!availability.failed(e)) log.error({ err: e, job_id: job.id }, 'job failure not recorded');
        });
    }
  }

  /** Claims and runs steps until nothing is due; answers how many steps ran. */
  async function pump(maxSteps = Number.POSITIVE_INFINITY, only?: string[]): Promise<number> {
    const kinds = only ? only.filter((k) => handlers.has(k)) : [...handlers.keys()];
    let steps = 0;
    while (steps < maxSteps && kinds.length > 0) {
      const now = clock.now();
      const claimed = await jobsRepository.claim(
        db,
        workerId,
        kinds,
        Math.min(CONCURRENCY, maxSteps - steps),
        now,
        new Date(now.getTime() + leaseMs),
      );
      availability.recovered();
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

  function track(work: Promise<void>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  function tick() {
    if (!running || pumping) return;
    pumping = pump()
      .catch((err: unknown) => {
        if (!availability.failed(err)) log.error({ err }, 'job queue poll failed');
      })
      .then(() => undefined)
      .finally(() => {
        pumping = undefined;
        schedule(POLL_MS);
      });
    track(pumping);
  }

  // One background run per set of kinds at a time; a call during a run asks it to look once more,
  // so a job enqueued meanwhile is not left to the poll.
  const immediate = new Map<string, { again: boolean }>();
  function runNow(kinds: string[]) {
    if (stopped) return;
    const name = kinds.join(',');
    const current = immediate.get(name);
    if (current) {
      current.again = true;
      return;
    }
    const state = { again: true };
    immediate.set(name, state);
    track(
      (async () => {
        while (state.again && !stopped) {
          state.again = false;
          await pump(Number.POSITIVE_INFINITY, kinds);
        }
      })()
        .catch((err: unknown) => log.error({ err, kinds }, 'job queue run failed'))
        .finally(() => immediate.delete(name)),
    );
  }

  return {
    workerId,
    register(kind, handler, options = {}) {
      handlers.set(kind, handler);
      if (options.secretPayload) secretKinds.add(kind);
    },
    async enqueue(job, on = db) {
      return jobsRepository.insert(on, job, clock.now());
    },
    wake() {
      if (running && !pumping) schedule(0);
    },
    drain: (maxSteps, kinds) => pump(maxSteps, kinds),
    runNow,
    start() {
      if (running) return;
      running = true;
      stopped = false;
      schedule(0);
    },
    async stop() {
      running = false;
      stopped = true;
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
