-- A creator's earnings are credited by every fan who pays them. Kept in the one `users.earnings`
-- column, each paid message locked the creator's row from its credit to its commit, so a popular
-- creator's fans queued behind one another (docs/payments.md, "A hot creator").
--
-- Credits to earnings now add to one of 16 rows per creator, the way inbox counters are spread
-- (0007); the balance is `users.earnings` plus the sum of the shards. Only a debit (a payout)
-- folds the shards into `users.earnings`, locking them all, so it sees and checks the exact total.
-- The ledger stays the record: the ledger check compares both parts together with it.
CREATE TABLE earnings_shards (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shard smallint NOT NULL CHECK (shard >= 0 AND shard < 16),
  amount integer NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (user_id, shard)
);

-- A credit to a spread account is not serialised against the others, so it has no single running
-- balance to record: its entry's balance_after is NULL. Debits still record theirs.
ALTER TABLE ledger_entries ALTER COLUMN balance_after DROP NOT NULL;

-- A fan pays a creator (modules/ledger/service.ts `ledger.transfer`) in one statement instead of
-- seven: under load each round trip of a transaction waits its turn on the server's event loop while
-- the transaction holds its locks, and seven of them made every paid message hold its chat's rows
-- about seven times longer than the work needs.
--
-- Answers the payer's balance and one of: 'paid', 'replayed' (this key was posted before: nothing
-- changed) or 'insufficient' (nothing changed; the caller refuses with 402). The payer's row is the
-- only user row locked; the payee's earnings go to one of their 16 shards, `earnings_shard`.
-- Member rows are locked in user-id order, the order `append_messages` takes them in, so a payment
-- and a message crossing in the chat cannot deadlock.
CREATE FUNCTION ledger_transfer(
  payer uuid, payee uuid, amount integer, reason text, idempotency_key text, ref text, earnings_shard integer
)
RETURNS TABLE (balance integer, outcome text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  after integer;
BEGIN
  PERFORM 1 FROM ledger_entries e
  WHERE e.user_id = payer AND e.account = 'credits' AND e.idempotency_key = ledger_transfer.idempotency_key;
  IF FOUND THEN
    RETURN QUERY SELECT u.credits, 'replayed'::text FROM users u WHERE u.id = payer;
    RETURN;
  END IF;

  UPDATE users u SET credits = u.credits - amount WHERE u.id = payer AND u.credits >= amount
  RETURNING u.credits INTO after;
  IF NOT FOUND THEN
    RETURN QUERY SELECT u.credits, 'insufficient'::text FROM users u WHERE u.id = payer;
    RETURN;
  END IF;

  INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, counterparty_id, reference, idempotency_key)
  VALUES (payer, 'credits', -amount, after, reason, payee, ref, ledger_transfer.idempotency_key);

  -- The creator's inbox sorts fans and VIPs by what they spent in this chat (docs/inbox.md).
  PERFORM 1 FROM chat_members m
  WHERE (m.user_id, m.other_user_id) IN ((payee, payer), (payer, payee))
  ORDER BY m.user_id FOR UPDATE;
  UPDATE chat_members m SET spent_credits = m.spent_credits + amount
  WHERE m.user_id = payee AND m.other_user_id = payer;

  INSERT INTO earnings_shards AS s (user_id, shard, amount) VALUES (payee, earnings_shard, amount)
  ON CONFLICT (user_id, shard) DO UPDATE SET amount = s.amount + excluded.amount;
  -- The payer's key was new, so this derived key is too.
  INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, counterparty_id, reference, idempotency_key)
  VALUES (payee, 'earnings', amount, NULL, reason, payer, ref, payer::text || ':' || ledger_transfer.idempotency_key);

  RETURN QUERY SELECT after, 'paid'::text;
END $$;

-- What a send needs to know now includes whether the other side may be paid (moderation), so a
-- paid message does not look the creator up a second time.
DROP FUNCTION send_targets(uuid[], uuid[]);
CREATE FUNCTION send_targets(user_ids uuid[], other_ids uuid[])
RETURNS TABLE (
  user_id uuid, other_user_id uuid, chat_id uuid, blocked boolean, blocked_by_other boolean,
  other_media_blocked boolean, credit_rate integer, other_type text, other_requires_moderation boolean,
  other_id_verification_status text, other_discover_status text
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT m.user_id, m.other_user_id, m.chat_id, m.blocked, om.blocked, om.media_blocked, c.credit_rate, o.type,
    o.requires_moderation, o.id_verification_status, o.discover_status
  FROM unnest(user_ids, other_ids) AS k(uid, oid)
  JOIN chat_members m ON m.user_id = k.uid AND m.other_user_id = k.oid
  JOIN chat_members om ON om.chat_id = m.chat_id AND om.user_id = m.other_user_id
  JOIN chats c ON c.id = m.chat_id
  JOIN users o ON o.id = m.other_user_id;
END $$;

-- A message that pays the chat's rate, stored in one statement with its payment (modules/messages/
-- repository.ts `appendPaidMessage`): one statement is atomic without a transaction, and its locks
-- (the fan's row, the chat's member rows, one of the creator's earnings and inbox counter shards)
-- are held for the statement's own time only, not across round trips to the server. Answers the
-- payer's balance, the payment's outcome and, when paid, the stored message as `append_messages`
-- does. A replayed payment stores nothing (the caller answers the stored message). A send id
-- already stored without this payment raises PX409: the whole statement, charge included, rolls back.
CREATE FUNCTION append_paid_message(
  amount integer, idempotency_key text, earnings_shard integer,
  chat_ids uuid[], sender_ids uuid[], recipient_ids uuid[], types text[], texts text[], prices integer[],
  self_destructs boolean[], parent_ids bigint[], send_ids text[], systems boolean[], media_ids bigint[],
  gif_urls text[], gif_widths integer[], gif_heights integer[], destruct_ats timestamptz[]
)
RETURNS TABLE (
  balance integer, outcome text, ord integer, id bigint, created_at timestamptz, recipient_unread integer,
  recipient_unread_all integer, recipient_unread_favorites integer
)
LANGUAGE plpgsql
AS $$
DECLARE
  paid record;
BEGIN
  SELECT * INTO paid FROM ledger_transfer(sender_ids[1], recipient_ids[1], amount, 'message_rate',
    idempotency_key, chat_ids[1]::text, earnings_shard);
  IF paid.outcome <> 'paid' THEN
    RETURN QUERY SELECT paid.balance, paid.outcome, NULL::integer, NULL::bigint, NULL::timestamptz,
      NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  RETURN QUERY SELECT paid.balance, paid.outcome, a.ord, a.id, a.created_at, a.recipient_unread,
      a.recipient_unread_all, a.recipient_unread_favorites
    FROM append_messages(chat_ids, sender_ids, recipient_ids, types, texts, prices, self_destructs, parent_ids,
      send_ids, systems, media_ids, gif_urls, gif_widths, gif_heights, destruct_ats) a;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'send id already used' USING ERRCODE = 'PX409';
  END IF;
END $$;
