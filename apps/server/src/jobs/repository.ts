import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, JobsTable } from '../db/schema';

type Db = Kysely<DB>;
export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  /** At most one job per key, ever: enqueuing an existing key is a no-op. */
  key?: string | null;
  payload?: unknown;
  runAt?: Date;
  maxAttempts?: number;
}

/** An update of a job `worker` still holds: every write after a claim is fenced by the lease holder. */
const held = (db: Db, id: number, worker: string) =>
  db.updateTable('jobs').where('id', '=', id).where('locked_by', '=', worker).where('status', '=', 'running');

export const jobsRepository = {
  /** Answers the new job's id, or null when a job with this key exists already. */
  async insert(db: Db, job: NewJob, now: Date): Promise<number | null> {
    const row = await db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        key: job.key ?? null,
        payload: JSON.stringify(job.payload ?? {}),
        run_at: job.runAt ?? now,
        max_attempts: job.maxAttempts ?? 10,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  },

  /**
   * Claims up to `limit` due jobs of these kinds for `worker` until `leaseUntil`: queued ones whose
   * time has come, and running ones whose lease ran out (their process died). Rows another worker
   * is claiming at this moment are skipped, not waited for.
   */
  async claim(db: Db, worker: string, kinds: string[], limit: number, now: Date, leaseUntil: Date) {
    const { rows } = await sql<JobRow>`
      UPDATE jobs SET status = 'running', locked_by = ${worker}, locked_until = ${leaseUntil},
        attempts = attempts + 1, updated_at = ${now}
      WHERE id IN (
        SELECT id FROM jobs
        WHERE status IN ('queued', 'running') AND kind = ANY(${kinds}::text[])
          AND ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now}))
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(db);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  },

  /**
   * Saves a step's progress and hands the job back to the queue (due at `runAt`), if `worker` still
   * holds it; answers whether it did. A worker whose lease ran out finds the job taken over.
   */
  async release(db: Db, id: number, worker: string, progress: unknown, runAt: Date, now: Date) {
    const res = await held(db, id, worker)
      .set({
        status: 'queued',
        progress: JSON.stringify(progress ?? null),
        run_at: runAt,
        // A step that finished is not a failed attempt.
        attempts: 0,
        locked_by: null,
        locked_until: null,
        updated_at: now,
      })
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  async finish(
    db: Db,
    id: number,
    worker: string,
    status: 'done' | 'canceled',
    progress: unknown,
    now: Date,
    options: { clearPayload?: boolean } = {},
  ) {
    const res = await held(db, id, worker)
      .set({
        status,
        ...(options.clearPayload ? { payload: '{}' } : {}),
        progress: JSON.stringify(progress ?? null),
        locked_by: null,
        locked_until: null,
        updated_at: now,
        finished_at: now,
      })
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  /** A step threw: try again at `retryAt`, or give up once the attempts are spent. */
  async fail(
    db: Db,
    id: number,
    worker: string,
    error: string,
    retryAt: Date,
    now: Date,
    options: { clearPayload?: boolean } = {},
  ) {
    await held(db, id, worker)
      .set({
        status: sql`CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END`,
        ...(options.clearPayload
          ? { payload: sql`CASE WHEN attempts >= max_attempts THEN '{}'::jsonb ELSE payload END` }
          : {}),
        finished_at: sql`CASE WHEN attempts >= max_attempts THEN ${now}::timestamptz END`,
        run_at: retryAt,
        last_error: error.slice(0, 2000),
        locked_by: null,
        locked_until: null,
        updated_at: now,
      })
      .execute();
  },

  /** Shutdown: this worker's jobs go back to the queue at once instead of waiting out their lease. */
  async releaseAll(db: Db, worker: string, now: Date) {
    await db
      .updateTable('jobs')
      .set({
        status: 'queued',
        locked_by: null,
        locked_until: null,
        attempts: sql`greatest(attempts - 1, 0)`,
        updated_at: now,
      })
      .where('locked_by', '=', worker)
      .where('status', '=', 'running')
      .execute();
  },

  /** Stops a job that has not finished (a broadcast unsent midway). */
  async cancelByKey(db: Db, key: string, now: Date) {
    await db
      .updateTable('jobs')
      .set({ status: 'canceled', locked_by: null, locked_until: null, updated_at: now, finished_at: now })
      .where('key', '=', key)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  },

  /** Finished jobs are kept a while for operators, then removed in one statement. */
  async purgeFinished(db: Db, before: Date): Promise<number> {
    const res = await db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'canceled'])
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  byKey(db: Db, key: string) {
    return db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirst();
  },

  /** The operators' view: how many jobs of each kind are in each state. */
  counts(db: Db) {
    return db
      .selectFrom('jobs')
      .select(['kind', 'status', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy(['kind', 'status'])
      .orderBy('kind')
      .orderBy('status')
      .execute();
  },

  /** Jobs due and waiting, by kind: how many, and since when the oldest has waited (metrics). */
  due(db: Db, now: Date) {
    return db
      .selectFrom('jobs')
      .select([
        'kind',
        (eb) => eb.fn.countAll<string>().as('count'),
        (eb) => eb.fn.min('run_at').as('oldest'),
      ])
      .where('status', '=', 'queued')
      .where('run_at', '<=', now)
      .groupBy('kind')
      .execute();
  },

  /** The latest jobs in a state (running, failed, queued), newest first. */
  latest(db: Db, status: 'queued' | 'running' | 'failed', limit: number) {
    return db
      .selectFrom('jobs')
      .select([
        'id',
        'kind',
        'key',
        'status',
        'attempts',
        'max_attempts',
        'run_at',
        'locked_by',
        'locked_until',
        'last_error',
        'created_at',
        'updated_at',
      ])
      .where('status', '=', status)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  },
};
