import { endpoints, type FeedPage, type FeedPost } from '@parlor/contract';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { call, follow } from '../../platform/api';
import { FIRST_PAGE_QUERY } from '../../platform/pagedList';
import { applyEvent, type EventAppliers, realtimeEvent } from '../../platform/realtimeEvent';
import { createApiThunk } from '../../platform/requests';
import { rootReducer } from '../../platform/rootReducer';
import type { RootState } from '../../platform/storeTypes';
import { unreadFeedsChanged } from '../auth/authSlice';
import { subscribe } from '../subscriptions/subscriptionsSlice';

/** A feed is fetched again only when its last fetch is older than this, unless forced. */
export const FEED_CACHE_MS = 600_000;

/** One list of posts: the home feed, or one creator's posts (pinned first, as the server orders them). */
export interface FeedList {
  ids: string[];
  next: string | null;
  status: 'idle' | 'loading' | 'loadingMore' | 'ready' | 'error';
  error: string | null;
  /** When the first page last arrived (ms since epoch); the cache rule counts from here. */
  fetchedAt: number | null;
  /** A new_feed event said this list has posts it does not show: the next open refetches. */
  stale: boolean;
  /** A creator's list: whether I subscribe to that creator. */
  isSubscribed: boolean | null;
}

/** Posts are kept once by id, so patching one post changes it in every list that shows it. */
export interface FeedState {
  posts: Record<string, FeedPost>;
  home: FeedList;
  creators: Record<string, FeedList>;
  /** My own posts still to appear, soonest first. */
  scheduled: FeedList;
}

export const emptyFeedList = (): FeedList => ({
  ids: [],
  next: null,
  status: 'idle',
  error: null,
  fetchedAt: null,
  stale: false,
  isSubscribed: null,
});

export const initialFeedState: FeedState = {
  posts: {},
  home: emptyFeedList(),
  creators: {},
  scheduled: emptyFeedList(),
};

/** Which list: the home feed (no model id), one creator's, or my scheduled posts. */
export interface FeedRef {
  modelId?: string | undefined;
  scheduled?: boolean | undefined;
}

function listOf(state: FeedState, modelId: string | undefined, scheduled?: boolean): FeedList | undefined {
  if (scheduled) return state.scheduled;
  return modelId === undefined ? state.home : state.creators[modelId];
}
function ensureList(state: FeedState, modelId: string | undefined, scheduled?: boolean): FeedList {
  if (scheduled) return state.scheduled;
  if (modelId === undefined) return state.home;
  state.creators[modelId] ??= emptyFeedList();
  return state.creators[modelId];
}

const publishTime = (post: FeedPost | undefined) => Date.parse(post?.publish_at ?? '') || 0;

/** A scheduled post in its place among mine, soonest first; a published one leaves the list. */
function placeScheduled(state: FeedState, post: FeedPost) {
  const list = state.scheduled;
  list.ids = list.ids.filter((id) => id !== post._id);
  if (post.status !== 'scheduled' || list.fetchedAt === null) return;
  const at = list.ids.findIndex((id) => publishTime(state.posts[id]) > publishTime(post));
  list.ids.splice(at === -1 ? list.ids.length : at, 0, post._id);
}

/**
 * The cache rule: a list is (re)fetched when it was never fetched, when forced (pull to refresh),
 * when an event made it stale, or when its last fetch is more than FEED_CACHE_MS old.
 */
export function needsFetch(list: FeedList | undefined, now: number, force = false): boolean {
  if (!list || list.fetchedAt === null) return true;
  if (list.status === 'loading') return false;
  return force || list.stale || now - list.fetchedAt > FEED_CACHE_MS;
}

/**
 * GET /v1/feed, first page: the home feed, or with `modelId` one creator's. Skipped (no request)
 * under the cache rule. Opening the home feed resets `unread_feeds` on the server, so the badge
 * goes to 0 here too.
 */
export const loadFeed = createApiThunk(
  'feed/load',
  async ({ modelId, scheduled }: FeedRef & { force?: boolean }, { dispatch }) => {
    const page = await call(endpoints.listFeed, {
      query: {
        ...FIRST_PAGE_QUERY,
        ...(scheduled ? { status: 'scheduled' as const } : modelId ? { model_id: modelId } : {}),
      },
    });
    if (modelId === undefined && !scheduled) dispatch(unreadFeedsChanged(0));
    return { page, fetchedAt: Date.now() };
  },
  ({ modelId, scheduled, force }, getState) =>
    needsFetch(listOf(selectFeed(getState()), modelId, scheduled), Date.now(), force),
);

/** The following page, by the `next` link of the last one; skipped while a page is on its way. */
export const loadMoreFeed = createApiThunk(
  'feed/loadMore',
  async ({ modelId, scheduled }: FeedRef, { getState }): Promise<FeedPage> => {
    const next = listOf(selectFeed(getState()), modelId, scheduled)?.next;
    if (!next) return { data: [], next: null };
    return follow(endpoints.listFeed, next);
  },
  ({ modelId, scheduled }, getState) => {
    const list = listOf(selectFeed(getState()), modelId, scheduled);
    return !!list?.next && list.status === 'ready';
  },
);

/** new_feed: the home feed and that creator's list are behind; the unread badge is auth's. */
const feedAppliers: EventAppliers<FeedState> = {
  new_feed(state, data, { me }) {
    state.home.stale = true;
    const creator = state.creators[data.model_id];
    if (creator) creator.stale = true;
    // One of my own scheduled posts appeared: the list of those still waiting is behind.
    if (data.model_id === me) state.scheduled.stale = true;
  },
};

function mergePage(state: FeedState, list: FeedList, page: FeedPage, replace: boolean) {
  for (const post of page.data) state.posts[post._id] = post;
  const incoming = page.data.map((p) => p._id);
  if (replace) {
    list.ids = incoming;
  } else {
    // Offsets shift when posts arrive meanwhile: a post already shown is not listed twice.
    const known = new Set(list.ids);
    list.ids.push(...incoming.filter((id) => !known.has(id)));
  }
  list.next = page.next;
  if (page.is_subscribed !== undefined) list.isSubscribed = page.is_subscribed;
}

/** Puts a post where the server would list it on its creator's page: pinned first, then by date. */
function placeOnPage(state: FeedState, list: FeedList, post: FeedPost) {
  const at = list.ids.findIndex((id) => {
    const other = state.posts[id];
    if (!other) return false;
    if (post.pinned) return !other.pinned || other.created_at <= post.created_at;
    return !other.pinned && other.created_at <= post.created_at;
  });
  list.ids.splice(at === -1 ? list.ids.length : at, 0, post._id);
}

export const feedSlice = createSlice({
  name: 'feed',
  initialState: initialFeedState,
  reducers: {
    /** A post as the server answered it now (edited, pinned, bought): replaces it wherever shown. */
    postPatched(state, action: PayloadAction<FeedPost>) {
      const post = action.payload;
      const old = state.posts[post._id];
      state.posts[post._id] = post;
      // Pinning moves a post on its creator's page: pinned posts first, then the rest newest first.
      const list = state.creators[post.model._id];
      if (old && old.pinned !== post.pinned && list) {
        list.ids = list.ids.filter((id) => id !== post._id);
        placeOnPage(state, list, post);
      }
      // Published now, or moved to another time: the scheduled list follows.
      if (old?.status === 'scheduled' || post.status === 'scheduled') placeScheduled(state, post);
    },
    /** My new post: after the pinned ones on my page (my own posts are not in my home feed). */
    postAdded(state, action: PayloadAction<FeedPost>) {
      const post = action.payload;
      state.posts[post._id] = post;
      const list = state.creators[post.model._id];
      if (list && !list.ids.includes(post._id)) placeOnPage(state, list, post);
      if (post.status === 'scheduled') placeScheduled(state, post);
    },
    /** A deleted post leaves every list. */
    postRemoved(state, action: PayloadAction<string>) {
      const id = action.payload;
      delete state.posts[id];
      state.home.ids = state.home.ids.filter((x) => x !== id);
      for (const list of Object.values(state.creators)) list.ids = list.ids.filter((x) => x !== id);
      state.scheduled.ids = state.scheduled.ids.filter((x) => x !== id);
    },
  },
  extraReducers: (builder) => {
    builder
      // A new subscription opens that creator's private posts in the home feed too.
      .addCase(subscribe.fulfilled, (state) => {
        state.home.stale = true;
      })
      .addCase(loadFeed.pending, (state, action) => {
        const list = ensureList(state, action.meta.arg.modelId, action.meta.arg.scheduled);
        list.status = 'loading';
        list.error = null;
      })
      .addCase(loadFeed.fulfilled, (state, action) => {
        const list = ensureList(state, action.meta.arg.modelId, action.meta.arg.scheduled);
        mergePage(state, list, action.payload.page, true);
        list.fetchedAt = action.payload.fetchedAt;
        list.stale = false;
        list.status = 'ready';
      })
      .addCase(loadFeed.rejected, (state, action) => {
        if (action.meta.aborted) return;
        const list = ensureList(state, action.meta.arg.modelId, action.meta.arg.scheduled);
        list.status = list.fetchedAt === null ? 'error' : 'ready';
        list.error = action.payload?.message ?? 'The feed could not be loaded.';
      })
      .addCase(loadMoreFeed.pending, (state, action) => {
        const list = ensureList(state, action.meta.arg.modelId, action.meta.arg.scheduled);
        list.status = 'loadingMore';
        list.error = null;
      })
      .addCase(loadMoreFeed.fulfilled, (state, action) => {
        const list = ensureList(state, action.meta.arg.modelId, action.meta.arg.scheduled);
        mergePage(state, list, action.payload, false);
        list.status = 'ready';
      })
      .addCase(loadMoreFeed.rejected, (state, action) => {
        const list = ensureList(state, action.meta.arg.modelId, action.meta.arg.scheduled);
        list.status = 'ready';
        list.error = action.payload?.message ?? 'More posts could not be loaded.';
      })
      .addCase(realtimeEvent, (state, action) => applyEvent(feedAppliers, state, action.payload));
  },
});

export const { postPatched, postAdded, postRemoved } = feedSlice.actions;

declare module '../../platform/rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof feedSlice> {}
}
/** Added to the store when a feed's code loads (platform/rootReducer.ts). */
const injected = feedSlice.injectInto(rootReducer);

/** Its initial state until its first action has reached the store. */
export const selectFeed = (state: RootState) => injected.selectSlice(state);
const EMPTY = emptyFeedList();
export const selectFeedList = (state: RootState, modelId?: string, scheduled?: boolean): FeedList =>
  listOf(selectFeed(state), modelId, scheduled) ?? EMPTY;
export const selectPost = (state: RootState, id: string): FeedPost | undefined => selectFeed(state).posts[id];
