-- Hosted-checkout payment providers (docs/payments.md "Payment providers"): which provider took a
-- payment and its ids there, the provider's customer per user (saved methods live there), the
-- webhook events already applied, and what a refund or chargeback took back.
ALTER TABLE payments ADD COLUMN provider text NOT NULL DEFAULT 'sandbox';
-- The provider's checkout (session) id and payment id (Stripe: cs_..., pi_...).
ALTER TABLE payments ADD COLUMN provider_checkout text;
ALTER TABLE payments ADD COLUMN provider_payment text;
-- Where the browser goes to pay or confirm (the provider's hosted page), answered again on a retry.
ALTER TABLE payments ADD COLUMN redirect_url text;
-- Credits already taken back from this payment by refunds and chargebacks.
ALTER TABLE payments ADD COLUMN reversed_credits integer NOT NULL DEFAULT 0 CHECK (reversed_credits >= 0);
CREATE UNIQUE INDEX payments_provider_checkout_key ON payments (provider, provider_checkout)
  WHERE provider_checkout IS NOT NULL;
CREATE UNIQUE INDEX payments_provider_payment_key ON payments (provider, provider_payment)
  WHERE provider_payment IS NOT NULL;

-- Credits a refund or chargeback could not take back because the fan had spent them: the account
-- shows it, and the next credits bought pay it first. Balances themselves never go below zero.
ALTER TABLE users ADD COLUMN credits_debt integer NOT NULL DEFAULT 0 CHECK (credits_debt >= 0);

CREATE TABLE payment_customers (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  PRIMARY KEY (user_id, provider),
  UNIQUE (provider, customer_id)
);

-- A webhook event is applied once: its id is stored in the transaction that applies it.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_reason_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_reason_check CHECK (reason IN (
  'package', 'message_rate', 'paid_message', 'paid_post', 'tip', 'subscription', 'refund',
  'crypto_topup', 'admin_adjustment', 'payout', 'payout_returned', 'referral', 'chargeback',
  'payment_reversal', 'debt_repaid', 'boost'
));
