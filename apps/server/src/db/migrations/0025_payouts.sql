-- Payouts (docs/payments.md, "Earnings and payouts"): a creator asks for part of their earnings;
-- the amount leaves the available balance at once (a ledger debit, reason 'payout', the hold); an
-- admin completes it, or rejects it and the amount comes back (reason 'payout_returned').
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_reason_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_reason_check CHECK (reason IN (
  'package', 'message_rate', 'paid_message', 'paid_post', 'tip', 'subscription', 'refund',
  'crypto_topup', 'admin_adjustment', 'payout', 'payout_returned'
));

CREATE TABLE payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Credits (one credit is $0.10).
  amount integer NOT NULL CHECK (amount > 0),
  method text NOT NULL CHECK (method IN ('bank_transfer', 'paypal_transfer', 'paxum_transfer', 'crypto_transfer')),
  -- Where to send it, as set when it was asked for (later changes do not move a payout in flight).
  details text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'rejected')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
-- One payout waiting per creator: a key, not a check in code (the next request is 409).
CREATE UNIQUE INDEX payouts_one_pending ON payouts (user_id) WHERE status = 'pending';
CREATE INDEX payouts_by_user_idx ON payouts (user_id, id DESC);
CREATE INDEX payouts_by_status_idx ON payouts (status, id);

-- Payout details beyond the account itself: a bank account's holder, and the payout country, set once.
ALTER TABLE users ADD COLUMN payout_holder text;
ALTER TABLE users ADD COLUMN payout_country text CHECK (payout_country ~ '^[A-Z]{2}$');

-- The anti-money-laundering check: the form as submitted, and its state on the account.
ALTER TABLE users ADD COLUMN aml_status text NOT NULL DEFAULT 'none'
  CHECK (aml_status IN ('none', 'pending', 'approved', 'rejected'));
CREATE TABLE aml_checks (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  full_name text NOT NULL,
  date_of_birth date NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  postal_code text NOT NULL,
  country text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
