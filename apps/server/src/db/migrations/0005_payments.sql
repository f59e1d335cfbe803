-- Card payments, saved cards and subscriptions. Credits themselves move only through ledger_entries.

-- A saved card keeps what the fan needs to recognise it and the provider's token, never the number.
CREATE TABLE saved_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  brand text NOT NULL CHECK (brand IN ('VISA', 'MASTER')),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  name text NOT NULL,
  -- Keyed hash of the number: the same card saved twice is one row, and the number cannot be read back.
  fingerprint text NOT NULL,
  provider_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX saved_cards_live_fingerprint_key ON saved_cards (user_id, fingerprint) WHERE deleted_at IS NULL;
CREATE INDEX saved_cards_by_user_idx ON saved_cards (user_id, created_at DESC) WHERE deleted_at IS NULL;

-- One row per POST /v1/payment idempotency key; a 3-D Secure payment waits here for its challenge.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'requires_action', 'succeeded', 'failed')),
  kind text NOT NULL CHECK (kind IN ('card', 'crypto')),
  package_id text,
  credits integer NOT NULL CHECK (credits > 0),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'USD',
  -- What the credits are for, echoed to /3ds-callback so the client can finish it.
  purpose text NOT NULL DEFAULT 'package',
  model_id text,
  purpose_amount integer,
  chat_id text,
  message_id text,
  feed_id text,
  card_id uuid REFERENCES saved_cards (id),
  card_brand text,
  card_last4 text,
  card_exp_month integer,
  card_exp_year integer,
  card_name text,
  card_fingerprint text,
  provider_token text,
  save_card boolean NOT NULL DEFAULT false,
  challenge_hash text,
  failure_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE UNIQUE INDEX payments_idempotency_key ON payments (user_id, idempotency_key);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fan_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('active', 'canceled')),
  price integer NOT NULL CHECK (price > 0),
  card_id uuid REFERENCES saved_cards (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  current_period_end timestamptz NOT NULL,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One active subscription per fan and creator.
CREATE UNIQUE INDEX subscriptions_active_pair_key ON subscriptions (fan_id, creator_id) WHERE status = 'active';
CREATE INDEX subscriptions_by_fan_idx ON subscriptions (fan_id, created_at DESC);
-- The renewal job reads due active subscriptions in period order.
CREATE INDEX subscriptions_due_idx ON subscriptions (current_period_end) WHERE status = 'active';
CREATE INDEX subscriptions_by_card_idx ON subscriptions (card_id) WHERE status = 'active';
