/* Parlor service worker. Plain JS: it is served as is from the site root.
 * Messages from the app are { type, data }: setup, ensureSubscription, logout, updateBadge,
 * internalNotification. It keeps the session it was given, manages the push subscription, shows
 * the server's pushes (docs/push.md), keeps the app badge, and answers navigations with an offline
 * page when the network is gone. */

/** Session given by `setup`; kept in memory (the app sends it again on every start). */
let session = null;

/** The only cached file: shown instead of the browser's error when a page cannot load. */
const OFFLINE_CACHE = 'parlor-offline-v1';
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  // A new worker takes over at once: the offline page is the only cache, and no page depends on it.
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== OFFLINE_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Page loads only: API calls, media and assets go to the network untouched.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(async () => (await caches.match(OFFLINE_URL)) || Response.error()),
  );
});

function base64UrlToBytes(value) {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(buffer, key) {
  if (!buffer || !key) return false;
  const a = new Uint8Array(buffer);
  const b = base64UrlToBytes(key);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Answers the push subscription, subscribing when permission and a key allow it. A subscription
 * made with another server key (the keys were rotated) is replaced.
 */
async function ensureSubscription() {
  if (!self.registration.pushManager) return null;
  const existing = await self.registration.pushManager.getSubscription();
  if (existing && (!session?.pushKey || sameKey(existing.options?.applicationServerKey, session.pushKey)))
    return existing.toJSON();
  const permission = await self.registration.pushManager.permissionState({ userVisibleOnly: true });
  if (permission !== 'granted' || !session || !session.pushKey) return null;
  if (existing) await existing.unsubscribe();
  const created = await self.registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(session.pushKey),
  });
  return created.toJSON();
}

async function logout() {
  session = null;
  if (self.navigator.clearAppBadge) await self.navigator.clearAppBadge();
  const existing = self.registration.pushManager
    ? await self.registration.pushManager.getSubscription()
    : null;
  if (existing) await existing.unsubscribe();
}

async function updateBadge(count) {
  if (!self.navigator.setAppBadge) return;
  if (count > 0) await self.navigator.setAppBadge(count);
  else await self.navigator.clearAppBadge();
}

async function handle(type, data) {
  switch (type) {
    case 'setup':
      session = {
        userId: data.userId,
        username: data.username,
        accessToken: data.accessToken,
        apiRoot: data.apiRoot,
        // A setup without the key (sent before the config arrived) keeps the one already given.
        pushKey: data.pushKey || (session && session.userId === data.userId ? session.pushKey : null),
      };
      return { ok: true };
    case 'ensureSubscription':
      return { subscription: await ensureSubscription() };
    case 'logout':
      await logout();
      return { ok: true };
    case 'updateBadge':
      await updateBadge(Number(data?.count) || 0);
      return { ok: true };
    case 'internalNotification':
      await self.registration.showNotification(data.subject, {
        body: data.body,
        icon: '/icons/icon-192.png',
        tag: 'internal',
      });
      return { ok: true };
    default:
      return { ok: false, error: 'unknown message' };
  }
}

self.addEventListener('message', (event) => {
  const message = event.data || {};
  const reply = event.ports?.[0];
  event.waitUntil(
    handle(message.type, message.data || {}).then(
      (result) => reply?.postMessage(result),
      (error) => reply?.postMessage({ ok: false, error: String(error) }),
    ),
  );
});

/** The badge a push carries (the unread total), when the platform has badges. */
async function badgeFrom(payload) {
  if (typeof payload.badge === 'number') await updateBadge(payload.badge);
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'Parlor';
  event.waitUntil(
    Promise.all([
      // One notification per tag (a chat): a newer push replaces the one before, and says so.
      self.registration.showNotification(title, {
        body: payload.body || '',
        icon: '/icons/icon-192.png',
        badge: '/icons/maskable-192.png',
        tag: payload.tag || undefined,
        renotify: Boolean(payload.tag),
        data: { url: payload.url || '/chats' },
      }),
      badgeFrom(payload).catch(() => undefined),
    ]),
  );
});

/** Opens the notification's page: an open tab of the app goes there, or a new window opens. */
async function openFromNotification(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => w.url === target);
  if (same) return same.focus();
  const open = windows.find((w) => 'navigate' in w && new URL(w.url).origin === self.location.origin);
  if (open) {
    const navigated = await open.navigate(target).catch(() => null);
    return (navigated || open).focus();
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data?.url || '/chats'));
});

// The browser replaced the subscription (keys rotated, expired): the app stores the new one next
// time it starts (ensureSubscription); the old endpoint answers 410 and the server drops it.
self.addEventListener('pushsubscriptionchange', (event) => {
  if (!session || !session.pushKey) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(session.pushKey) })
      .then((created) =>
        fetch(`${session.apiRoot}/v1/push/subscriptions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': session.accessToken },
          body: JSON.stringify({ subscription: created.toJSON() }),
        }),
      )
      .catch(() => undefined),
  );
});
