-- The feed (docs/feed.md): creators' posts, their purchases, and when each user last
-- opened their home feed (what `unread_feeds` counts from).

-- A post's media must be its owner's: the foreign key below names the media and its owner together.
ALTER TABLE media ADD CONSTRAINT media_id_owner_key UNIQUE (id, owner_id);

CREATE TABLE feed_posts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('avatar', 'featured', 'image', 'video', 'imageOrVideo')),
  text text,
  media_id bigint,
  -- Only subscribers (and the owner) see a private post unlocked.
  private_feed boolean NOT NULL DEFAULT false,
  -- Above 0, a post is locked until bought (and a price needs media).
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  pinned boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  FOREIGN KEY (media_id, owner_id) REFERENCES media (id, owner_id),
  CHECK (price = 0 OR media_id IS NOT NULL)
);
-- One creator's posts (their page, pinned first) and the home feed's merge of the creators a user
-- subscribes to: newest first per owner.
CREATE INDEX feed_posts_by_owner_idx ON feed_posts (owner_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- One purchase per post and buyer: the key is what makes a second purchase impossible.
CREATE TABLE feed_purchases (
  post_id bigint NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  buyer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  price integer NOT NULL CHECK (price > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, buyer_id)
);

-- When the user last opened the first page of their home feed; `unread_feeds` counts posts since.
ALTER TABLE users ADD COLUMN feed_opened_at timestamptz NOT NULL DEFAULT now();

-- Buying a post is a ledger movement of its own.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_reason_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_reason_check CHECK (reason IN (
  'package', 'message_rate', 'paid_message', 'paid_post', 'tip', 'subscription', 'refund',
  'crypto_topup', 'admin_adjustment', 'payout'
));

-- Who gets `new_feed` when a creator posts: their subscribers, found by creator.
CREATE INDEX subscriptions_by_creator_idx ON subscriptions (creator_id, current_period_end);
