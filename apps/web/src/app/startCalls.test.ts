import { endpoints, SEAT_ACCESS, STORAGE_KEYS } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScript } from '../../appPreload';
import { INBOX_FIRST_PAGE_QUERY } from '../features/chats/inboxModel';
import { chat } from '../features/chats/inboxTestData';
import { openConversation } from '../features/conversation/conversationThunks';
import { clearEarlyCalls, earlyOrCall } from '../platform/early';
import { START_GLOBAL, STARTED_CALL_TTL_MS, takeStartedCall } from '../platform/startedCalls';
import { startEarlyCalls } from './early';
import { startPlan } from './startCalls';
import { createStore } from './store';

// The page's inline start script makes the first screen's calls before any module has loaded; the
// app's own calls then take those answers instead of asking again (each once, for the same session).

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const FIRST_FOR_EVERY_PAGE = [
  '/v1/users/me',
  '/v1/provider/config?platform=react',
  '/v1/users/intros',
  '/v1/notice',
];
const INBOX_FIRST_PAGE = '/v1/chats?v=2&limit=20&offset=0&type=all';
const USER = '0f8e6a3c-1d2b-4c5d-8e9f-a1b2c3d4e5f6';
const inboxPage = { data: [chat('a', 1)], unread_messages: 0, unread_messages_favorites: 0, next: null };

let fetchMock: ReturnType<typeof vi.fn>;
let data: Map<string, string>;
let head: { appendChild: ReturnType<typeof vi.fn> };
let cookie: string;

const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

function runStartScript(pathname: string) {
  vi.stubGlobal('location', { pathname, protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', {
    cookie,
    hidden: false,
    head,
    createElement: () => ({}),
  });
  new Function(
    startScript(
      {
        app: [{ href: '/assets/app.js', style: false }],
        conversation: [
          { href: '/assets/conversation.js', style: false },
          { href: '/assets/conversation.css', style: true },
        ],
      },
      startPlan(),
    ),
  )();
}

beforeEach(() => {
  data = new Map([[STORAGE_KEYS.authToken, 'tok-1']]);
  head = { appendChild: vi.fn() };
  cookie = '';
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/v1/chats?')) return json(inboxPage);
    if (url.startsWith('/v1/chat?')) return json(chat(USER, 1));
    if (url.startsWith(`/v1/chats/chat-${USER}/messages?`)) {
      return json({ data: [], credits: 40, chat: chat(USER, 1), next: null });
    }
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
});

afterEach(() => {
  clearEarlyCalls();
  delete (globalThis as Record<string, unknown>)[START_GLOBAL];
  vi.unstubAllGlobals();
});

describe("the page's start script", () => {
  it("asks for the inbox's first calls, and the app takes each instead of asking again", async () => {
    runStartScript('/chats');
    expect(urls()).toEqual([...FIRST_FOR_EVERY_PAGE, INBOX_FIRST_PAGE]);
    // The app's code, not a conversation's.
    expect(head.appendChild).toHaveBeenCalledTimes(1);

    // The app's own early calls (the session, config, intros, notice, the inbox's first page).
    startEarlyCalls('/chats');
    await expect(earlyOrCall(endpoints.listChats, { query: INBOX_FIRST_PAGE_QUERY })).resolves.toMatchObject({
      data: [{ chat_id: 'chat-a' }],
    });
    expect(urls()).toHaveLength(5);
  });

  it("asks for a conversation's chat and then its messages, and opening it asks for neither again", async () => {
    runStartScript(`/chats/${USER}`);
    await vi.waitFor(() => expect(urls()).toHaveLength(7));
    // The app's code and the conversation's screen (its script and styles).
    expect(head.appendChild).toHaveBeenCalledTimes(3);
    expect(urls()).toEqual([
      ...FIRST_FOR_EVERY_PAGE,
      INBOX_FIRST_PAGE,
      `/v1/chat?recipient_id=${USER}`,
      `/v1/chats/chat-${USER}/messages?limit=50&offset=0`,
    ]);

    const store = createStore();
    await store.dispatch(openConversation({ otherUserId: USER }));
    expect(urls()).toHaveLength(7);
    expect(store.getState().conversations.byUser[USER]).toMatchObject({
      status: 'ready',
      chatId: `chat-${USER}`,
    });
  });

  it('gives an answer only to the session it was asked for', async () => {
    runStartScript('/chats');
    data.set(STORAGE_KEYS.authToken, 'tok-2');
    startEarlyCalls('/chats');
    await earlyOrCall(endpoints.listChats, { query: INBOX_FIRST_PAGE_QUERY });
    expect(urls().filter((u) => u.startsWith('/v1/chats?'))).toHaveLength(2);
    expect(fetchMock.mock.calls.at(-1)?.[1]?.headers).toMatchObject({ 'access-token': 'tok-2' });
  });

  it('hands over no answer once the first screen is long past', async () => {
    runStartScript('/chats');
    expect(takeStartedCall('/v1/users/me', 'tok-1', Date.now() + STARTED_CALL_TTL_MS + 1)).toBeUndefined();
    // Nor later: what was left is dropped.
    expect(takeStartedCall('/v1/notice', 'tok-1')).toBeUndefined();
    expect(takeStartedCall('/v1/users/intros', 'tok-1')).toBeUndefined();
  });

  it('makes only the calls a team seat may make: no inbox nor conversation for a seat without chats', async () => {
    data.set(STORAGE_KEYS.ownAuthToken, 'own-tok');
    data.set(
      STORAGE_KEYS.seatWorkspace,
      JSON.stringify({ creatorId: 'c', creator: 'mila', permissions: ['vault'] }),
    );
    runStartScript(`/chats/${USER}`);
    await new Promise((r) => setTimeout(r, 0));
    expect(urls()).toEqual(FIRST_FOR_EVERY_PAGE);
    // The app's own early calls agree.
    fetchMock.mockClear();
    startEarlyCalls('/chats');
    expect(urls().some((u) => u.startsWith('/v1/chats?'))).toBe(false);
  });

  it('makes the inbox calls for a seat with chats', () => {
    data.set(STORAGE_KEYS.ownAuthToken, 'own-tok');
    data.set(
      STORAGE_KEYS.seatWorkspace,
      JSON.stringify({ creatorId: 'c', creator: 'mila', permissions: ['chats'] }),
    );
    runStartScript('/chats');
    expect(urls()).toEqual([...FIRST_FOR_EVERY_PAGE, INBOX_FIRST_PAGE]);
  });

  it("asks first only for what every seat may ask: the page's first calls never meet a refusal", () => {
    const plan = startPlan();
    const allowed = new Set<string>(
      Object.entries(endpoints)
        .filter(([name]) => SEAT_ACCESS[name as keyof typeof SEAT_ACCESS] === 'seat')
        .map(([, e]) => e.path),
    );
    for (const url of plan.always) expect(allowed.has(url.split('?')[0] ?? ''), url).toBe(true);
  });

  it('sends the stored token and the headers every call sends', () => {
    runStartScript('/chats');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'web-type': 'react',
        'access-token': 'tok-1',
      },
    });
  });

  it.each([
    ['signed out', '/chats', () => data.clear()],
    ['on the sign-in page', '/login', () => undefined],
  ])('asks for nothing %s', (_, pathname, setUp) => {
    setUp();
    runStartScript(pathname);
    expect(urls()).toEqual([]);
    expect(head.appendChild).not.toHaveBeenCalled();
  });

  it('asks for no chat when the path names no user', () => {
    runStartScript('/chats/not-a-user');
    expect(urls()).toEqual([...FIRST_FOR_EVERY_PAGE, INBOX_FIRST_PAGE]);
  });

  it('loads the app but calls nothing when another API origin is set', () => {
    cookie = 'x=1; custom_api_base_url=https%3A%2F%2Fapi.example.com';
    runStartScript('/chats');
    expect(head.appendChild).toHaveBeenCalledTimes(1);
    expect(urls()).toEqual([]);
  });
});
