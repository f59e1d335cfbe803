-- Idempotency keys as Stripe's API defines them: a key belongs to its caller and one operation (a
-- card payment's key means nothing to a crypto top-up), and it remembers the request it came with,
-- so the same key with another request is refused instead of answered with the first one's result.
-- The row is written in the same transaction as the operation's effect: a request that failed left
-- no row and its key may be used again; a concurrent twin's insert waits on the first's row and
-- then reads what it did.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- card_payment, crypto_topup, renewal_topup, tip, subscribe (modules/ledger/idempotency.ts).
  operation text NOT NULL,
  key text NOT NULL,
  -- SHA-256 of the request's canonical form; NULL for keys recorded before this migration, whose
  -- request is unknown: a repeat of those answers the recorded result as it always did.
  request_hash text,
  -- What the operation made (a payment, a tip message, a subscription): a repeat answers it.
  reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, operation, key)
);

-- The keys already used, from the rows that recorded them until now.
INSERT INTO idempotency_keys (user_id, operation, key, reference, created_at)
SELECT user_id,
  CASE
    WHEN kind = 'crypto' THEN 'crypto_topup'
    WHEN idempotency_key LIKE 'renewal-topup:%' THEN 'renewal_topup'
    ELSE 'card_payment'
  END,
  idempotency_key, id::text, created_at
FROM payments
ON CONFLICT DO NOTHING;

INSERT INTO idempotency_keys (user_id, operation, key, reference, created_at)
SELECT sender_id, 'tip', substr(client_send_id, 5), id::text, created_at
FROM messages WHERE type = 'tip' AND client_send_id LIKE 'tip:%'
ON CONFLICT DO NOTHING;

INSERT INTO idempotency_keys (user_id, operation, key, reference, created_at)
SELECT user_id, 'subscribe', substr(idempotency_key, 11), reference, created_at
FROM ledger_entries
WHERE account = 'credits' AND reason = 'subscription' AND idempotency_key LIKE 'subscribe:%'
ON CONFLICT DO NOTHING;

-- A card payment and a crypto top-up may now share a key: uniqueness is idempotency_keys' job.
DROP INDEX payments_idempotency_key;
