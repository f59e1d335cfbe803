-- Durable jobs (docs/jobs.md): work kept as rows, claimed by any server process with
-- FOR UPDATE SKIP LOCKED under a lease, done in steps whose progress is saved with the row, so a
-- crashed process's job is picked up where it stopped once its lease runs out.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  -- At most one job per key, ever (a broadcast's fan-out, an automatic message to one fan).
  key text UNIQUE,
  payload jsonb NOT NULL DEFAULT '{}',
  -- What the steps done so far left for the next one (a cursor); null before the first.
  progress jsonb,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'done', 'failed', 'canceled')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts > 0),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- What a worker may claim: queued and due, or running under a lease that ran out.
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status IN ('queued', 'running');
-- The operators' view: counts by kind and status, the latest failures.
CREATE INDEX jobs_kind_status_idx ON jobs (kind, status, updated_at DESC);
