-- Texts sent anyway after the payment warning (POST /v1/messages/warned): one row each, for
-- moderation. The console counts them per account (`payment_warnings_by_user_idx`).
CREATE TABLE payment_warnings (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  other_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_warnings_by_user_idx ON payment_warnings (user_id, created_at);
