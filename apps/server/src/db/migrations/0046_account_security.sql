-- Account security: two-factor sign-in with an authenticator app (TOTP), recovery codes, passkeys,
-- the second step of a password sign-in, and the devices each account has signed in from.

-- Kept on the account so every answer of the user (and the auth hook's row) knows them without a
-- join: when TOTP was confirmed (NULL: off), and how many passkeys the account has (kept with them).
ALTER TABLE users
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN passkey_count integer NOT NULL DEFAULT 0;

-- The authenticator app's secret, AES-256-GCM sealed with the server's TOTP key ("iv.tag.data").
-- Pending until confirmed with a code; `last_step` is the newest 30-second step a code was accepted
-- for, so no code works twice.
CREATE TABLE totp_secrets (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  last_step bigint
);

-- Single-use recovery codes, kept as HMACs with the server's code key; a used one keeps its row so
-- its second use can be told apart from a typo.
CREATE TABLE recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A password sign-in waiting for its second factor: only the SHA-256 of the challenge is kept.
CREATE TABLE sign_in_challenges (
  challenge_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX sign_in_challenges_expiry ON sign_in_challenges (expires_at);

-- WebAuthn credentials. `counter` is the authenticator's signature counter (0 for those that keep
-- none); `public_key` the COSE key, base64url.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  backed_up boolean NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);

-- Challenges handed to a browser's WebAuthn call (registering a passkey, signing in with one),
-- hashed, consumed by deleting the row.
CREATE TABLE webauthn_challenges (
  challenge_hash text PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);

-- The browsers (a long-lived device cookie) an account has signed in from, each as the SHA-256 of
-- the account and the cookie's id: a sign-in from one not here mails the owner.
CREATE TABLE known_devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);
