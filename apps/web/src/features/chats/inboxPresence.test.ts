import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { refreshPresence } from './inboxEffects';
import { chat, event, loaded, ME, reduce } from './inboxTestData';
import { fetchInboxPage } from './inboxThunks';

const online = (id: string) => chat(id, 1, { other_user: { ...chat(id, 1).other_user, is_online: true } });
const isOnline = (state: ReturnType<typeof reduce>, id: string) =>
  state.chats.entities[id]!.other_user.is_online;

describe('init lists who is online', () => {
  it('marks everyone not listed offline when the list is complete', () => {
    const state = reduce(
      loaded([online('a'), online('b')]),
      event('init', { user_id: ME, online_user_ids: ['a'], online_complete: true }),
    );
    expect(isOnline(state, 'a')).toBe(true);
    expect(isOnline(state, 'b')).toBe(false);
  });

  it('only marks the listed online when the list was capped', () => {
    const state = reduce(
      loaded([online('a'), online('b'), chat('c', 3)]),
      event('init', { user_id: ME, online_user_ids: ['c'], online_complete: false }),
    );
    expect([isOnline(state, 'a'), isOnline(state, 'b'), isOnline(state, 'c')]).toEqual([true, true, true]);
  });
});

describe('asking the server about the chats held', () => {
  let asked: string[][];
  beforeEach(() => {
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const ids = (new URL(url, 'http://parlor.test').searchParams.get('ids') ?? '').split(',');
        asked.push(ids);
        const data = ids.map((id) => ({ user_id: id, is_online: id === 'b', last_online: null }));
        return new Response(JSON.stringify({ data }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
    vi.stubGlobal('location', {
      pathname: '/chats',
      protocol: 'http:',
      host: 'parlor.test',
      assign: vi.fn(),
    });
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sets every held chat from the answer, 100 users a request', async () => {
    const store = createStore();
    const chats = [online('a'), chat('b', 2), ...Array.from({ length: 150 }, (_, i) => chat(`x${i}`, 3))];
    store.dispatch(
      fetchInboxPage.fulfilled(
        { data: chats, unread_messages: 0, unread_messages_favorites: 0, next: null },
        'r',
        {
          filter: 'all',
          search: '',
          offset: 0,
        },
      ),
    );
    await store.dispatch(refreshPresence());
    expect(asked.map((ids) => ids.length)).toEqual([100, 52]);
    const inbox = store.getState().inbox;
    expect(isOnline(inbox, 'a')).toBe(false);
    expect(isOnline(inbox, 'b')).toBe(true);
  });
});
