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
-- `ledger_pay` moves the money: answers the payer's balance and one of 'paid', 'replayed' (this
-- key was posted before: nothing changed) or 'insufficient' (nothing changed; the caller refuses
-- with 402). The payer's row is the only user row locked; the payee's earnings go to one of their
-- 16 shards, `earnings_shard`.
CREATE FUNCTION ledger_pay(
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
  -- NULL: the caller adds to the payee's earnings itself (several payments at once, see below).
  IF earnings_shard IS NOT NULL THEN
    INSERT INTO earnings_shards AS s (user_id, shard, amount) VALUES (payee, earnings_shard, amount)
    ON CONFLICT (user_id, shard) DO UPDATE SET amount = s.amount + excluded.amount;
  END IF;
  -- The payer's key was new, so this derived key is too.
  INSERT INTO ledger_entries (user_id, account, delta, balance_after, reason, counterparty_id, reference, idempotency_key)
  VALUES (payee, 'earnings', amount, NULL, reason, payer, ref, payer::text || ':' || ledger_pay.idempotency_key);

  RETURN QUERY SELECT after, 'paid'::text;
END $$;

-- What paying in chats adds to the creators' spent counters (docs/inbox.md: fans and VIPs are
-- sorted by what they spent in the chat), for many payments in one UPDATE: the inbox counters'
-- trigger then runs once and takes its rows in order. Member rows are locked in (chat, user) order
-- first, the order `append_messages` takes them in, so payments and messages crossing cannot deadlock.
CREATE FUNCTION add_spent(payers uuid[], payees uuid[], amounts integer[])
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM chat_members m
  WHERE (m.user_id, m.other_user_id) IN (
    SELECT p.payee, p.payer FROM unnest(payers, payees) AS p(payer, payee)
    UNION SELECT p.payer, p.payee FROM unnest(payers, payees) AS p(payer, payee)
  )
  ORDER BY m.chat_id, m.user_id FOR UPDATE;
  UPDATE chat_members m SET spent_credits = m.spent_credits + t.amount
  FROM (
    SELECT p.payer, p.payee, sum(p.amount)::int AS amount
    FROM unnest(payers, payees, amounts) AS p(payer, payee, amount) GROUP BY p.payer, p.payee
  ) t
  WHERE m.user_id = t.payee AND m.other_user_id = t.payer;
END $$;

-- One payment with its spent counter: tips, subscriptions, paid media (`ledger.transfer`).
CREATE FUNCTION ledger_transfer(
  payer uuid, payee uuid, amount integer, reason text, idempotency_key text, ref text, earnings_shard integer
)
RETURNS TABLE (balance integer, outcome text)
LANGUAGE plpgsql
AS $$
DECLARE
  paid record;
BEGIN
  SELECT * INTO paid FROM ledger_pay(payer, payee, amount, reason, idempotency_key, ref, earnings_shard);
  IF paid.outcome = 'paid' THEN
    PERFORM add_spent(ARRAY[payer], ARRAY[payee], ARRAY[amount]);
  END IF;
  RETURN QUERY SELECT paid.balance, paid.outcome;
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

-- `append_messages` (0010) also adds what each message paid to the recipient's spent counter
-- (`spends`, 0 for a free message): a paid message then moves its chat's member rows in one UPDATE
-- instead of two. Every member-row update rewrites about a dozen inbox indexes (the partial ones
-- name `spent_credits` and `last_message_at`, so none is a HOT update) and runs the inbox counters'
-- trigger; the second one was a third of a paid message's database work.
DROP FUNCTION append_messages(uuid[], uuid[], uuid[], text[], text[], integer[], boolean[], bigint[], text[],
  boolean[], bigint[], text[], integer[], integer[], timestamptz[]);
CREATE FUNCTION append_messages(
  chat_ids uuid[], sender_ids uuid[], recipient_ids uuid[], types text[], texts text[], prices integer[],
  self_destructs boolean[], parent_ids bigint[], send_ids text[], systems boolean[], media_ids bigint[],
  gif_urls text[], gif_widths integer[], gif_heights integer[], destruct_ats timestamptz[],
  spends integer[]
)
RETURNS TABLE (
  ord integer, id bigint, created_at timestamptz, recipient_unread integer,
  recipient_unread_all integer, recipient_unread_favorites integer
)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  appended appended_message[];
BEGIN
  WITH input AS (
    SELECT i.*, nextval('messages_id_seq') AS new_id
    FROM unnest(chat_ids, sender_ids, recipient_ids, types, texts, prices, self_destructs, parent_ids, send_ids,
      systems, media_ids, gif_urls, gif_widths, gif_heights, destruct_ats, spends)
      WITH ORDINALITY AS i(chat_id, sender_id, recipient_id, type, text, price, self_destruct, parent_message_id,
        client_send_id, system, media_id, gif_url, gif_width, gif_height, destruct_at, spend, n)
  ), locked AS (
    SELECT cm.chat_id, cm.user_id FROM chat_members cm
    WHERE (cm.chat_id, cm.user_id) IN (
      SELECT i.chat_id, i.sender_id FROM input i UNION SELECT i.chat_id, i.recipient_id FROM input i
    )
    ORDER BY cm.chat_id, cm.user_id FOR UPDATE
  ), ins AS (
    INSERT INTO messages (id, chat_id, sender_id, recipient_id, type, text, price, self_destruct,
      parent_message_id, client_send_id, system, media_id, gif_url, gif_width, gif_height, destruct_at)
    OVERRIDING SYSTEM VALUE
    SELECT i.new_id, i.chat_id, i.sender_id, i.recipient_id, i.type, i.text, i.price, i.self_destruct,
      i.parent_message_id, i.client_send_id, i.system, i.media_id, i.gif_url, i.gif_width, i.gif_height,
      i.destruct_at
    FROM input i ORDER BY i.n
    ON CONFLICT (sender_id, client_send_id) WHERE client_send_id IS NOT NULL DO NOTHING
    RETURNING messages.id, messages.chat_id, messages.sender_id, messages.recipient_id, messages.created_at
  ), moved AS (
    SELECT ins.chat_id, member.user_id,
      (array_agg(ins.id ORDER BY ins.id DESC))[1] AS last_id,
      max(ins.created_at) AS last_at,
      (array_agg(ins.sender_id ORDER BY ins.id DESC))[1] AS last_sender,
      count(*) FILTER (WHERE member.user_id = ins.recipient_id)::int AS unread,
      COALESCE(sum(i.spend) FILTER (WHERE member.user_id = ins.recipient_id), 0)::int AS spent
    FROM ins JOIN input i ON i.new_id = ins.id
    CROSS JOIN LATERAL (VALUES (ins.sender_id), (ins.recipient_id)) AS member(user_id)
    GROUP BY ins.chat_id, member.user_id
  ), upd AS (
    UPDATE chat_members mb SET
      last_message_id = moved.last_id,
      last_message_at = moved.last_at,
      last_sender_id = moved.last_sender,
      hidden = false,
      unread_messages = mb.unread_messages + moved.unread,
      spent_credits = mb.spent_credits + moved.spent
    FROM moved
    WHERE mb.chat_id = moved.chat_id AND mb.user_id = moved.user_id
      AND (mb.chat_id, mb.user_id) IN (SELECT l.chat_id, l.user_id FROM locked l)
    RETURNING mb.chat_id, mb.user_id, mb.unread_messages
  )
  SELECT array_agg(ROW(s.n, s.id, s.created_at, s.recipient_id, s.recipient_unread)::appended_message)
  INTO appended
  FROM (
    SELECT i.n::int AS n, ins.id, ins.created_at, ins.recipient_id,
      (COALESCE(upd.unread_messages, 0)
        - (row_number() OVER (PARTITION BY ins.chat_id, ins.recipient_id ORDER BY ins.id DESC) - 1))::int
        AS recipient_unread
    FROM ins
    JOIN input i ON i.new_id = ins.id
    LEFT JOIN upd ON upd.chat_id = ins.chat_id AND upd.user_id = ins.recipient_id
  ) s;

  RETURN QUERY
  SELECT a.n, a.id, a.created_at, a.recipient_unread, t.unread_all, t.unread_favorites
  FROM unnest(appended) a
  CROSS JOIN LATERAL (
    SELECT COALESCE(sum(c.unread_messages), 0)::int AS unread_all,
      COALESCE(sum(c.unread_messages_favorites), 0)::int AS unread_favorites
    FROM inbox_counters c WHERE c.user_id = a.recipient_id
  ) t;
END $$;

-- Messages that pay their chat's rate, stored with their payments in one statement (modules/
-- messages/service.ts `sendMessage`, repository `appendPaidMessages`). One statement is atomic
-- without a transaction, and its locks (each fan's row, the chats' member rows, shards of the
-- creator's earnings and inbox counters) are held for the statement's own time only, not across
-- round trips to the server. Paid sends that arrive together share one statement and one commit, as
-- free ones do (0010).
--
-- Each payment goes through the ledger's `ledger_pay`, in chat order (the order
-- `append_messages` and free messages lock member rows in); then the paid ones are appended, with
-- what they paid on the creators' spent counters, in one `append_messages`. Answers one row per
-- input (`n`, its ordinal): the payer's balance after it, the
-- payment's outcome and, when paid, the stored message. A replayed payment or too little credit
-- stores nothing for that input. A send id already stored raises PX409 and the whole statement,
-- charges included, rolls back (the caller retries each send alone).
CREATE FUNCTION append_paid_messages(
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
    INSERT INTO earnings_shards AS s (user_id, shard, amount)
    SELECT recipient_ids[k], earnings_shards[1], sum(amounts[k])::int
    FROM unnest(keep) k GROUP BY recipient_ids[k] ORDER BY recipient_ids[k]
    ON CONFLICT (user_id, shard) DO UPDATE SET amount = s.amount + excluded.amount;
  END IF;

  RETURN QUERY
  SELECT g.i::integer, balances[g.i], outcomes[g.i], NULL::bigint, NULL::timestamptz, NULL::integer,
    NULL::integer, NULL::integer
  FROM generate_series(1, cardinality(chat_ids)) AS g(i)
  WHERE outcomes[g.i] <> 'paid';
END $$;

-- Every paid message updates its fan's `credits`. With full pages the new row version lands on
-- another page and all seven of the table's indexes get a new entry; with room left on each page
-- the update stays on its page and touches no index (a HOT update). Applies to pages written from
-- now on.
ALTER TABLE users SET (fillfactor = 85);
