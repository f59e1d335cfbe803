import type { User } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { listTabChosen, selectAllToggled } from '../chats/inboxSlice';
import { chat, event, newMessage } from '../chats/inboxTestData';
import { chatsAction, fetchNextInboxPage } from '../chats/inboxThunks';
import { selectFanList } from './listsSlice';
import { fanList, smartList } from './listsTestData';
import { addListMembers, deleteList, loadLists, removeListMembers } from './listsThunks';

// A creator's fan lists are extra tabs of the inbox: paged like any tab, with the list's count,
// and fans leave or join the tab as they leave or join the list.

type Answer = { status: number; body: unknown };
let answers: Answer[];
let sent: { method: string; url: URL; body: unknown }[];
beforeEach(() => {
  answers = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        method: init.method ?? 'GET',
        url: new URL(url, 'http://parlor.test'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      const answer = answers.shift() ?? { status: 200, body: { data: [] } };
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const page = (ids: string[], next: string | null = null) => ({
  status: 200,
  body: { data: ids.map((id, i) => chat(id, i)), unread_messages: 0, unread_messages_favorites: 0, next },
});

const VIP = smartList('l1', 'Spent 50+ this month', { spent_min: 50, spent_days: 30 }, 2);
const TRIP = fanList('l2', 'Trip photos', { count: 3 });

async function creatorWithLists() {
  const store = createStore();
  store.dispatch(userUpdated({ _id: 'me', username: 'mila', type: 'featured', role: 'user' } as User));
  answers.push({ status: 200, body: { data: [VIP, TRIP] } });
  await store.dispatch(loadLists());
  return store;
}

describe('a fan list as an inbox tab', () => {
  it('pages GET /v1/chats?list= like any tab and shows the list’s count', async () => {
    const store = await creatorWithLists();
    store.dispatch(listTabChosen('l1'));
    answers.push(page(['a', 'b'], '/v1/chats?v=2&limit=20&offset=2&type=all&list=l1'));
    await store.dispatch(fetchNextInboxPage());
    const first = sent.at(-1)!.url.searchParams;
    expect(first.get('list')).toBe('l1');
    expect(first.get('offset')).toBe('0');
    expect(first.get('v')).toBe('2');
    expect(store.getState().inbox.list).toMatchObject({ listId: 'l1', ids: ['a', 'b'], hasMore: true });

    answers.push(page(['c']));
    await store.dispatch(fetchNextInboxPage());
    expect(sent.at(-1)!.url.searchParams.get('list')).toBe('l1');
    expect(sent.at(-1)!.url.searchParams.get('offset')).toBe('2');
    expect(store.getState().inbox.list.ids).toEqual(['a', 'b', 'c']);
    expect(selectFanList(store.getState(), 'l1')?.count).toBe(2);
  });

  it('moves a chat it shows when a message comes, and takes in none the server did not list', async () => {
    const store = await creatorWithLists();
    store.dispatch(listTabChosen('l1'));
    answers.push(page(['a', 'b']));
    await store.dispatch(fetchNextInboxPage());
    // A chat held from another tab, not on this list.
    store.dispatch({ type: 'inbox/chatReceived', payload: chat('z', 0) });
    store.dispatch(event('new_message', newMessage('b', 'me', 'm1')));
    store.dispatch(event('new_message', newMessage('z', 'me', 'm2')));
    expect(store.getState().inbox.list.ids).toEqual(['b', 'a']);
  });

  it('selects all the chats loaded, by their ids, and acts on exactly those', async () => {
    const store = await creatorWithLists();
    store.dispatch(listTabChosen('l2'));
    answers.push(page(['a', 'b']));
    await store.dispatch(fetchNextInboxPage());
    store.dispatch(selectAllToggled());
    expect(store.getState().inbox.selection).toEqual({ mode: 'ids', ids: ['a', 'b'] });
    answers.push({ status: 200, body: { action: 'read', updated: 2 } });
    await store.dispatch(chatsAction({ action: 'read' }));
    const patch = sent.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({ action: 'read', ids: 'a,b' });
    expect(patch?.body).not.toHaveProperty('except_ids');
  });

  it('lets fans taken off a custom list leave its tab, and takes the new count', async () => {
    const store = await creatorWithLists();
    store.dispatch(listTabChosen('l2'));
    answers.push(page(['a', 'b', 'c']));
    await store.dispatch(fetchNextInboxPage());
    answers.push({ status: 200, body: { changed: 2, count: 1 } });
    await store.dispatch(removeListMembers({ id: 'l2', ids: ['a', 'c'] }));
    expect(sent.at(-1)!.method).toBe('DELETE');
    expect(sent.at(-1)!.url.pathname).toBe('/v1/lists/l2/members');
    expect(sent.at(-1)!.url.searchParams.get('ids')).toBe('a,c');
    expect(store.getState().inbox.list).toMatchObject({ ids: ['b'], offset: 1 });
    expect(selectFanList(store.getState(), 'l2')?.count).toBe(1);
  });

  it('adds fans by their ids, loads the tab again to place them, and counts them', async () => {
    const store = await creatorWithLists();
    store.dispatch(listTabChosen('l2'));
    answers.push(page(['a']));
    await store.dispatch(fetchNextInboxPage());
    answers.push({ status: 200, body: { changed: 2, count: 5 } });
    await store.dispatch(addListMembers({ id: 'l2', ids: ['x', 'y'] }));
    expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { ids: ['x', 'y'] } });
    expect(sent.at(-1)!.url.pathname).toBe('/v1/lists/l2/members');
    expect(selectFanList(store.getState(), 'l2')?.count).toBe(5);
    expect(store.getState().inbox.list).toMatchObject({ listId: 'l2', ids: [], status: 'None' });
  });

  it('gives way to the whole inbox when its list is deleted', async () => {
    const store = await creatorWithLists();
    store.dispatch(listTabChosen('l2'));
    answers.push({ status: 204, body: null });
    await store.dispatch(deleteList('l2'));
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(sent.at(-1)!.url.pathname).toBe('/v1/lists/l2');
    expect(store.getState().inbox.list).toMatchObject({ listId: null, filter: 'all' });
    expect(selectFanList(store.getState(), 'l2')).toBeUndefined();
  });
});
