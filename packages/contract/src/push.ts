import { z } from 'zod';
import { lazySchema } from './lazy';

/** base64url without padding, as PushSubscription.toJSON() gives keys. */
const Base64Url = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/));

/** A browser's PushSubscription.toJSON(): where its push service takes pushes, and its keys. */
export const PushSubscriptionJson = lazySchema(() =>
  z.object({
    endpoint: z.string().url().max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      /** The browser's P-256 public key (65 bytes uncompressed). */
      p256dh: Base64Url.min(80).max(100),
      /** The 16-byte authentication secret. */
      auth: Base64Url.min(16).max(32),
    }),
  }),
);
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

export const PushSubscribeRequest = lazySchema(() => z.object({ subscription: PushSubscriptionJson }));
export const PushUnsubscribeRequest = lazySchema(() => z.object({ endpoint: z.string().max(2048) }));

/** The signed link in notification emails: turns one email category off without signing in. */
export const NotificationsUnsubscribeQuery = lazySchema(() => z.object({ token: z.string().max(500) }));

/** What a push carries (encrypted) to the service worker. */
export const PushPayload = lazySchema(() =>
  z.object({
    title: z.string(),
    body: z.string(),
    /** The app path the notification opens (a chat, earnings, payouts). */
    url: z.string(),
    /** Notifications with one tag replace each other: one per chat. */
    tag: z.string(),
    /** The unread total, for the app badge; null when the push is not about messages. */
    badge: z.number().int().nullable(),
  }),
);
export type PushPayload = z.infer<typeof PushPayload>;

export const PUSH_MESSAGES = {
  insecureEndpoint: 'A push subscription endpoint must be an https URL.',
  privateEndpoint: 'A push subscription endpoint must be a public address, not a local or private one.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
