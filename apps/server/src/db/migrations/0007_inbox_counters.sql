-- Per-user inbox counters (docs/inbox.md): the tab counts and unread totals read one row instead of
-- counting a creator's whole inbox on every list, message and /v1/chats/total. A statement-level
-- trigger with transition tables keeps them exact for every write to chat_members, single or bulk,
-- in the writing transaction. Online and recent depend on the clock and presence; they stay live.
--
-- Each user's counts are spread over 16 rows by the other user's id (a chat always lands on the
-- same one) and read as their sum: a creator's counters change with every fan's message, and one
-- row would be locked from each message's write until its commit, serialising all of them.
--
-- No foreign key to users: a hard-deleted user's member rows cascade away and the trigger would
-- re-create the counter row mid-delete. Orphan rows are harmless and never read.
CREATE TABLE inbox_counters (
  user_id uuid NOT NULL,
  shard smallint NOT NULL,
  chats integer NOT NULL DEFAULT 0,
  fans integer NOT NULL DEFAULT 0,
  subscribers integer NOT NULL DEFAULT 0,
  favorites integer NOT NULL DEFAULT 0,
  unreplied integer NOT NULL DEFAULT 0,
  vip integer NOT NULL DEFAULT 0,
  sent integer NOT NULL DEFAULT 0,
  unread_messages integer NOT NULL DEFAULT 0,
  unread_messages_favorites integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, shard)
);

-- What one member row adds to its user's counters; the category definitions of
-- modules/chats/categories.ts (500 = VIP_MIN_SPENT_CREDITS; a unit test keeps them equal).
CREATE FUNCTION inbox_contribution(m chat_members, sign integer) RETURNS inbox_counters
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(
    m.user_id,
    get_byte(uuid_send(m.other_user_id), 15) % 16,
    sign,
    sign * (m.spent_credits > 0)::int,
    sign * m.is_subscriber::int,
    sign * m.is_favorite::int,
    sign * (m.last_sender_id IS NOT DISTINCT FROM m.other_user_id)::int,
    sign * (m.spent_credits >= 500)::int,
    sign * (m.last_sender_id IS NOT DISTINCT FROM m.user_id)::int,
    sign * m.unread_messages,
    sign * CASE WHEN m.is_favorite THEN m.unread_messages ELSE 0 END
  )::inbox_counters
  WHERE NOT m.hidden
$$;

-- Adds summed deltas in (user, shard) order, so concurrent statements lock counter rows in one
-- order, and skips rows whose counts did not move, so most writes never touch a counter row.
CREATE FUNCTION inbox_counters_add(deltas inbox_counters[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO inbox_counters AS c
  SELECT d.user_id, d.shard, sum(d.chats), sum(d.fans), sum(d.subscribers), sum(d.favorites), sum(d.unreplied),
         sum(d.vip), sum(d.sent), sum(d.unread_messages), sum(d.unread_messages_favorites)
  FROM unnest(deltas) d
  WHERE d.user_id IS NOT NULL
  GROUP BY d.user_id, d.shard
  HAVING ROW(sum(d.chats), sum(d.fans), sum(d.subscribers), sum(d.favorites), sum(d.unreplied), sum(d.vip),
             sum(d.sent), sum(d.unread_messages), sum(d.unread_messages_favorites))
         <> ROW(0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY d.user_id, d.shard
  ON CONFLICT (user_id, shard) DO UPDATE SET
    chats = c.chats + excluded.chats,
    fans = c.fans + excluded.fans,
    subscribers = c.subscribers + excluded.subscribers,
    favorites = c.favorites + excluded.favorites,
    unreplied = c.unreplied + excluded.unreplied,
    vip = c.vip + excluded.vip,
    sent = c.sent + excluded.sent,
    unread_messages = c.unread_messages + excluded.unread_messages,
    unread_messages_favorites = c.unread_messages_favorites + excluded.unread_messages_favorites
$$;

CREATE FUNCTION inbox_counters_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inbox_counters_add(ARRAY(SELECT inbox_contribution(n, 1) FROM new_rows n));
  RETURN NULL;
END $$;

CREATE FUNCTION inbox_counters_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inbox_counters_add(ARRAY(
    SELECT inbox_contribution(n, 1) FROM new_rows n
    UNION ALL
    SELECT inbox_contribution(o, -1) FROM old_rows o
  ));
  RETURN NULL;
END $$;

CREATE FUNCTION inbox_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inbox_counters_add(ARRAY(SELECT inbox_contribution(o, -1) FROM old_rows o));
  RETURN NULL;
END $$;

CREATE TRIGGER chat_members_counters_insert AFTER INSERT ON chat_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_counters_on_insert();
CREATE TRIGGER chat_members_counters_update AFTER UPDATE ON chat_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbox_counters_on_update();
CREATE TRIGGER chat_members_counters_delete AFTER DELETE ON chat_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_counters_on_delete();

-- Recomputes every counter from chat_members: the backfill here, and bulk loads that bypass
-- triggers (bench/seed-inbox.ts loads with session_replication_role = replica).
CREATE FUNCTION inbox_counters_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM inbox_counters;
  SELECT inbox_counters_add(ARRAY(SELECT inbox_contribution(m, 1) FROM chat_members m));
$$;

SELECT inbox_counters_rebuild();

-- Inbox search is a username prefix: `lower(username) LIKE 'x%'` needs pattern ops to use an index.
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);
