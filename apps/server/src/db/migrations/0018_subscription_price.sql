-- A creator's own subscription price in credits per period. The default is the price every
-- subscription had before (SUBSCRIPTION_PRICE); the bounds are the contract's SUBSCRIPTION_PRICE_MIN
-- and SUBSCRIPTION_PRICE_MAX. A subscription keeps the price it was bought at (subscriptions.price):
-- renewals charge that, so a later change applies only to new subscriptions.
ALTER TABLE users ADD COLUMN subscription_price integer NOT NULL DEFAULT 50
  CONSTRAINT users_subscription_price_range CHECK (subscription_price BETWEEN 10 AND 5000);
