-- Discover and follow (docs/discover.md): who follows whom, the creator rank Discover orders by,
-- the punishment flags cards carry, the country `type=near` compares, and the indexes one page reads.

CREATE TABLE follows (
  follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
-- A creator's followers (counts, the rank job, new_feed fan-out).
CREATE INDEX follows_followee_idx ON follows (followee_id, follower_id);

-- Who became a creator's fan, and how, the first time (new_fan is sent once per pair).
CREATE TABLE fans (
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  fan_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  relationship text NOT NULL CHECK (relationship IN ('follower', 'subscriber', 'fan')),
  first_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (creator_id, fan_id)
);

-- Kept by the discover-rank job (refresh_creator_rank below); higher first.
ALTER TABLE users ADD COLUMN rank integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN followers integer NOT NULL DEFAULT 0 CHECK (followers >= 0);
ALTER TABLE users ADD COLUMN punishment_alert boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN final_punishment_alert boolean NOT NULL DEFAULT false;
-- ISO 3166 alpha-2, set by the user or from the proxy's geo header; `type=near` compares it.
ALTER TABLE users ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');

-- Every creator Discover may list (featured=true), by rank: a page reads this range in order and
-- sorts each rank's rows by last_online (an incremental sort); the remaining conditions (blocks,
-- gender, q, country) filter rows of the range. last_online is left out of the key on purpose:
-- presence writes it every heartbeat, and an indexed column would end the HOT updates the users
-- table is tuned for (0014).
CREATE INDEX users_discover_idx ON users (rank DESC, id)
  WHERE type = 'featured' AND (discover_status = 'featured' OR force_discover)
    AND NOT profile_invisible AND banned_at IS NULL AND frozen_at IS NULL
    AND NOT deleted_scheduled AND deleted_at IS NULL;
-- The follower count moves with the follows rows, in the same statement's transaction.
CREATE FUNCTION follows_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET followers = followers + 1 WHERE id = NEW.followee_id;
    RETURN NEW;
  END IF;
  UPDATE users SET followers = followers - 1 WHERE id = OLD.followee_id;
  RETURN OLD;
END $$;
CREATE TRIGGER follows_count_trg AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION follows_count();

-- The rank of every creator, recomputed in one statement (docs/discover.md, "Rank"):
--   followers (1 each) + earnings (the balance and its shards: 1 per 100 credits, at most 500)
--   + 20 if online in the last day, 10 if in the last week
--   - 100 with a punishment alert, - 1000 with a final punishment alert.
-- Only rows whose rank changes are written.
CREATE FUNCTION refresh_creator_rank(at timestamptz) RETURNS integer LANGUAGE sql AS $$
  WITH computed AS (
    SELECT id,
      followers
      + LEAST((earnings + COALESCE((SELECT sum(s.amount) FROM earnings_shards s WHERE s.user_id = users.id), 0)::integer) / 100, 500)
      + CASE WHEN last_online > at - interval '1 day' THEN 20
             WHEN last_online > at - interval '7 days' THEN 10 ELSE 0 END
      - CASE WHEN punishment_alert THEN 100 ELSE 0 END
      - CASE WHEN final_punishment_alert THEN 1000 ELSE 0 END AS score
    FROM users WHERE type = 'featured'
  ), changed AS (
    UPDATE users u SET rank = c.score FROM computed c
    WHERE u.id = c.id AND u.rank IS DISTINCT FROM c.score
    RETURNING 1
  )
  SELECT count(*)::integer FROM changed;
$$;
SELECT refresh_creator_rank(now());
