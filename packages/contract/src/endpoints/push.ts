import { endpoint } from '../endpoint';
import { NotificationsUnsubscribeQuery, PushSubscribeRequest, PushUnsubscribeRequest } from '../push';

/** Web push subscriptions and the email notifications' unsubscribe link (docs/push.md). */
export const pushEndpoints = {
  /** Stores this browser's PushSubscription for the caller (the same endpoint again replaces it). */
  pushSubscribe: endpoint({
    method: 'POST',
    path: '/v1/push/subscriptions',
    access: 'user',
    body: PushSubscribeRequest,
    status: 204,
  }),
  /** Drops the caller's subscription with this endpoint (sign-out, permission withdrawn). */
  pushUnsubscribe: endpoint({
    method: 'DELETE',
    path: '/v1/push/subscriptions',
    access: 'user',
    body: PushUnsubscribeRequest,
    status: 204,
  }),
  /**
   * The link in notification emails: the signed token names the user and the category, so it works
   * without signing in. Answers a small HTML page.
   */
  notificationsUnsubscribe: endpoint({
    method: 'GET',
    path: '/v1/notifications/unsubscribe',
    access: 'public',
    transport: 'file',
    query: NotificationsUnsubscribeQuery,
  }),
} as const;
