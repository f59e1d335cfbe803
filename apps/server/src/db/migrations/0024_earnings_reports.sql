-- A creator's earnings reports (GET /v1/account/totals and /stats) read the earnings
-- credits of a period, and new fans and subscribers by day, without scanning all of a creator's rows.
CREATE INDEX ledger_entries_earnings_by_time_idx ON ledger_entries (user_id, created_at) WHERE account = 'earnings';
CREATE INDEX fans_by_creator_time_idx ON fans (creator_id, first_at);
CREATE INDEX subscriptions_by_creator_time_idx ON subscriptions (creator_id, started_at);
