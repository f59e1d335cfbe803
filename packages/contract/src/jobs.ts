import { z } from 'zod';
import { lazySchema } from './lazy';

/** The operators' view of the durable job queue (docs/jobs.md). */
export const JobStatus = lazySchema(() => z.enum(['queued', 'running', 'done', 'failed', 'canceled']));

export const JobSummary = lazySchema(() =>
  z.object({
    _id: z.string(),
    kind: z.string(),
    key: z.string().nullable(),
    status: JobStatus,
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    run_at: z.string(),
    locked_by: z.string().nullable(),
    locked_until: z.string().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type JobSummary = z.infer<typeof JobSummary>;

export const JobsOverview = lazySchema(() =>
  z.object({
    counts: z.array(z.object({ kind: z.string(), status: JobStatus, count: z.number().int() })),
    running: z.array(JobSummary),
    queued: z.array(JobSummary),
    failed: z.array(JobSummary),
  }),
);
export type JobsOverview = z.infer<typeof JobsOverview>;
