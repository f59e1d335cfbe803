-- Failed sign-ins counted by client address, by account and by account+address
-- (modules/users/throttle.ts), so that one address's guesses hold back that address and not the
-- account's owner elsewhere. `account` is the user's id or `login:<name>` for a name no account
-- has, '' on an address's own row; `address` is a hash of the client address, '' on an account's
-- own row. An attempt locks its rows in primary-key order, so attempts never deadlock.
DROP TABLE sign_in_failures;
CREATE TABLE sign_in_failures (
  account text NOT NULL,
  address text NOT NULL,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  blocked_until timestamptz,
  PRIMARY KEY (account, address)
);

-- Addresses (hashed with the user's id) an account signed in or signed up from: a right password
-- from one of them is only slowed down while others are failing on the account.
CREATE TABLE sign_in_addresses (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_signed_in_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address)
);
CREATE INDEX sign_in_addresses_last_idx ON sign_in_addresses (last_signed_in_at);

-- When the owner was last mailed that sign-ins to the account kept failing: once a day at most.
ALTER TABLE users ADD COLUMN sign_in_alert_at timestamptz;
