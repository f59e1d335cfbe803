-- Accounts: payout information guarded by an action code, the creator's greeting, and the
-- erased-account marker. A deleted account keeps its row (the ledger references it) but loses
-- everything personal; `deleted_at` says the erasure happened.

ALTER TABLE users ADD COLUMN greeting text;
ALTER TABLE users ADD COLUMN payout_method text
  CHECK (payout_method IN ('bank_transfer', 'paypal_transfer', 'paxum_transfer', 'crypto_transfer'));
ALTER TABLE users ADD COLUMN payout_account text;
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- The deletion job looks for accounts whose grace period is over.
CREATE INDEX users_deletion_due_idx ON users (delete_at) WHERE deleted_scheduled AND deleted_at IS NULL;
