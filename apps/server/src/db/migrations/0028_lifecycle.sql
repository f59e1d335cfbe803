-- Account lifecycle (docs/account-lifecycle.md): the countries a creator is hidden from, and the
-- profile boost a creator buys with credits (a ledger row with reason 'boost').
ALTER TABLE users ADD COLUMN blocked_countries text[] NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN boost_until timestamptz;

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_reason_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_reason_check CHECK (reason IN (
  'package', 'message_rate', 'paid_message', 'paid_post', 'tip', 'subscription', 'refund',
  'crypto_topup', 'admin_adjustment', 'payout', 'payout_returned', 'referral', 'boost'
));
