-- Idempotency keys are kept IDEMPOTENCY_KEY_TTL_HOURS (24 by default), then an hourly job deletes
-- the older ones in one statement (modules/ledger/idempotency.ts): it reads them by age.
CREATE INDEX idempotency_keys_by_created_at_idx ON idempotency_keys (created_at);

-- A card payment or top-up whose key has expired is found by that key, so that a retry is refused
-- instead of charged again (the unique index on it went in 0012; card and crypto may share a key).
CREATE INDEX payments_by_idempotency_key_idx ON payments (user_id, idempotency_key);
