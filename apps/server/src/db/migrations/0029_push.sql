-- Push and email notifications (docs/push.md).

-- A browser's PushSubscription: where the push service takes pushes for one device of a user.
CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The push service's URL for this device: a device subscribed again replaces its row.
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- Notifications waiting for their job: one row per user, channel and group (a chat, "payments",
-- "payouts"), so a burst of 30 messages in a chat updates one row and becomes one notification.
CREATE TABLE notifications_pending (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('push', 'email')),
  group_key text NOT NULL,
  category text NOT NULL CHECK (category IN ('notifications', 'payments', 'payouts')),
  title text NOT NULL,
  body text NOT NULL,
  url text NOT NULL,
  count integer NOT NULL DEFAULT 1,
  -- Each new pending row gets a new job (jobs keys are unique forever).
  job_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, channel, group_key)
);

-- When a user last got the daily digest of unread messages.
CREATE TABLE notification_digests (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
