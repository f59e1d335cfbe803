/* Parlor service worker. Plain JS: it is served as is from the site root.
 * Messages from the app are { type, data }: setup, ensureSubscription, logout, updateBadge,
 * internalNotification. Push delivery to the server is wired by a later issue; this worker keeps
 * the session it was given, manages the push subscription, the app badge and notifications. */

/** Session given by `setup`; kept in memory (the app sends it again on every start). */
let session = null;

self.addEventListener('install', () => {
  // A new worker takes over at once: it holds no caches that an old page could depend on.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function base64UrlToBytes(value) {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Answers the existing push subscription, or subscribes when permission and a key allow it. */
async function ensureSubscription() {
  if (!self.registration.pushManager) return null;
  const existing = await self.registration.pushManager.getSubscription();
  if (existing) return existing.toJSON();
  const permission = await self.registration.pushManager.permissionState({ userVisibleOnly: true });
  if (permission !== 'granted' || !session || !session.pushKey) return null;
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
        pushKey: data.pushKey || null,
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
      await self.registration.showNotification(data.subject, { body: data.body, icon: '/favicon.svg' });
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

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'Parlor';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body || '',
      icon: '/favicon.svg',
      data: { url: payload.url || '/chats' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url || '/chats';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => 'focus' in w);
      if (open) {
        open.navigate(url);
        return open.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
