import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// The worker is plain JS served as is: it runs here against a stand-in `self` with a stand-in
// PushManager, the way a browser would drive it.
const source = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../public/service-worker.js'),
  'utf8',
);

const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const KEY = Buffer.from(KEY_BYTES).toString('base64url');

function fakeSubscription(endpoint: string, key: Uint8Array = KEY_BYTES) {
  return {
    endpoint,
    options: { applicationServerKey: key.buffer },
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
  };
}

function loadWorker(
  options: { permission?: PermissionState; existing?: ReturnType<typeof fakeSubscription> } = {},
) {
  const handlers: Record<string, (event: any) => void> = {};
  let current = options.existing ?? null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    permissionState: vi.fn(async () => options.permission ?? 'granted'),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      current = fakeSubscription('https://push.example/new', applicationServerKey);
      return current;
    }),
  };
  const windows: { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[] = [];
  const self = {
    addEventListener: (type: string, handler: (event: any) => void) => {
      handlers[type] = handler;
    },
    skipWaiting: vi.fn(),
    location: { origin: 'https://parlor.test' },
    navigator: { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) },
    registration: { pushManager, showNotification: vi.fn(async () => {}) },
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', 'caches', 'fetch', 'atob', source)(self, {}, vi.fn(), (s: string) =>
    Buffer.from(s, 'base64').toString('binary'),
  );

  /** Posts a message as the page does and answers the worker's reply. */
  async function post(type: string, data?: unknown) {
    let reply: unknown;
    let wait: Promise<unknown> = Promise.resolve();
    handlers.message?.({
      data: { type, data },
      ports: [{ postMessage: (r: unknown) => (reply = r) }],
      waitUntil: (p: Promise<unknown>) => (wait = p),
    });
    await wait;
    return reply as any;
  }
  async function fire(type: string, event: Record<string, unknown>) {
    let wait: Promise<unknown> = Promise.resolve();
    handlers[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => (wait = p) });
    await wait;
  }
  return { self, pushManager, windows, post, fire, current: () => current };
}

const setup = {
  userId: 'u1',
  username: 'ann',
  accessToken: 't',
  apiRoot: 'https://parlor.test',
  pushKey: KEY,
};

describe('the service worker', () => {
  it('subscribes with the server key from setup once permission is granted', async () => {
    const sw = loadWorker();
    expect(await sw.post('ensureSubscription')).toEqual({ subscription: null });
    expect((await sw.post('setup', setup)).ok).toBe(true);
    const reply = await sw.post('ensureSubscription');
    expect(reply.subscription.endpoint).toBe('https://push.example/new');
    const [[options]] = sw.pushManager.subscribe.mock.calls as unknown as [
      [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }],
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...KEY_BYTES]);
  });

  it('does not subscribe without permission', async () => {
    const sw = loadWorker({ permission: 'prompt' });
    await sw.post('setup', setup);
    expect(await sw.post('ensureSubscription')).toEqual({ subscription: null });
    expect(sw.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('keeps a subscription made with the same key, and replaces one made with an older key', async () => {
    const same = loadWorker({ existing: fakeSubscription('https://push.example/kept') });
    await same.post('setup', setup);
    expect((await same.post('ensureSubscription')).subscription.endpoint).toBe('https://push.example/kept');

    const old = fakeSubscription('https://push.example/old', new Uint8Array(65).fill(9));
    const rotated = loadWorker({ existing: old });
    await rotated.post('setup', setup);
    expect((await rotated.post('ensureSubscription')).subscription.endpoint).toBe('https://push.example/new');
    expect(old.unsubscribe).toHaveBeenCalled();
  });

  it('a setup without the key keeps the key it was given for the same user', async () => {
    const sw = loadWorker();
    await sw.post('setup', setup);
    await sw.post('setup', { ...setup, pushKey: null });
    expect((await sw.post('ensureSubscription')).subscription).not.toBeNull();
  });

  it('unsubscribes and clears the badge on logout', async () => {
    const existing = fakeSubscription('https://push.example/mine');
    const sw = loadWorker({ existing });
    await sw.post('setup', setup);
    await sw.post('logout');
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(sw.self.navigator.clearAppBadge).toHaveBeenCalled();
    // Signed out: no key, no new subscription.
    expect(sw.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('sets and clears the app badge with updateBadge', async () => {
    const sw = loadWorker();
    await sw.post('updateBadge', { count: 7 });
    expect(sw.self.navigator.setAppBadge).toHaveBeenCalledWith(7);
    await sw.post('updateBadge', { count: 0 });
    expect(sw.self.navigator.clearAppBadge).toHaveBeenCalled();
  });

  it('shows internalNotification with its subject and body', async () => {
    const sw = loadWorker();
    await sw.post('internalNotification', {
      subject: 'Notifications enabled',
      body: 'Thank you for enabling notifications!',
    });
    expect(sw.self.registration.showNotification).toHaveBeenCalledWith(
      'Notifications enabled',
      expect.objectContaining({ body: 'Thank you for enabling notifications!' }),
    );
  });

  it('shows a push as one notification per chat, with the unread badge', async () => {
    const sw = loadWorker();
    const payload = {
      title: 'bella',
      body: '3 new messages. Latest: hi',
      url: '/chats/c1',
      tag: 'chat:x',
      badge: 4,
    };
    await sw.fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(sw.self.registration.showNotification).toHaveBeenCalledWith(
      'bella',
      expect.objectContaining({
        body: '3 new messages. Latest: hi',
        tag: 'chat:x',
        renotify: true,
        data: { url: '/chats/c1' },
      }),
    );
    expect(sw.self.navigator.setAppBadge).toHaveBeenCalledWith(4);
  });

  it('opens the chat of a clicked notification: in an open tab, or a new window', async () => {
    const sw = loadWorker();
    const notification = { close: vi.fn(), data: { url: '/chats/c1' } };
    await sw.fire('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(sw.self.clients.openWindow).toHaveBeenCalledWith('https://parlor.test/chats/c1');

    const tab = {
      url: 'https://parlor.test/discover',
      focus: vi.fn(async () => tab),
      navigate: vi.fn(async () => tab),
    };
    sw.windows.push(tab);
    await sw.fire('notificationclick', { notification });
    expect(tab.navigate).toHaveBeenCalledWith('https://parlor.test/chats/c1');
    expect(tab.focus).toHaveBeenCalled();
  });
});
