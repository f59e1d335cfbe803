import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  askPermissionAfterSend,
  dropPushSubscription,
  PERMISSION_ASKED_KEY,
  type PermissionState,
  type PushIo,
  syncPushSubscription,
} from './push';

const subscription = {
  endpoint: 'https://push.example/abc',
  expirationTime: null,
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', { pathname: '/chats', protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', { cookie: '' });
});
afterEach(() => vi.unstubAllGlobals());

/** A browser stand-in: a permission that the prompt answers, a worker that subscribes. */
function fakeIo(permission: PermissionState, answer: NotificationPermission = 'granted') {
  const storage = new Map<string, string>();
  let current = permission;
  const io = {
    permission: () => current,
    requestPermission: vi.fn(async () => {
      current = answer;
      return answer;
    }),
    post: vi.fn(async (message: { type: string }) =>
      message.type === 'ensureSubscription' ? { subscription } : { ok: true },
    ),
    currentEndpoint: vi.fn(async () => subscription.endpoint),
    readStorage: (key: string) => storage.get(key) ?? null,
    writeStorage: (key: string, value: string) => void storage.set(key, value),
  } satisfies PushIo;
  return { io, storage };
}

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: (init as RequestInit).method,
    body: JSON.parse(String((init as RequestInit).body)),
  }));

describe('asking for notification permission', () => {
  it('asks once after a send; granted, shows the spec notification and stores the subscription', async () => {
    const { io, storage } = fakeIo('default');
    expect(await askPermissionAfterSend(io)).toBe('granted');
    expect(io.requestPermission).toHaveBeenCalledTimes(1);
    expect(storage.get(PERMISSION_ASKED_KEY)).toBe('1');
    expect(io.post).toHaveBeenCalledWith({
      type: 'internalNotification',
      data: { subject: 'Notifications enabled', body: 'Thank you for enabling notifications!' },
    });
    expect(calls()).toEqual([
      { url: expect.stringMatching(/\/v1\/push\/subscriptions$/), method: 'POST', body: { subscription } },
    ]);

    await askPermissionAfterSend(io);
    expect(io.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('asks only once even when the person dismissed the prompt', async () => {
    const { io } = fakeIo('default', 'default');
    await askPermissionAfterSend(io);
    await askPermissionAfterSend(io);
    expect(io.requestPermission).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('denied: no notification and no subscription', async () => {
    const { io } = fakeIo('default', 'denied');
    expect(await askPermissionAfterSend(io)).toBe('denied');
    expect(io.post).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not ask where permission was already decided', async () => {
    const { io } = fakeIo('denied');
    await askPermissionAfterSend(io);
    expect(io.requestPermission).not.toHaveBeenCalled();
  });
});

describe('the subscription', () => {
  it('is stored on start when permission is granted, and not otherwise', async () => {
    const granted = fakeIo('granted');
    expect(await syncPushSubscription(granted.io)).toBe(true);
    expect(calls()[0]).toMatchObject({ method: 'POST', body: { subscription } });

    fetchMock.mockClear();
    const undecided = fakeIo('default');
    expect(await syncPushSubscription(undecided.io)).toBe(false);
    expect(undecided.io.post).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is dropped on the server before signing out', async () => {
    const { io } = fakeIo('granted');
    await dropPushSubscription(io);
    expect(calls()).toEqual([
      {
        url: expect.stringMatching(/\/v1\/push\/subscriptions$/),
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
      },
    ]);
  });
});
