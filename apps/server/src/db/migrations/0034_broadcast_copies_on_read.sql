-- A broadcast's copy is committed with its recipient row (docs/broadcasts.md "When a copy is
-- committed"): from the send's commit, a fan who reads their inbox or a conversation gets every copy
-- of a broadcast still sending stored first, by the same batch function and under the same send id
-- as the fan-out, which goes on storing the others in the background. The unique send id keeps it
-- one copy, whichever stores it first.

-- A fan's recipient rows of the broadcasts sending now: one probe per broadcast sending.
CREATE INDEX broadcast_recipients_by_recipient_idx ON broadcast_recipients (recipient_id, broadcast_id);

-- A batch's plan is made for its own broadcast and range. After five runs PL/pgSQL may keep a generic
-- plan, and one made for "some broadcast" walks all of the creator's member rows (100,000) to probe
-- the index above instead of reading the batch's 500 recipients by number: three times slower a
-- batch, ten under load (bench/README.md "Broadcasts", 2026-11-28). Planning each run costs about a
-- millisecond a batch.
ALTER FUNCTION append_broadcast(bigint, integer, integer) SET plan_cache_mode = force_custom_plan;

-- Stores the copies `fan` is due from broadcasts still sending and does not have yet; answers them as
-- `append_broadcast` does (nothing when there are none, which is the usual case: one index scan of
-- the broadcasts sending). Each copy is a batch of one recipient, so it re-checks the status and the
-- blocks as the fan-out would, and takes its rows in the same order as the fan-out's batches.
CREATE FUNCTION deliver_pending_broadcasts(fan uuid)
RETURNS TABLE (
  broadcast_id bigint, recipient_id uuid, chat_id uuid, message_id bigint, created_at timestamptz,
  recipient_unread integer, recipient_unread_all integer, recipient_unread_favorites integer
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  due record;
BEGIN
  FOR due IN
    SELECT p.broadcast_id AS id, p.n
    FROM broadcasts b
    JOIN broadcast_recipients p ON p.recipient_id = fan AND p.broadcast_id = b.id
    WHERE b.status = 'sending'
      AND NOT EXISTS (
        SELECT 1 FROM messages m
        WHERE m.sender_id = b.creator_id AND m.client_send_id = 'broadcast:' || b.id || ':' || p.chat_id
      )
    ORDER BY p.broadcast_id
  LOOP
    RETURN QUERY SELECT due.id, a.* FROM append_broadcast(due.id, due.n, due.n + 1) a;
  END LOOP;
END $$;
