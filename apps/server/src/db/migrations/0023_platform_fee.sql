-- The platform's fee (docs/payments.md, "The platform's fee"): every credit a fan spends
-- on a creator splits in the same statement into the creator's earnings and the platform's, both
-- ledger rows, so nothing is created or lost and `npm run ledger:check` covers the platform too.
--
-- The platform's earnings belong to an account of their own: a user row no one can sign in to (its
-- password hash matches no password, its username has characters sign-up refuses), named by the
-- one row of `platform_account` with the fee in percent (PLATFORM_FEE_PERCENT, written there by each
-- server at start).
CREATE TABLE platform_account (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  user_id uuid NOT NULL REFERENCES users (id),
  fee_percent integer NOT NULL DEFAULT 20 CHECK (fee_percent BETWEEN 0 AND 100)
);
WITH platform AS (
  INSERT INTO users (username, email, password_hash, type, referral_code, bio)
  VALUES ('~platform', 'platform@parlor.invalid', '!', 'user', '~PLATFORM', 'The platform''s fees')
  RETURNING id
)
INSERT INTO platform_account (user_id) SELECT id FROM platform;

-- The platform's share of one payment, rounded down (the creator keeps the odd credit).
CREATE FUNCTION platform_fee(amount integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (amount * p.fee_percent) / 100 FROM platform_account p
$$;

-- As in 0014, with the fee: the payee's earnings get the amount less the fee, the platform's earnings
-- the fee, both on shard `earnings_shard` (or added by the caller when NULL). Every payment on the
-- platform meets on its 16 shard rows, as a hot creator's fans meet on theirs.
CREATE OR REPLACE FUNCTION ledger_pay(
  payer uuid, payee uuid, amount integer, reason text, idempotency_key text, ref text, earnings_shard integer
)
RETURNS TABLE (balance integer, outcome text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  after integer;
  fee integer;
  platform uuid;
BEGIN
  PERFORM 1 FROM ledger_entries e
  WHERE e.user_id = payer AND e.account = 'credits' AND e.idempotency_key = ledger_pay.idempotency_key;
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
  VALUES (payer, 'credits', -amount, after, reason, payee, ref, ledger_pay.idempotency_key);

  SELECT (amount * p.fee_percent) / 100, p.user_id INTO fee, platform FROM platform_account p;
  fee := COALESCE(fee, 0);
  -- NULL: the caller adds both shares to the earnings shards itself (several payments at once).
  -- Both shares go to the same shard number, the rows taken in user order: statements crossing on
  -- one shard number lock them in one order and cannot deadlock.
  IF earnings_shard IS NOT NULL THEN
    INSERT INTO earnings_shards AS s (user_id, shard, amount)
    SELECT t.user_id, earnings_shard, t.amount
    FROM (VALUES (payee, amount - fee), (platform, fee)) AS t(user_id, amount)
    WHERE t.amount > 0 AND t.user_id IS NOT NULL
    ORDER BY t.user_id
    ON CONFLICT (user_id, shard) DO UPDATE SET amount = s.amount + excluded.amount;
  END IF;
  -- The payer's key was new, so these derived keys are too.
  IF amount - fee > 0 THEN
    INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, counterparty_id, reference, idempotency_key)
    VALUES (payee, 'earnings', amount - fee, NULL, reason, payer, ref, payer::text || ':' || ledger_pay.idempotency_key);
  END IF;
  IF fee > 0 THEN
    INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, counterparty_id, reference, idempotency_key)
    VALUES (platform, 'earnings', fee, NULL, reason, payer, payee::text,
      'fee:' || payer::text || ':' || ledger_pay.idempotency_key);
  END IF;

  RETURN QUERY SELECT after, 'paid'::text;
END $$;

-- As in 0014; only the earnings at the end change: each creator's payments less the fee, and the fees.
CREATE OR REPLACE FUNCTION append_paid_messages(
  amounts integer[], idempotency_keys text[], earnings_shards integer[],
  chat_ids uuid[], sender_ids uuid[], recipient_ids uuid[], types text[], texts text[], prices integer[],
  self_destructs boolean[], parent_ids bigint[], send_ids text[], systems boolean[], media_ids bigint[],
  gif_urls text[], gif_widths integer[], gif_heights integer[], destruct_ats timestamptz[]
)
RETURNS TABLE (
  n integer, balance integer, outcome text, id bigint, created_at timestamptz, recipient_unread integer,
  recipient_unread_all integer, recipient_unread_favorites integer
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  i integer;
  paid record;
  balances integer[] := '{}';
  outcomes text[] := '{}';
  keep integer[] := '{}';
  appended integer;
BEGIN
  FOR i IN SELECT c.o FROM unnest(chat_ids) WITH ORDINALITY AS c(chat, o) ORDER BY c.chat, c.o LOOP
    SELECT * INTO paid FROM ledger_pay(sender_ids[i], recipient_ids[i], amounts[i], 'message_rate',
      idempotency_keys[i], chat_ids[i]::text, NULL);
    balances[i] := paid.balance;
    outcomes[i] := paid.outcome;
    IF paid.outcome = 'paid' THEN
      keep := keep || i;
    END IF;
  END LOOP;

  IF cardinality(keep) = cardinality(chat_ids) THEN
    -- All paid, the usual case: the arrays go on as they came.
    RETURN QUERY
    SELECT a.ord, balances[a.ord], 'paid'::text, a.id, a.created_at, a.recipient_unread,
      a.recipient_unread_all, a.recipient_unread_favorites
    FROM append_messages(chat_ids, sender_ids, recipient_ids, types, texts, prices, self_destructs, parent_ids,
      send_ids, systems, media_ids, gif_urls, gif_widths, gif_heights, destruct_ats, amounts) a;
  ELSIF cardinality(keep) > 0 THEN
    RETURN QUERY
    SELECT keep[a.ord], balances[keep[a.ord]], 'paid'::text, a.id, a.created_at, a.recipient_unread,
      a.recipient_unread_all, a.recipient_unread_favorites
    FROM append_messages(
      ARRAY(SELECT chat_ids[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT sender_ids[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT recipient_ids[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT types[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT texts[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT prices[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT self_destructs[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT parent_ids[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT send_ids[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT systems[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT media_ids[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT gif_urls[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT gif_widths[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT gif_heights[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT destruct_ats[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o),
      ARRAY(SELECT amounts[k] FROM unnest(keep) WITH ORDINALITY u(k, o) ORDER BY u.o)
    ) a;
  END IF;
  IF cardinality(keep) > 0 THEN
    GET DIAGNOSTICS appended = ROW_COUNT;
    IF appended < cardinality(keep) THEN
      RAISE EXCEPTION 'send id already used' USING ERRCODE = 'PX409';
    END IF;
    -- The creators' earnings last, each on one shard, in creator order: the rows every paying fan
    -- of a creator shares are held for the shortest time and taken in one order.
    -- Each creator's share (the payments less the fee) and the platform's fees, on one shard, in
    -- user order (as ledger_pay takes them).
    INSERT INTO earnings_shards AS s (user_id, shard, amount)
    SELECT t.user_id, earnings_shards[1], sum(t.amount)::int
    FROM (
      SELECT recipient_ids[k] AS user_id, amounts[k] - platform_fee(amounts[k]) AS amount FROM unnest(keep) k
      UNION ALL
      SELECT p.user_id, platform_fee(amounts[k]) FROM unnest(keep) k CROSS JOIN platform_account p
    ) t
    GROUP BY t.user_id HAVING sum(t.amount) > 0
    ORDER BY t.user_id
    ON CONFLICT (user_id, shard) DO UPDATE SET amount = s.amount + excluded.amount;
  END IF;

  RETURN QUERY
  SELECT g.i::integer, balances[g.i], outcomes[g.i], NULL::bigint, NULL::timestamptz, NULL::integer,
    NULL::integer, NULL::integer
  FROM generate_series(1, cardinality(chat_ids)) AS g(i)
  WHERE outcomes[g.i] <> 'paid';
END $$;
