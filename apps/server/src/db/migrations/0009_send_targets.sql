-- What sending needs to know about chats (modules/chats/repository.ts `findSendTarget`), as a
-- function so that its plan is made once per connection.
--
-- As a prepared statement PostgreSQL planned this four-table lookup again on every call: with the
-- array sizes known, a custom plan always looked a little cheaper than the generic one. Planning
-- took 1.2-2.3 ms (chat_members has many partial indexes to weigh), running it 0.05 ms: half of the
-- database's time at 1,000 messages/s. The SET clause holds for this function's own statements
-- only; the key lookups below have one best plan whatever the ids.
CREATE FUNCTION send_targets(user_ids uuid[], other_ids uuid[])
RETURNS TABLE (
  user_id uuid, other_user_id uuid, chat_id uuid, blocked boolean, blocked_by_other boolean,
  other_media_blocked boolean, credit_rate integer, other_type text
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT m.user_id, m.other_user_id, m.chat_id, m.blocked, om.blocked, om.media_blocked, c.credit_rate, o.type
  FROM unnest(user_ids, other_ids) AS k(uid, oid)
  JOIN chat_members m ON m.user_id = k.uid AND m.other_user_id = k.oid
  JOIN chat_members om ON om.chat_id = m.chat_id AND om.user_id = m.other_user_id
  JOIN chats c ON c.id = m.chat_id
  JOIN users o ON o.id = m.other_user_id;
END $$;
