-- The area intro popups an account has closed (docs/banners-and-popups.md): remembered on the
-- server, so one shown on a phone does not show again on a laptop.
ALTER TABLE users ADD COLUMN seen_intros text[] NOT NULL DEFAULT '{}';

-- The global warning: an admin's platform-wide notice (planned maintenance and the like). At most
-- one is current (cleared_at null); each user closes it once.
CREATE TABLE platform_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cleared_at timestamptz
);
CREATE UNIQUE INDEX platform_notices_one_current_idx ON platform_notices ((true)) WHERE cleared_at IS NULL;

CREATE TABLE platform_notice_dismissals (
  notice_id uuid NOT NULL REFERENCES platform_notices (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, user_id)
);

ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_target_type_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_target_type_check
  CHECK (target_type IN ('user', 'payout', 'aml', 'notice'));
