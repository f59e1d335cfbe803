import { z } from 'zod';

// Enumerations of the product.
export const UserType = z.enum(['user', 'featured']);
export type UserType = z.infer<typeof UserType>;
export const FeaturedStatus = z.enum(['featured', 'hidden', 'denied']);
export type FeaturedStatus = z.infer<typeof FeaturedStatus>;
/** The union of the spec's three verification enumerations; `retake` asks for new ID photos. */
export const VerificationStatus = z.enum(['pending', 'in_progress', 'rejected', 'verified', 'retake']);
export type VerificationStatus = z.infer<typeof VerificationStatus>;
export const Gender = z.enum(['male', 'female', 'other']);
export type Gender = z.infer<typeof Gender>;
export const FeatureFlag = z.enum([
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
]);
export type FeatureFlag = z.infer<typeof FeatureFlag>;
export const CardBrand = z.enum(['VISA', 'MASTER']);
export type CardBrand = z.infer<typeof CardBrand>;
export const SubscriptionStatus = z.enum(['active', 'canceled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
export const Relationship = z.enum(['user', 'follower', 'subscriber', 'fan']);
export type Relationship = z.infer<typeof Relationship>;
export const FetchStatus = z.enum(['None', 'Fetching', 'Fetched', 'Error']);
export type FetchStatus = z.infer<typeof FetchStatus>;
/** Inbox filter values; `fans` goes to the server as `fans2`. */
export const InboxFilter = z.enum([
  'all',
  'online',
  'favorites',
  'fans',
  'subscribers',
  'unreplied',
  'vip',
  'sent',
  'recent',
]);
export type InboxFilter = z.infer<typeof InboxFilter>;
export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;
