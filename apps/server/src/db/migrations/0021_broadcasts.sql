-- Broadcasts (docs/broadcasts.md): one message a creator sends to many chats.
--
-- The audience is fixed when the broadcast is sent: its recipients are written set-wise into
-- `broadcast_recipients`, numbered 1..total (fans online at that moment first, so they have it within
-- the first batches), and the fan-out (a durable job) appends the copies in batches by number range
-- through `append_messages`. Each copy carries the
-- send id `broadcast:{id}:{chat}`, so the unique (sender_id, client_send_id) key of every message
-- makes a batch that runs twice (a crash, a lease taken over) store nothing the second time.
CREATE TABLE broadcasts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The client's id for the send: the same id sent again answers this broadcast.
  client_send_id text,
  status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'done', 'canceled')),
  type text NOT NULL CHECK (type IN ('text', 'image', 'video')),
  text text,
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  self_destruct boolean NOT NULL DEFAULT false,
  media_id bigint REFERENCES media (id),
  -- Free self-destructing copies disappear at this time; paid ones count down from their purchase.
  destruct_at timestamptz,
  exclude_buyers boolean NOT NULL DEFAULT false,
  total integer NOT NULL DEFAULT 0,
  -- Copies stored, as of the fan-out's last step (recounted exactly when it finishes).
  sent integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX broadcasts_by_creator_idx ON broadcasts (creator_id, id DESC);
CREATE UNIQUE INDEX broadcasts_send_key ON broadcasts (creator_id, client_send_id) WHERE client_send_id IS NOT NULL;
-- One broadcast sending per creator at a time (409 for the next): a key, not a check in code.
CREATE UNIQUE INDEX broadcasts_one_sending ON broadcasts (creator_id) WHERE status = 'sending';

CREATE TABLE broadcast_recipients (
  broadcast_id bigint NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
  n integer NOT NULL,
  recipient_id uuid NOT NULL,
  chat_id uuid NOT NULL,
  PRIMARY KEY (broadcast_id, n)
);

-- Which broadcast a message is a copy of, read from its send id (only the broadcast's creator's
-- messages count: queries pair it with sender_id). Stored, so stats and unsend use an index.
ALTER TABLE messages ADD COLUMN broadcast_id bigint GENERATED ALWAYS AS (
  CASE WHEN client_send_id ~ '^broadcast:[0-9]{1,18}:'
    THEN split_part(client_send_id, ':', 2)::bigint END
) STORED;
CREATE INDEX messages_by_broadcast_idx ON messages (broadcast_id) WHERE broadcast_id IS NOT NULL;

-- Appends one batch of a broadcast's copies: recipients numbered [from_n, to_n), less chats blocked
-- either way since the send (and, for media, fans who blocked media from the creator). Answers one
-- row per copy stored now; copies stored by an earlier run of the same batch answer nothing. Batches
-- of one broadcast run side by side (they touch distinct chats, and the creator's counter rows in one
-- order); each holds the broadcast row FOR SHARE, so an unsend (FOR UPDATE) waits for the batches in
-- flight, and batches after it see the broadcast canceled and store nothing.
CREATE FUNCTION append_broadcast(b_id bigint, from_n integer, to_n integer)
RETURNS TABLE (
  recipient_id uuid, chat_id uuid, message_id bigint, created_at timestamptz, recipient_unread integer,
  recipient_unread_all integer, recipient_unread_favorites integer
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  b broadcasts;
  chats uuid[];
  fans uuid[];
  k integer;
BEGIN
  SELECT * INTO b FROM broadcasts WHERE id = b_id FOR SHARE;
  IF NOT FOUND OR b.status <> 'sending' THEN RETURN; END IF;
  SELECT array_agg(r.chat_id ORDER BY r.n), array_agg(r.recipient_id ORDER BY r.n) INTO chats, fans
  FROM broadcast_recipients r
  JOIN chat_members mine ON mine.user_id = b.creator_id AND mine.other_user_id = r.recipient_id
  JOIN chat_members theirs ON theirs.user_id = r.recipient_id AND theirs.other_user_id = b.creator_id
  WHERE r.broadcast_id = b_id AND r.n >= from_n AND r.n < to_n
    AND NOT mine.blocked AND NOT theirs.blocked
    AND (b.type = 'text' OR NOT theirs.media_blocked);
  k := coalesce(cardinality(chats), 0);
  IF k = 0 THEN RETURN; END IF;
  RETURN QUERY
  SELECT fans[a.ord], chats[a.ord], a.id, a.created_at, a.recipient_unread, a.recipient_unread_all,
    a.recipient_unread_favorites
  FROM append_messages(
    chats, array_fill(b.creator_id, ARRAY[k]), fans, array_fill(b.type, ARRAY[k]), array_fill(b.text, ARRAY[k]),
    array_fill(b.price, ARRAY[k]), array_fill(b.self_destruct, ARRAY[k]), array_fill(NULL::bigint, ARRAY[k]),
    ARRAY(SELECT 'broadcast:' || b_id || ':' || c FROM unnest(chats) WITH ORDINALITY AS u(c, o) ORDER BY o),
    array_fill(false, ARRAY[k]), array_fill(b.media_id, ARRAY[k]), array_fill(NULL::text, ARRAY[k]),
    array_fill(NULL::integer, ARRAY[k]), array_fill(NULL::integer, ARRAY[k]),
    array_fill(b.destruct_at, ARRAY[k]), array_fill(0, ARRAY[k])
  ) a;
END $$;
