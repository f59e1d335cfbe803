import { endpoints, STORAGE_KEYS } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INBOX_FIRST_PAGE_QUERY } from '../features/chats/inboxModel';
import { clearEarlyCalls, earlyOrCall } from '../platform/early';
import { startEarlyCalls } from './early';

// A signed-in page's first calls leave before the first render; whoever needs each answer takes the
// one on its way, once, and only for the session it was asked for.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let data: Map<string, string>;

const asked = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://parlor.test').pathname === path).length;

beforeEach(() => {
  data = new Map([[STORAGE_KEYS.authToken, 'tok-1']]);
  fetchMock = vi.fn(async (url: string) =>
    json(
      String(url).startsWith('/v1/users/intros') ? { enabled: true, seen: ['messenger'] } : { notice: null },
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
  vi.stubGlobal('location', { pathname: '/chats', protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', { cookie: '' });
});

afterEach(() => {
  clearEarlyCalls();
  vi.unstubAllGlobals();
});

describe('early calls', () => {
  it('asks for the session, config, intros and notice at once, and each answer is taken once', async () => {
    startEarlyCalls('/account');
    expect(asked('/v1/users/me')).toBe(1);
    expect(asked('/v1/provider/config')).toBe(1);
    expect(asked('/v1/users/intros')).toBe(1);
    expect(asked('/v1/notice')).toBe(1);

    await expect(earlyOrCall(endpoints.intros)).resolves.toEqual({ enabled: true, seen: ['messenger'] });
    expect(asked('/v1/users/intros')).toBe(1);
    // Taken already: a later reader asks again.
    await earlyOrCall(endpoints.intros);
    expect(asked('/v1/users/intros')).toBe(2);
  });

  it('hands over an answer that is already in from a task of its own, not in the asking task', async () => {
    startEarlyCalls('/account');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    // Every answer has arrived and been read.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    let taken = false;
    void earlyOrCall(endpoints.intros).then(() => {
      taken = true;
    });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(taken).toBe(false);
    await vi.waitFor(() => expect(taken).toBe(true));
  });

  it("asks for the inbox's first page too on the paths its list is on, and on no other", async () => {
    startEarlyCalls('/account');
    expect(asked('/v1/chats')).toBe(0);
    clearEarlyCalls();
    startEarlyCalls('/chats/0f8e6a3c-1d2b-4c5d-8e9f-a1b2c3d4e5f6');
    expect(asked('/v1/chats')).toBe(1);
    fetchMock.mockClear();
    clearEarlyCalls();
    startEarlyCalls('/chats');
    expect(asked('/v1/chats')).toBe(1);
    const [url] = fetchMock.mock.calls.find(([u]) => String(u).includes('/v1/chats'))!;
    expect(String(url)).toContain('offset=0');
    // Taken, not asked again (the mock's answer is no page of chats: only the asking counts here).
    await earlyOrCall(endpoints.listChats, { query: INBOX_FIRST_PAGE_QUERY }).catch(() => undefined);
    expect(asked('/v1/chats')).toBe(1);
  });

  it('starts nothing without a stored token', () => {
    data.clear();
    startEarlyCalls('/account');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not hand one session the answer asked for another', async () => {
    startEarlyCalls('/account');
    data.set(STORAGE_KEYS.authToken, 'tok-2');
    await earlyOrCall(endpoints.platformNotice);
    expect(asked('/v1/notice')).toBe(2);
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(init.headers['access-token']).toBe('tok-2');
  });
});
