import type { JobSummary, JobsOverview } from '@parlor/contract';
import type { AppContext } from '../context';
import { type JobRow, jobsRepository } from './repository';

const LATEST = 50;

type Listed = Omit<JobRow, 'payload' | 'progress' | 'finished_at'>;

const toSummary = (j: Listed): JobSummary => ({
  _id: String(j.id),
  kind: j.kind,
  key: j.key,
  status: j.status,
  attempts: j.attempts,
  max_attempts: j.max_attempts,
  run_at: j.run_at.toISOString(),
  locked_by: j.locked_by,
  locked_until: j.locked_until?.toISOString() ?? null,
  last_error: j.last_error,
  created_at: j.created_at.toISOString(),
  updated_at: j.updated_at.toISOString(),
});

/** GET /v1/admin/jobs: the queue as operators see it. */
export async function jobsOverview(ctx: AppContext): Promise<JobsOverview> {
  const [counts, running, queued, failed] = await Promise.all([
    jobsRepository.counts(ctx.db),
    jobsRepository.latest(ctx.db, 'running', LATEST),
    jobsRepository.latest(ctx.db, 'queued', LATEST),
    jobsRepository.latest(ctx.db, 'failed', LATEST),
  ]);
  return {
    counts: counts.map((c) => ({ kind: c.kind, status: c.status, count: Number(c.count) })),
    running: running.map(toSummary),
    queued: queued.map(toSummary),
    failed: failed.map(toSummary),
  };
}

/** Due jobs by kind with the oldest one's wait in seconds (the metrics endpoint). */
export async function queueDepth(ctx: AppContext) {
  const now = ctx.clock.now();
  const rows = await jobsRepository.due(ctx.db, now);
  return rows.map((r) => ({
    kind: r.kind,
    queued: Number(r.count),
    oldestSeconds: Math.max(0, (now.getTime() - new Date(r.oldest).getTime()) / 1000),
  }));
}

/** Jobs that failed for good, by kind (the metrics endpoint). */
export async function failedJobs(ctx: AppContext) {
  const counts = await jobsRepository.counts(ctx.db);
  return counts.filter((c) => c.status === 'failed').map((c) => ({ kind: c.kind, count: Number(c.count) }));
}
