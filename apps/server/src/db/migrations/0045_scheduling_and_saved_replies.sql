-- Scheduled broadcasts and posts, and saved replies (docs/scheduling.md).

-- A broadcast may wait for its time: `scheduled` until the `broadcast.start` job starts it at
-- `send_at`, which then holds the time it really started. Until then its audience is kept as the
-- send gave it (`audience`), and it is fixed into `broadcast_recipients` when it starts.
ALTER TABLE broadcasts DROP CONSTRAINT broadcasts_status_check;
ALTER TABLE broadcasts ADD CONSTRAINT broadcasts_status_check
  CHECK (status IN ('scheduled', 'sending', 'done', 'canceled'));
ALTER TABLE broadcasts ADD COLUMN send_at timestamptz;
ALTER TABLE broadcasts ADD COLUMN audience jsonb;
-- A creator's broadcasts still to start, soonest first.
CREATE INDEX broadcasts_scheduled_idx ON broadcasts (creator_id, send_at, id) WHERE status = 'scheduled';

-- A post appears in feeds at `appears_at`, which orders every feed: its creation for a post
-- published at once, its time for a scheduled one (only its owner sees it while `scheduled`), then
-- the moment it appeared.
ALTER TABLE feed_posts ADD COLUMN appears_at timestamptz;
UPDATE feed_posts SET appears_at = created_at;
ALTER TABLE feed_posts ALTER COLUMN appears_at SET NOT NULL;
ALTER TABLE feed_posts ADD COLUMN scheduled boolean NOT NULL DEFAULT false;
DROP INDEX feed_posts_by_owner_idx;
CREATE INDEX feed_posts_by_owner_idx ON feed_posts (owner_id, appears_at DESC, id DESC) WHERE deleted_at IS NULL;
-- A creator's posts still to appear, soonest first.
CREATE INDEX feed_posts_scheduled_idx ON feed_posts (owner_id, appears_at, id) WHERE scheduled AND deleted_at IS NULL;

-- A creator's reusable replies, inserted in the composer; sending one is an ordinary message.
CREATE TABLE saved_replies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  text text,
  -- The creator's own vault item: the key names the media and its owner together.
  media_id bigint,
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (media_id, creator_id) REFERENCES media (id, owner_id),
  CHECK (price = 0 OR media_id IS NOT NULL),
  CHECK (text IS NOT NULL OR media_id IS NOT NULL)
);
-- The composer's list: by title.
CREATE INDEX saved_replies_by_creator_idx ON saved_replies (creator_id, lower(title), id);
