-- Discover's `q` (docs/discover.md, "Indexes"): a trigram index over what a search matches, so a
-- rare term (one creator's name among 10,000) is an index lookup rather than a scan of every
-- listed creator. pg_trgm ships with PostgreSQL (contrib; trusted, so a database owner may create
-- it) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- What `q` matches, as one lowercased text: username, bio and tags.
CREATE FUNCTION discover_text(username text, bio text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(username || ' ' || coalesce(bio, '') || ' ' || array_to_string(tags, ' ')) $$;

-- Stored, so a search rechecks a plain column rather than rebuilding the text for each candidate
-- row (a common term matches thousands), and ANALYZE keeps statistics on it. It changes only with
-- username, bio or tags, so presence and money updates of users stay HOT.
ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (discover_text(username, bio, tags)) STORED;

CREATE INDEX users_discover_search_idx ON users USING gin (search_text gin_trgm_ops)
  WHERE type = 'featured' AND (discover_status = 'featured' OR force_discover)
    AND NOT profile_invisible AND banned_at IS NULL AND frozen_at IS NULL
    AND NOT deleted_scheduled AND deleted_at IS NULL;
