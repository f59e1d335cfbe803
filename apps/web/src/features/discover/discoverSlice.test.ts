import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { DEFAULT_FILTERS } from './discoverModel';
import {
  cardVisited,
  loadDiscover,
  loadMoreDiscover,
  restoreCardHistory,
  selectDiscover,
  setFollowing,
  visitCard,
} from './discoverSlice';
import { card, NO_WARNINGS } from './discoverTestData';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const BLOCKED = 'Sorry this action is not available because of user or model block';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', {
    pathname: '/discover',
    protocol: 'http:',
    host: 'parlor.test',
    assign: vi.fn(),
  });
  vi.stubGlobal('document', { cookie: '', hidden: false });
});
afterEach(() => vi.unstubAllGlobals());

const requested = (i: number) => new URL(String(fetchMock.mock.calls[i]![0]), 'http://parlor.test');
const discover = (store: ReturnType<typeof createStore>) => selectDiscover(store.getState());

describe('discover list', () => {
  it('loads the first page with the filters, then the next page from `next`, without repeats', async () => {
    const store = createStore();
    const next = '/v1/users/discover?offset=20&limit=20&gender=trans';
    fetchMock.mockResolvedValueOnce(json(200, { data: [card('a'), card('b')], next, warnings: NO_WARNINGS }));
    await store.dispatch(loadDiscover({ ...DEFAULT_FILTERS, genders: ['other'] }));
    const first = requested(0);
    expect(first.pathname).toBe('/v1/users/discover');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      offset: '0',
      limit: '20',
      featured: 'true',
      gender: 'trans',
    });
    expect(discover(store)).toMatchObject({ status: 'loaded', next });

    fetchMock.mockResolvedValueOnce(
      json(200, { data: [card('b'), card('c')], next: null, warnings: NO_WARNINGS }),
    );
    await store.dispatch(loadMoreDiscover(next));
    expect(`${requested(1).pathname}${requested(1).search}`).toBe(next);
    expect(discover(store).cards.map((c) => c._id)).toEqual(['a', 'b', 'c']);
    expect(discover(store).next).toBeNull();
    // Every card not followed joined the suggestion stack once.
    expect(discover(store).stack.cards.map((c) => c._id)).toEqual(['a', 'b', 'c']);
  });

  it('shows the newest search only: an older answer arriving late is dropped', async () => {
    const store = createStore();
    let answerOld: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answerOld = resolve)));
    fetchMock.mockResolvedValueOnce(json(200, { data: [card('luna')], next: null, warnings: NO_WARNINGS }));
    const old = store.dispatch(loadDiscover({ ...DEFAULT_FILTERS, q: 'lu' }));
    await store.dispatch(loadDiscover({ ...DEFAULT_FILTERS, q: 'luna' }));
    answerOld(json(200, { data: [card('lucy')], next: null, warnings: NO_WARNINGS }));
    await old;
    expect(discover(store).cards.map((c) => c._id)).toEqual(['luna']);
  });

  it('keeps the list when the next page fails, so it can be tried again', async () => {
    const store = createStore();
    fetchMock.mockResolvedValueOnce(
      json(200, { data: [card('a')], next: '/v1/users/discover?offset=20', warnings: NO_WARNINGS }),
    );
    await store.dispatch(loadDiscover(DEFAULT_FILTERS));
    fetchMock.mockResolvedValueOnce(json(500, { message: 'Server error', code: 'x' }));
    await store.dispatch(loadMoreDiscover('/v1/users/discover?offset=20'));
    expect(discover(store)).toMatchObject({ status: 'loaded', more: 'error' });
    expect(discover(store).cards).toHaveLength(1);
  });

  it('reports a failed first page with the server message', async () => {
    const store = createStore();
    fetchMock.mockResolvedValueOnce(json(500, { message: 'Server error', code: 'x' }));
    await store.dispatch(loadDiscover(DEFAULT_FILTERS));
    expect(discover(store)).toMatchObject({ status: 'error', error: { message: 'Server error' } });
  });
});

describe('follow from a card', () => {
  async function withCards() {
    const store = createStore();
    fetchMock.mockResolvedValueOnce(
      json(200, { data: [card('sofia'), card('luna')], next: null, warnings: NO_WARNINGS }),
    );
    await store.dispatch(loadDiscover(DEFAULT_FILTERS));
    return store;
  }

  it('shows Following at once, and calls POST then DELETE /v1/users/following', async () => {
    const store = await withCards();
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = store.dispatch(setFollowing({ userId: 'sofia', following: true }));
    expect(discover(store).cards[0]!.is_followee).toBe(true);
    expect(discover(store).pendingFollow).toEqual(['sofia']);
    answer(json(200, { is_followee: true }));
    await pending;
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'POST', body: '{"user_id":"sofia"}' });
    expect(discover(store).pendingFollow).toEqual([]);

    fetchMock.mockResolvedValueOnce(json(200, { is_followee: false }));
    await store.dispatch(setFollowing({ userId: 'sofia', following: false }));
    expect(fetchMock.mock.calls[2]![1]).toMatchObject({ method: 'DELETE' });
    expect(requested(2).search).toBe('?user_id=sofia');
    expect(discover(store).cards[0]!.is_followee).toBe(false);
  });

  it('goes back to Follow and shows the block message when the server refuses', async () => {
    const store = await withCards();
    fetchMock.mockResolvedValueOnce(json(403, { message: BLOCKED, code: 'blocked' }));
    await store.dispatch(setFollowing({ userId: 'luna', following: true }));
    expect(discover(store).cards[1]!.is_followee).toBe(false);
    expect(discover(store).followErrors).toEqual({ luna: BLOCKED });
  });
});

describe('suggestion stack', () => {
  it('moves the first suggested card to history when it is visited', async () => {
    const store = createStore();
    fetchMock.mockResolvedValueOnce(
      json(200, {
        data: [card('a'), card('b', { is_followee: true }), card('c')],
        next: null,
        warnings: NO_WARNINGS,
      }),
    );
    await store.dispatch(loadDiscover(DEFAULT_FILTERS));
    store.dispatch(cardVisited());
    expect(discover(store).stack.cards.map((c) => c._id)).toEqual(['c']);
    expect(discover(store).stack.history.map((c) => c._id)).toEqual(['a']);
  });
});

describe('visited suggestions on this device', () => {
  it('are stored for the signed-in user when visited, and leave the stack when restored', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? (k === 'auth-token' ? 'token' : null),
      setItem: (k: string, v: string) => stored.set(k, v),
      removeItem: (k: string) => stored.delete(k),
    });
    const signedIn = (store: ReturnType<typeof createStore>) =>
      store.dispatch(userUpdated({ _id: 'sam' } as Parameters<typeof userUpdated>[0]));
    const page = () => json(200, { data: [card('a'), card('b')], next: null, warnings: NO_WARNINGS });

    const before = createStore();
    signedIn(before);
    fetchMock.mockResolvedValueOnce(page());
    await before.dispatch(loadDiscover(DEFAULT_FILTERS));
    before.dispatch(visitCard());
    expect(stored.get('discover-card-history')).toBe('sam|a');

    // After a reload (a new store), the visited card is not offered again.
    const after = createStore();
    signedIn(after);
    after.dispatch(restoreCardHistory());
    fetchMock.mockResolvedValueOnce(page());
    await after.dispatch(loadDiscover(DEFAULT_FILTERS));
    expect(discover(after).stack.cards.map((c) => c._id)).toEqual(['b']);
  });
});
