import { z } from 'zod';
import { lazySchema } from './lazy';

// Enumerations of the product.
export const UserType = lazySchema(() => z.enum(['user', 'featured']));
export type UserType = z.infer<typeof UserType>;
export const FeaturedStatus = lazySchema(() => z.enum(['featured', 'hidden', 'denied']));
export type FeaturedStatus = z.infer<typeof FeaturedStatus>;
/** The union of the spec's three verification enumerations; `retake` asks for new ID photos. */
export const VerificationStatus = lazySchema(() =>
  z.enum(['pending', 'in_progress', 'rejected', 'verified', 'retake']),
);
export type VerificationStatus = z.infer<typeof VerificationStatus>;
export const Gender = lazySchema(() => z.enum(['male', 'female', 'other']));
export type Gender = z.infer<typeof Gender>;
export const FeatureFlag = lazySchema(() =>
  z.enum([
    'broadcast',
    'exclusive_content_banner',
    'no_discover',
    'force_free_chats',
    'bank_transfer',
    'paypal_transfer',
    'paxum_transfer',
    'crypto_transfer',
    'tips',
    'usd_content',
    'credit_package_sales_commissions',
    'crypto_payment',
    'vault',
    'discover_cards',
  ]),
);
export type FeatureFlag = z.infer<typeof FeatureFlag>;
export const CardBrand = lazySchema(() => z.enum(['VISA', 'MASTER']));
export type CardBrand = z.infer<typeof CardBrand>;
export const SubscriptionStatus = lazySchema(() => z.enum(['active', 'canceled']));
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
export const Relationship = lazySchema(() => z.enum(['user', 'follower', 'subscriber', 'fan']));
export type Relationship = z.infer<typeof Relationship>;
export const FetchStatus = lazySchema(() => z.enum(['None', 'Fetching', 'Fetched', 'Error']));
export type FetchStatus = z.infer<typeof FetchStatus>;
/** Inbox filter values; `fans` goes to the server as `fans2`. */
export const InboxFilter = lazySchema(() =>
  z.enum(['all', 'online', 'favorites', 'fans', 'subscribers', 'unreplied', 'vip', 'sent', 'recent']),
);
export type InboxFilter = z.infer<typeof InboxFilter>;
export const Role = lazySchema(() => z.enum(['user', 'admin']));
export type Role = z.infer<typeof Role>;
