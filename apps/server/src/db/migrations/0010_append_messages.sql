-- Stores messages and moves their chats' member rows in one statement (modules/messages/repository.ts
-- `appendMessages`), as a function so that its plan is made once per connection (see 0009: as a
-- prepared statement it was planned again on every call, 0.4 ms of a 1 ms write).
--
-- Member rows are locked first in (chat, user) order, so statements crossing in one chat or over
-- several chats cannot deadlock. Several messages in one chat move its member rows once: the newest
-- is the last message, and each message to a member adds one unread. Ids are drawn first so each
-- input row finds its message; a send id already stored by its sender stores nothing and answers
-- no row (a retried send). Each row answers the recipient's unread count in the chat right after that
-- message, and their unread totals over all chats once every message is in (read after the write's
-- counter trigger has run, in the same transaction), for the `unread_messages` event.
CREATE TYPE appended_message AS (n integer, id bigint, created_at timestamptz, recipient_id uuid, recipient_unread integer);

CREATE FUNCTION append_messages(
  chat_ids uuid[], sender_ids uuid[], recipient_ids uuid[], types text[], texts text[], prices integer[],
  self_destructs boolean[], parent_ids bigint[], send_ids text[], systems boolean[], media_ids bigint[],
  gif_urls text[], gif_widths integer[], gif_heights integer[], destruct_ats timestamptz[]
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
      systems, media_ids, gif_urls, gif_widths, gif_heights, destruct_ats)
      WITH ORDINALITY AS i(chat_id, sender_id, recipient_id, type, text, price, self_destruct, parent_message_id,
        client_send_id, system, media_id, gif_url, gif_width, gif_height, destruct_at, n)
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
      count(*) FILTER (WHERE member.user_id = ins.recipient_id)::int AS unread
    FROM ins CROSS JOIN LATERAL (VALUES (ins.sender_id), (ins.recipient_id)) AS member(user_id)
    GROUP BY ins.chat_id, member.user_id
  ), upd AS (
    UPDATE chat_members mb SET
      last_message_id = moved.last_id,
      last_message_at = moved.last_at,
      last_sender_id = moved.last_sender,
      hidden = false,
      unread_messages = mb.unread_messages + moved.unread
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
