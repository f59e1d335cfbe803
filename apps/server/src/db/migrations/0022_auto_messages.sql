-- Automatic messages (docs/auto-messages.md): a creator's ordered messages per
-- category, the once-per-fan record of each trigger, and the log of what was sent.

CREATE TABLE auto_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN
    ('new_follower', 'new_subscriber', 'first_message', 'tip_received', 'content_purchased')),
  position integer NOT NULL CHECK (position >= 0),
  type text NOT NULL CHECK (type IN ('text', 'media')),
  text text,
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  media_id bigint REFERENCES media (id) ON DELETE CASCADE,
  delay_seconds integer NOT NULL DEFAULT 0 CHECK (delay_seconds >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type = 'text' OR media_id IS NOT NULL),
  CHECK (price = 0 OR type = 'media')
);
-- A category's list in order (GET, PUT, each step of a job).
CREATE INDEX auto_messages_creator_idx ON auto_messages (creator_id, category, position);

-- A trigger fires at most once per creator, fan and category, ever: this key decides, not a check
-- in code, and it outlives the job (finished jobs are purged after a week).
CREATE TABLE auto_message_triggers (
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  fan_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL,
  fired_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (creator_id, fan_id, category)
);

-- What was sent automatically; one row per message.
CREATE TABLE auto_message_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  fan_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL,
  -- The auto message may be deleted later; the log keeps the send.
  auto_message_id uuid REFERENCES auto_messages (id) ON DELETE SET NULL,
  message_id bigint NOT NULL UNIQUE REFERENCES messages (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now()
);
-- The creator's log, newest first.
CREATE INDEX auto_message_log_creator_idx ON auto_message_log (creator_id, sent_at DESC, id DESC);
