import { afterLoad, afterStart } from './afterStart';
import { apiBaseUrl } from './api';

/** The service worker lives at the site root so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/service-worker.js';

/** The messages the worker understands. */
export type ServiceWorkerMessage =
  | {
      type: 'setup';
      data: {
        userId: string;
        username: string;
        accessToken: string;
        apiRoot: string;
        pushKey: string | null;
      };
    }
  | { type: 'ensureSubscription'; data?: undefined }
  | { type: 'logout'; data?: undefined }
  | { type: 'updateBadge'; data: { count: number } }
  | { type: 'internalNotification'; data: { subject: string; body: string } };

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Runs `fn` once the page has loaded (at once when it has). */
/**
 * Registers the worker once the page has loaded: installing it fetches and runs its script, work
 * that would otherwise compete with the first screen's own scripts and calls on a phone. Whoever
 * needs the worker waits for `navigator.serviceWorker.ready`, which resolves after this.
 */
export function registerServiceWorker(): void {
  if (!supported()) return;
  afterLoad(() => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
      // The app works without it; push and badges are then unavailable.
      console.warn('Service worker registration failed', error);
    });
  });
}

export const MANIFEST_URL = '/manifest.webmanifest';

/**
 * Links the web app manifest a few seconds after the page has loaded. Linked in the page's head, the
 * browser fetches it (and then its icons) at once: on HTTP/1.1, six connections to a host, they hold
 * connections the boot script and the first calls wait for; linked at `load`, they still land in the
 * middle of the first screen's calls. Nothing needs it sooner: the browser offers to install the app
 * only after the visitor has used it a while.
 */
export function linkManifestAfterLoad(): void {
  afterStart(() => {
    if (document.querySelector('link[rel="manifest"]')) return;
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.append(link);
  });
}

/** Posts to the active worker once it is ready; answers its reply, or null without a worker. */
export async function postToServiceWorker(message: ServiceWorkerMessage): Promise<unknown> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Hands the session to the worker (`setup`). The push key comes with the provider config; a setup
 * without it (at sign-in, before the config) leaves the worker's key as it was.
 */
export function setupServiceWorker(
  user: { _id: string; username: string },
  accessToken: string,
  pushKey: string | null = null,
): void {
  const apiRoot = apiBaseUrl() || (globalThis.location?.origin ?? '');
  void postToServiceWorker({
    type: 'setup',
    data: { userId: user._id, username: user.username, accessToken, apiRoot, pushKey },
  });
}
