-- Moderation (docs/moderation.md): creator applications, ID documents, the third verification status
-- (retake) and the admins' audit log.

ALTER TABLE users DROP CONSTRAINT IF EXISTS users_id_verification_status_check;
ALTER TABLE users ADD CONSTRAINT users_id_verification_status_check
  CHECK (id_verification_status IN ('pending', 'in_progress', 'rejected', 'verified', 'retake'));

-- A fan's application to become a creator (POST /v1/users/apply). One per account: a rejection is final.
CREATE TABLE creator_applications (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX creator_applications_pending_idx ON creator_applications (created_at) WHERE status = 'pending';

-- ID documents (media of type id_verification): kept apart from the vault so no message, post or
-- broadcast can ever point at one; files live in media storage under `{public_id}/idv`.
CREATE TABLE id_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('id', 'selfie')),
  size_bytes integer NOT NULL,
  width integer,
  height integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The newest document of each kind is the one that counts.
CREATE INDEX id_documents_by_user_idx ON id_documents (user_id, kind, id DESC);
-- When the documents were last submitted for review (the ID verifications queue's order).
ALTER TABLE users ADD COLUMN id_submitted_at timestamptz;
CREATE INDEX users_id_review_idx ON users (id_submitted_at) WHERE id_verification_status = 'in_progress';

-- Who did what to whom, and when: every admin action writes one row in its own transaction.
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('user', 'payout', 'aml')),
  target_id text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_recent_idx ON admin_audit (id DESC);
CREATE INDEX admin_audit_by_target_idx ON admin_audit (target_id, id DESC);
CREATE INDEX user_reports_by_reported_idx ON user_reports (reported_id) WHERE resolved_at IS NULL;
