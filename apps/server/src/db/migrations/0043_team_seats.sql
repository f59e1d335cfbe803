-- Team seats: a creator's team works her inbox from logins of their own, within the permissions she
-- gave, and every message keeps who wrote it.

-- An invite's link works once and for 7 days; only the SHA-256 of its token is kept.
CREATE TABLE team_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  permissions text[] NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz
);
-- One pending invite per address and creator.
CREATE UNIQUE INDEX team_invites_pending ON team_invites (creator_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

CREATE TABLE team_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  permissions text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (creator_id, member_id)
);
CREATE INDEX team_members_member ON team_members (member_id);

-- A seat token is a session of the creator's account held by a member: `user_id` is the creator,
-- `seat_member_id` the member. It lives only while the membership does (the token lookup joins it).
ALTER TABLE access_tokens ADD COLUMN seat_member_id uuid REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX access_tokens_seats ON access_tokens (user_id, seat_member_id)
  WHERE seat_member_id IS NOT NULL AND revoked_at IS NULL;

-- Who wrote a message when it was not its sender: a member of the sender's team, or automation.
-- A message without a row here was written by its sender; a broadcast's copies take their author
-- from the broadcast. Kept apart from `messages` so the send path of the sender's own messages
-- stays one statement as before.
CREATE TABLE message_authors (
  message_id bigint PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('team', 'automation')),
  member_id uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX message_authors_member ON message_authors (member_id) WHERE member_id IS NOT NULL;

ALTER TABLE broadcasts ADD COLUMN author_member_id uuid REFERENCES users (id) ON DELETE SET NULL;

-- What members did in the creator's workspace, newest first.
CREATE TABLE team_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL,
  target text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_activity_creator ON team_activity (creator_id, id DESC);
