import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { chat } from './inboxTestData';
import { fetchInboxPage, fetchNextInboxPage } from './inboxThunks';

const page = (ids: string[], next: string | null) =>
  new Response(
    JSON.stringify({
      data: ids.map((id, i) => chat(id, i)),
      unread_messages: 0,
      unread_messages_favorites: 0,
      next,
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('inbox paging', () => {
  it('asks for the next page after the chat the last page ended on, as its next link says', async () => {
    const store = createStore();
    const after = '1735732800000000_3f1c2a9e-0000-4000-8000-000000000001';
    fetchMock.mockResolvedValueOnce(
      page(['a', 'b'], `/v1/chats?v=2&limit=20&offset=2&type=all&after=${after}`),
    );
    await store.dispatch(fetchInboxPage({ filter: 'all', search: '', offset: 0 }));
    expect(store.getState().inbox.list.after).toBe(after);

    fetchMock.mockResolvedValueOnce(page(['c'], null));
    await store.dispatch(fetchNextInboxPage());
    const url = new URL(String(fetchMock.mock.calls[1]![0]), 'http://parlor.test');
    expect(url.searchParams.get('after')).toBe(after);
    expect(url.searchParams.get('offset')).toBe('2');
    expect(store.getState().inbox.list.ids).toEqual(['a', 'b', 'c']);
    expect(store.getState().inbox.list.hasMore).toBe(false);
  });

  it('pages by offset alone when the server gives no position', async () => {
    const store = createStore();
    fetchMock.mockResolvedValueOnce(page(['a'], '/v1/chats?v=2&limit=20&offset=1&type=all'));
    await store.dispatch(fetchInboxPage({ filter: 'all', search: '', offset: 0 }));
    fetchMock.mockResolvedValueOnce(page([], null));
    await store.dispatch(fetchNextInboxPage());
    const url = new URL(String(fetchMock.mock.calls[1]![0]), 'http://parlor.test');
    expect(url.searchParams.has('after')).toBe(false);
    expect(url.searchParams.get('offset')).toBe('1');
  });
});
