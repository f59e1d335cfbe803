import type { User } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { userUpdated } from '../auth/authSlice';
import { loadFeed, postPatched, selectFeed, selectFeedList } from './feedSlice';
import { feedPost } from './feedTestData';
import { createPost, updatePost } from './feedThunks';
import { PostCard } from './PostCard';

// A creator's post set for later: only she sees it until then, in a Scheduled list soonest first
// and with a badge that says when, and she publishes it now or moves it.

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const ME = 'mila';
const later = (id: string, at: string) =>
  feedPost(id, { model: { _id: ME, username: ME, avatar: null }, status: 'scheduled', publish_at: at });

let answers: unknown[];
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
      return new Response(JSON.stringify(answers.shift() ?? { data: [], next: null }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function creatorWithScheduled() {
  const store = createStore();
  store.dispatch(userUpdated({ _id: ME, username: ME, type: 'featured', role: 'user' } as User));
  answers.push({
    data: [later('p1', '2026-12-04T09:00:00.000Z'), later('p3', '2026-12-06T09:00:00.000Z')],
    next: null,
  });
  await store.dispatch(loadFeed({ scheduled: true }));
  return store;
}
const scheduledIds = (store: ReturnType<typeof createStore>) =>
  selectFeedList(store.getState(), undefined, true).ids;

describe('scheduled posts', () => {
  it('are read with status=scheduled, and a new one joins them in its place', async () => {
    const store = await creatorWithScheduled();
    expect(sent[0]!.url.searchParams.get('status')).toBe('scheduled');
    expect(sent[0]!.url.searchParams.has('model_id')).toBe(false);
    answers.push(later('p2', '2026-12-05T09:00:00.000Z'));
    const result = await store.dispatch(
      createPost({ text: 'Soon', private_feed: false, price: 0, publish_at: '2026-12-05T09:00:00.000Z' }),
    );
    expect(result.ok).toBe(true);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { publish_at: '2026-12-05T09:00:00.000Z' } });
    expect(scheduledIds(store)).toEqual(['p1', 'p2', 'p3']);
  });

  it('leave the list when published now, and move when their time changes', async () => {
    const store = await creatorWithScheduled();
    store.dispatch(postPatched(later('p3', '2026-12-04T08:00:00.000Z')));
    expect(scheduledIds(store)).toEqual(['p3', 'p1']);
    answers.push(feedPost('p1', { model: { _id: ME, username: ME, avatar: null } }));
    await store.dispatch(updatePost('p1', { publish_at: null }));
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { publish_at: null } });
    expect(scheduledIds(store)).toEqual(['p3']);
    expect(selectFeed(store.getState()).posts.p1?.status).toBe('published');
  });

  it('are read again after one of them appeared', async () => {
    const store = await creatorWithScheduled();
    handleServerEvent(store, ME, 'new_feed', { model_id: ME });
    expect(selectFeedList(store.getState(), undefined, true).stale).toBe(true);
  });

  it('carry a badge saying when they appear, in her zone', () => {
    const store = createStore();
    store.dispatch(userUpdated({ _id: ME, username: ME, type: 'featured', role: 'user' } as User));
    const html = renderToStaticMarkup(
      <Provider store={store}>
        <MemoryRouter>
          <PostCard post={later('p1', '2026-12-04T09:00:00.000Z')} />
          <PostCard post={feedPost('p2')} />
        </MemoryRouter>
      </Provider>,
    );
    expect(html.match(/data-testid="scheduled-badge"/g)).toHaveLength(1);
    expect(html.replace(/<[^>]+>/g, '')).toMatch(/Scheduled for Fri, Dec 4, 10:00\s?AM \(Europe\/Berlin\)/);
  });
});
