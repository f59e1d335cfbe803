-- Referral commissions (docs/payments.md, "Referrals"): paid by a periodic sweep over
-- new ledger rows, off the payment path; each commission is a ledger row keyed by the row it comes
-- from, so a sweep that runs twice pays nothing twice.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_reason_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_reason_check CHECK (reason IN (
  'package', 'message_rate', 'paid_message', 'paid_post', 'tip', 'subscription', 'refund',
  'crypto_topup', 'admin_adjustment', 'payout', 'payout_returned', 'referral'
));

-- How far the sweep has read the ledger (the last row id it looked at).
CREATE TABLE referral_sweep (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_entry_id bigint NOT NULL DEFAULT 0
);
INSERT INTO referral_sweep DEFAULT VALUES;

-- Whom I referred, newest first (GET /v1/users/referrals).
CREATE INDEX users_by_affiliate_idx ON users (affiliate_id, created_at DESC) WHERE affiliate_id IS NOT NULL;
