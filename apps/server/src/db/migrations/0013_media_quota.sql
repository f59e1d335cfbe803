-- Storage quota per account (docs/media.md, "Storage quota"): what each account's uploads keep in
-- storage, counted as they are stored (every variant), and kept in a per-account total that changes
-- only in the same transaction as the media rows it sums.

-- The bytes this media keeps in storage: the sum of its variants' sizes while its files exist, 0
-- once they are removed (taken out of the vault before any message carried it).
ALTER TABLE media ADD COLUMN stored_bytes bigint NOT NULL DEFAULT 0 CHECK (stored_bytes >= 0);
-- Media stored before this migration did not record its variants' sizes: the upload's size stands
-- in, for media whose files are still kept (in the vault, or carried by a message).
UPDATE media SET stored_bytes = size_bytes
WHERE deleted_at IS NULL OR EXISTS (SELECT 1 FROM messages WHERE messages.media_id = media.id);

-- Always the sum of stored_bytes of the owner's media (a test checks it). An upload adds to it
-- with a conditional UPDATE, so concurrent uploads of one account queue on this row and none can
-- pass the quota.
CREATE TABLE media_usage (
  owner_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  used_bytes bigint NOT NULL DEFAULT 0 CHECK (used_bytes >= 0)
);
INSERT INTO media_usage (owner_id, used_bytes)
SELECT owner_id, SUM(stored_bytes)::bigint FROM media GROUP BY owner_id;
