import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { chat, ME, message } from '../chats/inboxTestData';
import { loadOlderMessages, openConversation } from './conversationThunks';

// Message pages load 50 at a time and the unread count goes down by 50 per page.
const AT = '2025-01-01T11:00:00.000Z';
const fromA = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => message('a', ME, String(first + i), AT));
const unreadChat = chat('a', 1, { unread_messages: 60 });
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

let reads: unknown[];
let hidden: boolean;
beforeEach(() => {
  reads = [];
  hidden = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, search } = new URL(url, 'http://parlor.test');
      const path = pathname + search;
      if (init?.method === 'PATCH') {
        reads.push(JSON.parse(String(init.body)));
        return json({ action: 'read', updated: 1 });
      }
      if (path.startsWith('/v1/chat?')) return json(unreadChat);
      if (path.includes('last_message_id=11'))
        return json({ data: fromA(1, 10), credits: 0, chat: unreadChat, next: null });
      return json({
        data: fromA(11, 60),
        credits: 0,
        chat: unreadChat,
        next: '/v1/chats/chat-a/messages?limit=50&last_message_id=11',
      });
    }),
  );
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', { pathname: '/chats', protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', {
    cookie: '',
    get hidden() {
      return hidden;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('reading a conversation page by page', () => {
  it('reads the newest page on opening and the next one when it loads', async () => {
    const store = createStore();
    await store.dispatch(openConversation({ otherUserId: 'a' }));
    expect(store.getState().inbox.chats.entities.a!.unread_messages).toBe(10);
    expect(reads).toEqual([{ action: 'read', ids: 'a', from_message_id: '11' }]);
    expect(store.getState().conversations.messages.entities['60']!.is_read).toBe(true);

    await store.dispatch(loadOlderMessages('a'));
    expect(store.getState().inbox.chats.entities.a!.unread_messages).toBe(0);
    expect(reads).toEqual([
      { action: 'read', ids: 'a', from_message_id: '11' },
      { action: 'read', ids: 'a', from_message_id: '1' },
    ]);
  });

  it('reads nothing while the page is hidden', async () => {
    hidden = true;
    const store = createStore();
    await store.dispatch(openConversation({ otherUserId: 'a' }));
    expect(store.getState().inbox.chats.entities.a!.unread_messages).toBe(60);
    expect(reads).toEqual([]);
  });
});
