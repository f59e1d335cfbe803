-- A fan's "ask me before spending more than N credits" (docs/decisions.md, "Asking before a
-- spend"): null is off, the default. The ask itself is the client's; the server keeps the amount
-- with the user's other settings so every device asks alike.
ALTER TABLE users ADD COLUMN spend_confirm_above integer
  CHECK (spend_confirm_above IS NULL OR spend_confirm_above BETWEEN 1 AND 100000);

-- The fan's Purchases screen lists their post unlocks newest first, a page at a time.
CREATE INDEX feed_purchases_by_buyer_idx ON feed_purchases (buyer_id, created_at DESC, post_id DESC);
