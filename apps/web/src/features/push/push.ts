import { endpoints, PushSubscriptionJson, SUCCESS } from '@parlor/contract';
import { call } from '../../platform/api';
import { readStorage, writeStorage } from '../../platform/browser';
import { postToServiceWorker, type ServiceWorkerMessage } from '../../platform/serviceWorker';

/** Set once the permission prompt was shown: the browser remembers the answer, we ask once. */
export const PERMISSION_ASKED_KEY = 'parlor.notificationsAsked';

export type PermissionState = NotificationPermission | 'unsupported';

/** What the push flow touches in the browser, so tests can stand in for it. */
export interface PushIo {
  permission(): PermissionState;
  requestPermission(): Promise<NotificationPermission>;
  post(message: ServiceWorkerMessage): Promise<unknown>;
  /** The endpoint of this browser's current push subscription, if any. */
  currentEndpoint(): Promise<string | null>;
  readStorage(key: string): string | null;
  writeStorage(key: string, value: string): void;
}

const hasNotifications = () => typeof Notification !== 'undefined' && typeof navigator !== 'undefined';

export const browserPushIo: PushIo = {
  permission: () => (hasNotifications() ? Notification.permission : 'unsupported'),
  requestPermission: () => Notification.requestPermission(),
  post: postToServiceWorker,
  async currentEndpoint() {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    return subscription?.endpoint ?? null;
  },
  readStorage,
  writeStorage,
};

/**
 * With permission granted, has the worker subscribe (or answer the subscription it holds) and
 * stores it on the server. Answers whether a subscription was stored.
 */
export async function syncPushSubscription(io: PushIo = browserPushIo): Promise<boolean> {
  if (io.permission() !== 'granted') return false;
  const reply = (await io.post({ type: 'ensureSubscription' })) as { subscription?: unknown } | null;
  const subscription = PushSubscriptionJson.safeParse(reply?.subscription);
  if (!subscription.success) return false;
  await call(endpoints.pushSubscribe, { body: { subscription: subscription.data } });
  return true;
}

/**
 * Asks for notification permission once, after the person's first message sent: by then they
 * know why the app would notify them (on page load the prompt is noise and often denied for good).
 * Granted: the spec's 'Notifications enabled' notification, then the subscription.
 */
export async function askPermissionAfterSend(io: PushIo = browserPushIo): Promise<PermissionState> {
  const before = io.permission();
  if (before !== 'default' || io.readStorage(PERMISSION_ASKED_KEY)) return before;
  io.writeStorage(PERMISSION_ASKED_KEY, '1');
  const answer = await io.requestPermission();
  if (answer !== 'granted') return answer;
  await io.post({
    type: 'internalNotification',
    data: { subject: SUCCESS.notificationsTitle, body: SUCCESS.notificationsBody },
  });
  await syncPushSubscription(io);
  return answer;
}

/** Before signing out: the server forgets this browser's subscription (the worker then unsubscribes). */
export async function dropPushSubscription(io: PushIo = browserPushIo): Promise<void> {
  try {
    const endpoint = await io.currentEndpoint();
    if (endpoint)
      await call(endpoints.pushUnsubscribe, { body: { endpoint } }, { handleUnauthorized: false });
  } catch {
    // Signing out never waits on this: a subscription left behind answers 410 once the worker unsubscribed.
  }
}

/** The app badge shows the unread total (where the platform has badges). */
export function updateBadge(count: number, io: PushIo = browserPushIo): void {
  void io.post({ type: 'updateBadge', data: { count } });
}
