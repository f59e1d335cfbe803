-- Accounts, tokens, one-time codes, and the chat tables the demo data and the inbox grow on.

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  type text NOT NULL CHECK (type IN ('user', 'featured')),
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  gender text CHECK (gender IN ('male', 'female', 'other')),
  bio text NOT NULL DEFAULT '',
  avatar_url text,
  last_online timestamptz,
  id_verified boolean NOT NULL DEFAULT false,
  is_customer boolean NOT NULL DEFAULT false,
  onboarding_v2 boolean NOT NULL DEFAULT true,
  new_fm_onboarding boolean NOT NULL DEFAULT false,
  email_verified boolean NOT NULL DEFAULT false,
  code_used text,
  affiliate_id uuid REFERENCES users (id) ON DELETE SET NULL,
  referral_code text NOT NULL,
  is_affiliate_profile_visited boolean NOT NULL DEFAULT false,
  is_bought_credit_package boolean NOT NULL DEFAULT false,
  requires_moderation boolean NOT NULL DEFAULT false,
  id_verification_status text CHECK (id_verification_status IN ('pending', 'in_progress', 'rejected', 'verified')),
  discover_status text NOT NULL DEFAULT 'hidden' CHECK (discover_status IN ('featured', 'hidden', 'denied')),
  force_discover boolean NOT NULL DEFAULT false,
  deleted_scheduled boolean NOT NULL DEFAULT false,
  delete_at timestamptz,
  warning_reported boolean NOT NULL DEFAULT false,
  show_skinscore_banner boolean NOT NULL DEFAULT false,
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  has_favorites boolean NOT NULL DEFAULT false,
  is_broadcasting boolean NOT NULL DEFAULT false,
  unread_feeds integer NOT NULL DEFAULT 0,
  tags text[] NOT NULL DEFAULT '{}',
  profile_invisible boolean NOT NULL DEFAULT false,
  intro_enabled boolean NOT NULL DEFAULT true,
  notify_marketing boolean NOT NULL DEFAULT true,
  notify_notifications boolean NOT NULL DEFAULT true,
  notify_payments boolean NOT NULL DEFAULT true,
  notify_payouts boolean NOT NULL DEFAULT true,
  features jsonb NOT NULL DEFAULT '{}',
  banned_at timestamptz,
  ban_reason text,
  frozen_at timestamptz,
  frozen_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Sign-in and availability look names up case-insensitively.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE UNIQUE INDEX users_referral_code_key ON users (referral_code);

CREATE TABLE access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX access_tokens_live_by_user_idx ON access_tokens (user_id) WHERE revoked_at IS NULL;

CREATE TABLE email_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'action')),
  email text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_codes_latest_idx ON email_codes (user_id, purpose, created_at DESC);

-- One row per pair of users; the lower id first so a pair has one chat.
CREATE TABLE chats (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_low uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_high uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_low < user_high),
  UNIQUE (user_low, user_high)
);

-- Each participant's view of a chat: the inbox reads only this table (and users for the other side).
CREATE TABLE chat_members (
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  other_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unread_messages integer NOT NULL DEFAULT 0 CHECK (unread_messages >= 0),
  is_favorite boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  cleared_before_id bigint,
  last_message_id bigint,
  last_message_at timestamptz,
  last_sender_id uuid,
  last_read_message_id bigint,
  spent_credits integer NOT NULL DEFAULT 0,
  blocked boolean NOT NULL DEFAULT false,
  media_blocked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, other_user_id),
  UNIQUE (chat_id, user_id)
);
CREATE INDEX chat_members_inbox_idx ON chat_members (user_id, last_message_at DESC NULLS LAST, other_user_id)
  WHERE NOT hidden;

CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'gif', 'image', 'video', 'tip')),
  text text,
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  self_destruct boolean NOT NULL DEFAULT false,
  parent_message_id bigint REFERENCES messages (id) ON DELETE SET NULL,
  client_send_id text,
  system boolean NOT NULL DEFAULT false,
  is_read boolean NOT NULL DEFAULT false,
  read_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_by_chat_idx ON messages (chat_id, id DESC);
-- A retried send carries the same client send id and must store one message.
CREATE UNIQUE INDEX messages_client_send_key ON messages (sender_id, client_send_id) WHERE client_send_id IS NOT NULL;

CREATE TABLE message_hidden_for (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, message_id)
);
