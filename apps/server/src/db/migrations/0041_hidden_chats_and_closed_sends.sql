-- When each chat was hidden (docs/inbox.md, "Hidden chats"): one hide action stamps every chat it
-- hides with the same time, so Undo restores exactly that batch (also a select-all one). The
-- Hidden view lists the stamped chats in inbox order. A delete also hides the chat but is not a
-- hide: its stamp stays empty and it is not in the Hidden view.
ALTER TABLE chat_members ADD COLUMN hidden_at timestamptz;
-- Chats hidden before this column: a hide when their history was not cleared up to the last
-- message (what a delete does).
UPDATE chat_members SET hidden_at = now()
  WHERE hidden AND cleared_before_id IS DISTINCT FROM last_message_id;
CREATE INDEX chat_members_hidden_idx ON chat_members (user_id, last_message_at DESC NULLS LAST, other_user_id)
  WHERE hidden AND hidden_at IS NOT NULL;

-- A send also learns whether the other account is gone (banned or erased): a send into such a
-- chat is refused as closed (docs/decisions.md, "Chat was closed").
DROP FUNCTION send_targets(uuid[], uuid[]);
CREATE FUNCTION send_targets(user_ids uuid[], other_ids uuid[])
RETURNS TABLE (
  user_id uuid, other_user_id uuid, chat_id uuid, blocked boolean, blocked_by_other boolean,
  other_media_blocked boolean, credit_rate integer, other_type text, other_requires_moderation boolean,
  other_id_verification_status text, other_discover_status text, other_gone boolean
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT m.user_id, m.other_user_id, m.chat_id, m.blocked, om.blocked, om.media_blocked, c.credit_rate, o.type,
    o.requires_moderation, o.id_verification_status, o.discover_status,
    (o.banned_at IS NOT NULL OR o.deleted_at IS NOT NULL)
  FROM unnest(user_ids, other_ids) AS k(uid, oid)
  JOIN chat_members m ON m.user_id = k.uid AND m.other_user_id = k.oid
  JOIN chat_members om ON om.chat_id = m.chat_id AND om.user_id = m.other_user_id
  JOIN chats c ON c.id = m.chat_id
  JOIN users o ON o.id = m.other_user_id;
END $$;
