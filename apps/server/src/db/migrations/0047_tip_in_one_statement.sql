-- A tip's money and message in one statement (modules/tips, `tipsRepository.pay`) instead of four
-- round trips inside its transaction (the key's claim, `ledger_transfer`, `append_messages`, the
-- key's answer): each round trip held the fan's row, the creator's and the platform's earnings
-- shards and the chat's member rows while it waited its turn on a busy server.
--
-- In order, as the four statements did: the caller's idempotency key is claimed (a concurrent twin
-- waits on the first one's uncommitted row, then finds it and answers 'twin' with what the key
-- holds); the fan pays through `ledger_pay` (the ledger rows of the fan's debit, the creator's share
-- and the platform's fee, keyed by `ledger_key`; the shares reach the earnings shards through
-- `earnings_credit`, below, as the transaction's last statement); the tip message is stored by `append_messages`, which also adds the tip to the
-- creator's spent counter in the member-row update it makes anyway (`ledger_transfer` made a second
-- one); the key records the message. A key whose ledger entry exists already (the key expired and
-- was reused) raises PX410 and a short balance PX402 with the balance as its detail: the statement
-- then rolls back whole, the key's claim with it.
CREATE FUNCTION send_tip(
  fan uuid, creator uuid, chat uuid, amount integer, note text, ledger_key text, key_operation text, caller_key text, request_hash text
)
RETURNS TABLE (
  outcome text, balance integer, id bigint, created_at timestamptz, recipient_unread integer,
  recipient_unread_all integer, recipient_unread_favorites integer, prior_hash text, prior_reference text
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  paid record;
  stored record;
BEGIN
  IF caller_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, operation, key, request_hash)
    VALUES (fan, key_operation, caller_key, send_tip.request_hash)
    ON CONFLICT (user_id, operation, key) DO NOTHING;
    IF NOT FOUND THEN
      RETURN QUERY
      SELECT 'twin'::text, NULL::integer, NULL::bigint, NULL::timestamptz, NULL::integer, NULL::integer,
        NULL::integer, k.request_hash, k.reference
      FROM idempotency_keys k
      WHERE k.user_id = fan AND k.operation = key_operation AND k.key = caller_key;
      RETURN;
    END IF;
  END IF;

  SELECT * INTO paid FROM ledger_pay(fan, creator, amount, 'tip', ledger_key, chat::text, NULL);
  IF paid.outcome = 'replayed' THEN
    RAISE EXCEPTION 'tip ledger key already posted' USING ERRCODE = 'PX410';
  END IF;
  IF paid.outcome = 'insufficient' THEN
    RAISE EXCEPTION 'balance too low' USING ERRCODE = 'PX402', DETAIL = paid.balance::text;
  END IF;

  SELECT * INTO stored FROM append_messages(ARRAY[chat], ARRAY[fan], ARRAY[creator], ARRAY['tip'],
    ARRAY[note], ARRAY[amount], ARRAY[false], ARRAY[NULL::bigint], ARRAY[NULL::text], ARRAY[false],
    ARRAY[NULL::bigint], ARRAY[NULL::text], ARRAY[NULL::integer], ARRAY[NULL::integer],
    ARRAY[NULL::timestamptz], ARRAY[amount]) a;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'tip message not stored';
  END IF;

  IF caller_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET reference = stored.id::text
    WHERE k.user_id = fan AND k.operation = key_operation AND k.key = caller_key;
  END IF;

  RETURN QUERY
  SELECT 'paid'::text, paid.balance, stored.id, stored.created_at, stored.recipient_unread,
    stored.recipient_unread_all, stored.recipient_unread_favorites, NULL::text, NULL::text;
END $$;

-- A payment's shares added to the earnings shards (`ledger_pay` called with no shard wrote their
-- ledger rows): the payee's share and the platform's fee on shard `shard_no`, in user order
-- as `ledger_pay` takes them. Every payment to a creator meets on the creator's 16 shard rows and
-- every payment on the platform on the platform's, so a transaction credits them last, just
-- before its commit, and holds them for no longer than that.
CREATE FUNCTION earnings_credit(payee uuid, paid integer, shard_no integer)
RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO earnings_shards AS s (user_id, shard, amount)
  SELECT t.user_id, shard_no, t.share
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (SELECT (paid * p.fee_percent) / 100 AS fee, p.user_id FROM platform_account p) f ON true
  CROSS JOIN LATERAL (VALUES (payee, paid - COALESCE(f.fee, 0)), (f.user_id, COALESCE(f.fee, 0)))
    AS t(user_id, share)
  WHERE t.share > 0 AND t.user_id IS NOT NULL
  ORDER BY t.user_id
  ON CONFLICT (user_id, shard) DO UPDATE SET amount = s.amount + excluded.amount;
$$;
