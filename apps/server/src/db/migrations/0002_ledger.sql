-- Every credit change is a ledger row written in the same transaction as the balance it changes.
-- A fan spends `credits`; a creator's takings accrue as `earnings` (paid out later).

ALTER TABLE users ADD COLUMN earnings integer NOT NULL DEFAULT 0 CHECK (earnings >= 0);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  account text NOT NULL CHECK (account IN ('credits', 'earnings')),
  delta integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL CHECK (reason IN (
    'package', 'message_rate', 'paid_message', 'tip', 'subscription', 'refund',
    'crypto_topup', 'admin_adjustment', 'payout'
  )),
  counterparty_id uuid REFERENCES users (id),
  reference text,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The same purchase, tip or message retried carries the same key and is written once.
CREATE UNIQUE INDEX ledger_entries_idempotency_key ON ledger_entries (user_id, account, idempotency_key);
CREATE INDEX ledger_entries_by_account_idx ON ledger_entries (user_id, account, id);
