-- Failed sign-ins counted per account (modules/users/throttle.ts), in the database so that every
-- server process sees the same count. `account` is the user's id, or the login as typed (lower
-- case) when no account has it, so an unknown name is throttled exactly like a known one.
CREATE TABLE sign_in_failures (
  account text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  blocked_until timestamptz
);
