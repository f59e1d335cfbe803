-- Inbox categories, rates, notes, reports and presence.

ALTER TABLE chats ADD COLUMN credit_rate integer NOT NULL DEFAULT 0 CHECK (credit_rate >= 0);

-- Denormalised per member so every inbox filter reads one table (docs/inbox.md).
ALTER TABLE chat_members ADD COLUMN other_is_system boolean NOT NULL DEFAULT false;
ALTER TABLE chat_members ADD COLUMN is_subscriber boolean NOT NULL DEFAULT false;

-- Presence: `online` flips on the first socket and off after the last; `last_online` is refreshed by
-- a heartbeat, so a crashed process's users read as offline once it goes stale.
ALTER TABLE users ADD COLUMN online boolean NOT NULL DEFAULT false;

-- Unread totals sum only chats that have unread messages.
CREATE INDEX chat_members_unread_idx ON chat_members (user_id) INCLUDE (unread_messages, is_favorite)
  WHERE unread_messages > 0 AND NOT hidden;
-- The system account's unread chats are pinned to the top of the inbox.
CREATE INDEX chat_members_pinned_idx ON chat_members (user_id, last_message_at DESC)
  WHERE other_is_system AND unread_messages > 0 AND NOT hidden;
-- Filters that select a small part of a big inbox get partial indexes in inbox order.
CREATE INDEX chat_members_favorites_idx ON chat_members (user_id, last_message_at DESC NULLS LAST, other_user_id)
  WHERE is_favorite AND NOT hidden;
CREATE INDEX chat_members_fans_idx ON chat_members (user_id, last_message_at DESC NULLS LAST, other_user_id)
  WHERE spent_credits > 0 AND NOT hidden;
CREATE INDEX chat_members_unreplied_idx ON chat_members (user_id, last_message_at DESC NULLS LAST, other_user_id)
  WHERE last_sender_id = other_user_id AND NOT hidden;
CREATE INDEX chat_members_sent_idx ON chat_members (user_id, last_message_at DESC NULLS LAST, other_user_id)
  WHERE last_sender_id = user_id AND NOT hidden;
CREATE INDEX users_online_idx ON users (id) WHERE online;

CREATE TABLE chat_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_notes_by_chat_idx ON chat_notes (chat_id, author_id, created_at);

CREATE TABLE user_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reported_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE INDEX user_reports_open_idx ON user_reports (created_at) WHERE resolved_at IS NULL;
