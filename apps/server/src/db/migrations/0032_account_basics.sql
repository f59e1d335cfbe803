-- Account basics (docs/accounts.md): the sign-up consents, password reset links and the
-- data export's once-per-10-minutes rule.

-- When the person confirmed being 18 or older and accepted the terms and privacy policy at sign-up
-- (one moment, one checkbox each). Accounts made before this was asked stay NULL.
ALTER TABLE users ADD COLUMN terms_accepted_at timestamptz;
-- The last data export started: the next one waits DATA_EXPORT_COOLDOWN_MS.
ALTER TABLE users ADD COLUMN data_exported_at timestamptz;

-- A mailed reset link: only the SHA-256 of its token is kept (like access tokens), so the table
-- alone opens no account. A link works once, until expires_at; a newer link voids older ones.
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
-- The cooldown and the daily cap read an account's newest links.
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at DESC);
