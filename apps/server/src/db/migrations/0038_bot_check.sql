-- Bot-check challenges already spent on a sign-in or sign-up: each works once, on every server
-- process. A row is kept until its challenge expires (a later try is refused as expired anyway),
-- then purged (`bot_check_used_expiry_idx`).
CREATE TABLE bot_check_used (
  challenge text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX bot_check_used_expiry_idx ON bot_check_used (expires_at);
