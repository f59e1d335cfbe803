import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { chat, ME, message } from '../chats/inboxTestData';
import { openConversation } from './conversationThunks';
import { REVEAL_MAX_PAGES, revealMessage } from './ReplyQuote';

// A tap on the quote of a parent further back than the pages held loads pages until it is held.
const AT = '2025-01-01T11:00:00.000Z';
const PAGE = 50;
const theChat = chat('a', 1);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

let pagesAsked: number;
let total: number;
let missing: Set<number>;
beforeEach(() => {
  pagesAsked = 0;
  total = 400;
  missing = new Set();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, searchParams } = new URL(url, 'http://parlor.test');
      if (init?.method === 'PATCH') return json({ action: 'read', updated: 0 });
      if (pathname === '/v1/chat') return json(theChat);
      pagesAsked += 1;
      // Messages 1..total, newest page first, each page the 50 before `last_message_id`.
      const before = Number(searchParams.get('last_message_id') ?? total + 1);
      const first = Math.max(1, before - PAGE);
      const data = Array.from({ length: before - first }, (_, i) => first + i)
        .filter((id) => !missing.has(id))
        .map((id) => message('a', ME, String(id), AT));
      return json({
        data,
        credits: 0,
        chat: theChat,
        next: first > 1 ? `/v1/chats/chat-a/messages?limit=50&last_message_id=${first}` : null,
      });
    }),
  );
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', { pathname: '/chats', protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', { cookie: '', hidden: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('showing the parent of a reply', () => {
  it('loads the pages back to a parent that is not loaded yet, and no further', async () => {
    const store = createStore();
    await store.dispatch(openConversation({ otherUserId: 'a' }));
    expect(store.getState().conversations.byUser.a!.messageIds).not.toContain('120');

    expect(await store.dispatch(revealMessage('a', '120'))).toBe(true);
    const held = store.getState().conversations.byUser.a!.messageIds;
    expect(held).toContain('120');
    // 351-400 on opening, then 301-350, 251-300, 201-250, 151-200, 101-150: five more pages.
    expect(pagesAsked).toBe(6);
    expect(held[0]).toBe('101');
  });

  it('answers false, loading nothing more, for a parent the history no longer has', async () => {
    // Message 380 was hidden for me: the quote stays, the message is not in my pages.
    missing = new Set([380]);
    const store = createStore();
    await store.dispatch(openConversation({ otherUserId: 'a' }));
    expect(await store.dispatch(revealMessage('a', '380'))).toBe(false);
    expect(pagesAsked).toBe(1);
  });

  it('walks back a bounded number of pages', async () => {
    total = 5_000;
    const store = createStore();
    await store.dispatch(openConversation({ otherUserId: 'a' }));
    expect(await store.dispatch(revealMessage('a', '3'))).toBe(false);
    expect(pagesAsked).toBe(1 + REVEAL_MAX_PAGES);
  });
});
