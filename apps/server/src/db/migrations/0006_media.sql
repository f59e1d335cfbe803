-- Media: uploaded photos and videos form their owner's vault; messages point at them.
-- Files live in storage (DATA_DIR/media or an S3 bucket) under `{public_id}/{variant}`.

CREATE TABLE media (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Random and unguessable: the key in storage and in signed URLs.
  public_id text NOT NULL UNIQUE,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The md5 of the uploaded bytes: the spec's media_id, used to skip re-uploads.
  md5 text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('image', 'video')),
  -- MIME type of the stored video file (images are stored as JPEG variants).
  mime text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  width integer,
  height integer,
  video_length double precision,
  -- Variants present in storage (th, st, sr, rt, blur, video); a video without ffmpeg has only video.
  variants text[] NOT NULL,
  -- Removed from the vault: the owner no longer lists it; messages that carry it keep it.
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- "Do I already have this file?" and the vault, newest first.
CREATE UNIQUE INDEX media_owner_md5_key ON media (owner_id, md5) WHERE deleted_at IS NULL;
CREATE INDEX media_vault_idx ON media (owner_id, id DESC) WHERE deleted_at IS NULL;

ALTER TABLE messages
  ADD COLUMN media_id bigint REFERENCES media (id),
  ADD COLUMN gif_url text,
  ADD COLUMN gif_width integer,
  ADD COLUMN gif_height integer,
  -- Self-destructing content: when it disappears (set at send for free content, at purchase for paid).
  ADD COLUMN destruct_at timestamptz,
  -- Set by the self-destruct job: the content is gone for both sides.
  ADD COLUMN destructed_at timestamptz;
CREATE INDEX messages_by_media_idx ON messages (media_id) WHERE media_id IS NOT NULL;
CREATE INDEX messages_due_destruct_idx ON messages (destruct_at) WHERE destruct_at IS NOT NULL AND destructed_at IS NULL;

-- One purchase per paid message: a message has one recipient, so the message id is the key.
CREATE TABLE message_purchases (
  message_id bigint PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  buyer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  price integer NOT NULL CHECK (price > 0),
  -- The fan hid it from their purchases list (PATCH /v1/messages/hide-paid).
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_purchases_by_buyer_idx ON message_purchases (buyer_id, hidden, message_id DESC);
