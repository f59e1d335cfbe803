import type { FeedPage, FeedPost, User } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import {
  emptyFeedList,
  FEED_CACHE_MS,
  type FeedList,
  loadFeed,
  loadMoreFeed,
  needsFetch,
  postAdded,
  postPatched,
  postRemoved,
  selectFeed,
} from './feedSlice';
import { feedPost } from './feedTestData';

const ME = 'fan1';

const post = feedPost;

const page = (ids: string[], next: string | null = null, extra: Partial<FeedPage> = {}): FeedPage => ({
  data: ids.map((id) => post(id)),
  next,
  ...extra,
});

let pages: FeedPage[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  pages = [];
  fetchMock = vi.fn(async () => {
    const body = pages.shift() ?? page([]);
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', { pathname: '/feed', protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', { cookie: '' });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function signedIn(unread = 0) {
  const store = createStore();
  store.dispatch(userUpdated({ _id: ME, username: 'alex', type: 'user', unread_feeds: unread } as User));
  return store;
}
const requested = (call: number) => new URL(String(fetchMock.mock.calls[call]?.[0]), 'http://parlor.test');

describe('the feed cache (refetched only after 10 minutes, unless forced)', () => {
  it('answers the rule for never fetched, fresh, old, forced and stale lists', () => {
    const list: FeedList = { ...emptyFeedList(), status: 'ready' };
    const now = 1_000_000;
    expect(needsFetch(undefined, now)).toBe(true);
    expect(needsFetch({ ...list, fetchedAt: null }, now)).toBe(true);
    expect(needsFetch({ ...list, fetchedAt: now - FEED_CACHE_MS }, now)).toBe(false);
    expect(needsFetch({ ...list, fetchedAt: now - FEED_CACHE_MS - 1 }, now)).toBe(true);
    expect(needsFetch({ ...list, fetchedAt: now - 1000 }, now, true)).toBe(true);
    expect(needsFetch({ ...list, fetchedAt: now - 1000, stale: true }, now)).toBe(true);
    expect(needsFetch({ ...list, fetchedAt: now - 1000, status: 'loading' }, now, true)).toBe(false);
  });

  it('serves the home feed from memory for 10 minutes, then asks again; a forced load asks at once', async () => {
    const store = signedIn();
    pages.push(page(['a']), page(['b', 'a']), page(['c', 'b', 'a']));
    await store.dispatch(loadFeed({}));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + FEED_CACHE_MS);
    await store.dispatch(loadFeed({}));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(selectFeed(store.getState()).home.ids).toEqual(['a']);

    vi.setSystemTime(Date.now() + 1);
    await store.dispatch(loadFeed({}));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(selectFeed(store.getState()).home.ids).toEqual(['b', 'a']);

    await store.dispatch(loadFeed({ force: true }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(selectFeed(store.getState()).home.ids).toEqual(['c', 'b', 'a']);
  });

  it("keeps each creator's list and its clock apart from the home feed", async () => {
    const store = signedIn();
    pages.push(page(['h1']), page(['m1'], null, { is_subscribed: false }));
    await store.dispatch(loadFeed({}));
    await store.dispatch(loadFeed({ modelId: 'mila' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(requested(1).searchParams.get('model_id')).toBe('mila');
    expect(selectFeed(store.getState()).creators.mila?.ids).toEqual(['m1']);
    expect(selectFeed(store.getState()).creators.mila?.isSubscribed).toBe(false);
    await store.dispatch(loadFeed({ modelId: 'mila' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('feed pages', () => {
  it('asks 20 at a time and follows `next`, without listing a post twice', async () => {
    const store = signedIn();
    pages.push(page(['a', 'b'], '/v1/feed?limit=20&offset=20'), page(['b', 'c'], null));
    await store.dispatch(loadFeed({}));
    expect(requested(0).pathname).toBe('/v1/feed');
    expect(requested(0).searchParams.get('limit')).toBe('20');
    expect(requested(0).searchParams.get('offset')).toBe('0');

    await store.dispatch(loadMoreFeed({}));
    expect(requested(1).searchParams.get('offset')).toBe('20');
    expect(selectFeed(store.getState()).home.ids).toEqual(['a', 'b', 'c']);
    expect(selectFeed(store.getState()).home.next).toBeNull();

    // The last page is reached: nothing more is asked.
    await store.dispatch(loadMoreFeed({}));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sets the unread count to 0 when the home feed opens, not when a creator page does', async () => {
    const store = signedIn(4);
    pages.push(page(['m1']), page(['a']));
    await store.dispatch(loadFeed({ modelId: 'mila' }));
    expect(store.getState().auth.user?.unread_feeds).toBe(4);
    await store.dispatch(loadFeed({}));
    expect(store.getState().auth.user?.unread_feeds).toBe(0);
  });
});

describe('patching and removing posts', () => {
  it('patches a post by id in every list that shows it, and moves a pinned post first on its page', async () => {
    const store = signedIn();
    const newest = { data: [post('a', { created_at: '2026-01-02T00:00:00.000Z' }), post('b')], next: null };
    pages.push(newest, newest);
    await store.dispatch(loadFeed({}));
    await store.dispatch(loadFeed({ modelId: 'mila' }));
    store.dispatch(postPatched(post('b', { text: 'edited', pinned: true })));
    const feed = selectFeed(store.getState());
    expect(feed.posts.b?.text).toBe('edited');
    expect(feed.creators.mila?.ids).toEqual(['b', 'a']);
    // The home feed stays newest first.
    expect(feed.home.ids).toEqual(['a', 'b']);

    // Unpinned, it goes back to its place by date.
    store.dispatch(postPatched(post('b', { pinned: false })));
    expect(selectFeed(store.getState()).creators.mila?.ids).toEqual(['a', 'b']);
  });

  it('puts my new post on my page after the pinned ones and removes a deleted one everywhere', async () => {
    const store = signedIn();
    pages.push(page(['a']), { data: [post('p', { pinned: true }), post('a')], next: null });
    await store.dispatch(loadFeed({}));
    await store.dispatch(loadFeed({ modelId: 'mila' }));
    store.dispatch(postAdded(post('n')));
    expect(selectFeed(store.getState()).creators.mila?.ids).toEqual(['p', 'n', 'a']);

    store.dispatch(postRemoved('a'));
    expect(selectFeed(store.getState()).home.ids).toEqual([]);
    expect(selectFeed(store.getState()).creators.mila?.ids).toEqual(['p', 'n']);
    expect(selectFeed(store.getState()).posts.a).toBeUndefined();
  });
});

describe('new_feed', () => {
  it('counts an unread post and makes the home feed and that creator page refetch however fresh', async () => {
    const store = signedIn(2);
    pages.push(page(['a']), page(['m1']), page(['s1']));
    await store.dispatch(loadFeed({}));
    await store.dispatch(loadFeed({ modelId: 'mila' }));
    await store.dispatch(loadFeed({ modelId: 'sofia' }));
    expect(store.getState().auth.user?.unread_feeds).toBe(0);

    handleServerEvent(store, ME, 'new_feed', { feed_id: 'n', model_id: 'mila' });
    const state = store.getState();
    expect(state.auth.user?.unread_feeds).toBe(1);
    expect(selectFeed(state).home.stale).toBe(true);
    expect(selectFeed(state).creators.mila?.stale).toBe(true);
    expect(selectFeed(state).creators.sofia?.stale).toBe(false);

    pages.push(page(['n', 'a']));
    await store.dispatch(loadFeed({}));
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(selectFeed(store.getState()).home.ids).toEqual(['n', 'a']);
    expect(selectFeed(store.getState()).home.stale).toBe(false);
  });

  it('stops counting at the server cap of 100', () => {
    const store = signedIn(100);
    handleServerEvent(store, ME, 'new_feed', { feed_id: 'n', model_id: 'mila' });
    expect(store.getState().auth.user?.unread_feeds).toBe(100);
  });
});
