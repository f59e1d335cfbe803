-- Fan lists (docs/lists.md): a creator's own lists of fans (custom) and lists defined by a rule
-- (smart), shown as inbox tabs and used as broadcast audiences.

CREATE TABLE fan_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('custom', 'smart')),
  -- A smart list's rule (the contract's ListRule); a custom list has none.
  rule jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'smart') = (rule IS NOT NULL))
);
-- Names are unique per creator whatever their case ("VIP" and "vip" are one name); it also serves
-- every lookup of a creator's lists.
CREATE UNIQUE INDEX fan_lists_name_key ON fan_lists (creator_id, lower(name));

-- A custom list's fans. Only fans with a chat with the creator are added.
CREATE TABLE fan_list_members (
  list_id uuid NOT NULL REFERENCES fan_lists (id) ON DELETE CASCADE,
  fan_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (list_id, fan_id)
);
-- The lists one fan is on (a conversation's header), and the cascade when an account goes.
CREATE INDEX fan_list_members_by_fan_idx ON fan_list_members (fan_id, list_id);

-- "Spent at least N credits with me in the last D days": the fans' own debits to the creator, by
-- creator and time, so a window is one range scan summed per fan (a window has no running total). The reasons are what a fan pays
-- a creator (modules/lists/rules.ts names the same list, which the planner needs to use it).
CREATE INDEX ledger_entries_spent_with_idx ON ledger_entries (counterparty_id, created_at) INCLUDE (user_id, delta)
  WHERE account = 'credits' AND reason IN ('message_rate', 'paid_message', 'paid_post', 'tip', 'subscription');

-- "Spent at least N credits with me, ever": each fan's total with each creator, added to by the
-- same statement that writes the fan's debit (a trigger on the ledger), so a list reads one row per
-- spender instead of summing the creator's whole history. It is the ledger's own sum, spending from
-- before a chat existed included, which the chat's spent_credits is not.
CREATE TABLE fan_spending (
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  fan_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credits bigint NOT NULL,
  PRIMARY KEY (creator_id, fan_id)
);

CREATE FUNCTION fan_spending_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fan_spending AS s (creator_id, fan_id, credits) VALUES (NEW.counterparty_id, NEW.user_id, -NEW.delta)
  ON CONFLICT (creator_id, fan_id) DO UPDATE SET credits = s.credits + excluded.credits;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_entries_fan_spending AFTER INSERT ON ledger_entries FOR EACH ROW
  WHEN (NEW.account = 'credits' AND NEW.delta < 0 AND NEW.counterparty_id IS NOT NULL
    AND NEW.reason IN ('message_rate', 'paid_message', 'paid_post', 'tip', 'subscription'))
  EXECUTE FUNCTION fan_spending_add();

INSERT INTO fan_spending (creator_id, fan_id, credits)
SELECT counterparty_id, user_id, sum(-delta) FROM ledger_entries
WHERE account = 'credits' AND delta < 0 AND counterparty_id IS NOT NULL
  AND reason IN ('message_rate', 'paid_message', 'paid_post', 'tip', 'subscription')
GROUP BY counterparty_id, user_id;

-- "Bought that item" and "never bought": a creator's buyers, by seller.
CREATE INDEX message_purchases_by_seller_idx ON message_purchases (seller_id, buyer_id) INCLUDE (message_id);
CREATE INDEX feed_purchases_by_seller_idx ON feed_purchases (seller_id, buyer_id) INCLUDE (post_id);

-- When the other member last wrote in this chat ("who has not written in a month" asks about the
-- fan's own messages, which last_message_at, either side's, cannot tell). Kept by append_messages,
-- which every message goes through, in the update it already makes.
ALTER TABLE chat_members ADD COLUMN last_received_at timestamptz;
UPDATE chat_members mb SET last_received_at = r.at
FROM (SELECT chat_id, sender_id, max(created_at) AS at FROM messages GROUP BY chat_id, sender_id) r
WHERE mb.chat_id = r.chat_id AND mb.other_user_id = r.sender_id;

-- As in 0014, with `last_received_at` moved for the member who received messages in the batch.
CREATE OR REPLACE FUNCTION append_messages(
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
      -- The other side's newest message in the batch, even when the member's own reply followed it.
      max(ins.created_at) FILTER (WHERE member.user_id = ins.recipient_id) AS received_at,
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
      last_received_at = COALESCE(moved.received_at, mb.last_received_at),
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

-- A broadcast to a list, less the fans on other lists: kept so its figures can name them (as they
-- are named now; a deleted list is no longer named).
ALTER TABLE broadcasts
  ADD COLUMN list_id uuid REFERENCES fan_lists (id) ON DELETE SET NULL,
  ADD COLUMN exclude_list_ids uuid[] NOT NULL DEFAULT '{}';
CREATE INDEX broadcasts_by_list_idx ON broadcasts (list_id) WHERE list_id IS NOT NULL;
