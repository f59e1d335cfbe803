import { ERRORS, type FeedPost, SCHEDULE_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { type Account, photo, post, subscribe } from './support/feed';
import { manualClock, type TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

// Scheduled posts (docs/feed.md "Scheduled posts"): only the owner sees one until its time, when the
// durable queue makes it appear at the top of feeds and its followers hear of it.

const clock = manualClock();
const it = apiTest({ SESSION_TTL_DAYS: '365' }, { clock });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
const drain = (server: TestServer) => server.app.ctx.queue.drain();
const ids = (page: { data: FeedPost[] }) => page.data.map((p) => p._id);

async function follower(w: World, creator: Account) {
  const fan = await w.fan();
  const res = await w.api.call('POST', '/v1/users/following', {
    token: fan.token,
    body: { user_id: creator.user._id },
  });
  expect(res.status).toBe(200);
  return fan;
}

async function feedOf(w: World, token: string | undefined, query = '') {
  const res = await w.api.request('GET', `/v1/feed${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: FeedPost[] };
}

/** The `new_feed` frames a socket got for a post, after the server had a moment to send them. */
async function announcements(socket: Awaited<ReturnType<typeof connectSocket>>, postId: string) {
  await new Promise((r) => setTimeout(r, 300));
  return socket.frames.filter((f) => f.event === 'new_feed' && f.data.feed_id === postId);
}

describe('scheduled posts', () => {
  it('only the owner sees one before its time: feeds, her page, its buying and the post count', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await follower(w, creator);
    await subscribe(w, fan, creator);
    await w.giveCredits(fan.user._id, 100);
    const publishAt = later(2 * HOUR);
    const paid = await post(w, creator, {
      text: 'tonight',
      public_id: (await photo(server, creator, '#204060')).public_id,
      price: 20,
      publish_at: publishAt,
    });
    expect(paid).toMatchObject({ status: 'scheduled', publish_at: publishAt, price: 20, locked: false });
    const sooner = await post(w, creator, { text: 'in an hour', publish_at: later(HOUR) });
    const now = await post(w, creator, { text: 'right now' });
    expect(now).toMatchObject({ status: 'published', publish_at: null });

    for (const token of [fan.token, undefined]) {
      expect(ids(await feedOf(w, token, `?model_id=${creator.user._id}`))).toEqual([now._id]);
    }
    expect(ids(await feedOf(w, fan.token))).toEqual([now._id]);
    const buy = await w.api.call('PATCH', `/v1/feed/${paid._id}/buy`, { token: fan.token });
    expect(buy.status).toBe(404);
    expect(buy.body.message).toBe(ERRORS.postNotFound);
    const fanPatch = await w.api.call('PATCH', `/v1/feed/${paid._id}`, {
      token: fan.token,
      body: { publish_at: null },
    });
    expect(fanPatch.status).toBe(404);
    const profile = (token?: string) => w.api.request('GET', `/v1/users/${creator.user.username}`, { token });
    expect((await profile(fan.token)).body.posts).toBe(1);
    expect((await profile(creator.token)).body.posts).toBe(1);

    // Her own page shows them, the one to appear last on top; her scheduled list soonest first.
    const own = await feedOf(w, creator.token, `?model_id=${creator.user._id}`);
    expect(ids(own)).toEqual([paid._id, sooner._id, now._id]);
    expect(own.data[0]).toMatchObject({ status: 'scheduled', publish_at: publishAt });
    expect(ids(await feedOf(w, creator.token, '?status=scheduled'))).toEqual([sooner._id, paid._id]);
    expect(ids(await feedOf(w, fan.token, '?status=scheduled'))).toEqual([]);
    expect((await w.api.request('GET', '/v1/feed?status=scheduled', {})).status).toBe(401);
  });

  it('appears at its time on top of the feeds, and only then do followers get new_feed, once', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await follower(w, creator);
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    const scheduled = await post(w, creator, { text: 'worth the wait', publish_at: later(HOUR) });
    const meanwhile = await post(w, creator, { text: 'posted meanwhile' });
    await socket.next('new_feed', (d) => d.feed_id === meanwhile._id);
    await drain(server);
    clock.advance(HOUR - MINUTE);
    await drain(server);
    expect(await announcements(socket, scheduled._id)).toEqual([]);
    expect(ids(await feedOf(w, fan.token))).toEqual([meanwhile._id]);

    clock.advance(2 * MINUTE);
    await drain(server);
    await drain(server);
    const heard = await announcements(socket, scheduled._id);
    expect(heard.map((f) => f.data)).toEqual([{ feed_id: scheduled._id, model_id: creator.user._id }]);
    // The fan last opened the feed before it appeared: it is new to them.
    const me = await w.api.call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.unread_feeds).toBe(1);
    // Ordered by when it appeared, not buried at the time it was written.
    const home = await feedOf(w, fan.token);
    expect(ids(home)).toEqual([scheduled._id, meanwhile._id]);
    expect(home.data[0]).toMatchObject({ status: 'published', publish_at: null, text: 'worth the wait' });
    expect(new Date(home.data[0]!.created_at).getTime()).toBeGreaterThan(
      new Date(meanwhile.created_at).getTime(),
    );
    socket.close();
  });

  it('PATCH moves it or publishes it now; a published post takes no time; bad times are 400', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await follower(w, creator);
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    const moved = await post(w, creator, { text: 'moved', publish_at: later(HOUR) });
    const now = await post(w, creator, { text: 'now instead', publish_at: later(HOUR) });

    const published = await w.api.call('PATCH', `/v1/feed/${now._id}`, {
      token: creator.token,
      body: { publish_at: null },
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', publish_at: null });
    await socket.next('new_feed', (d) => d.feed_id === now._id);
    expect(ids(await feedOf(w, fan.token))).toEqual([now._id]);

    const to = later(3 * HOUR);
    const patched = await w.api.call('PATCH', `/v1/feed/${moved._id}`, {
      token: creator.token,
      body: { publish_at: to, text: 'moved later' },
    });
    expect(patched.body).toMatchObject({ status: 'scheduled', publish_at: to, text: 'moved later' });
    clock.advance(HOUR + MINUTE);
    await drain(server);
    expect(ids(await feedOf(w, fan.token))).toEqual([now._id]);
    expect(await announcements(socket, moved._id)).toEqual([]);
    // The first time's job did not publish `now` a second time either.
    expect(await announcements(socket, now._id)).toEqual([]);
    clock.advance(2 * HOUR);
    await drain(server);
    expect(ids(await feedOf(w, fan.token))).toEqual([moved._id, now._id]);
    expect(await announcements(socket, moved._id)).toHaveLength(1);

    const again = await w.api.call('PATCH', `/v1/feed/${now._id}`, {
      token: creator.token,
      body: { publish_at: later(HOUR) },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SCHEDULE_MESSAGES.published);
    const pending = await post(w, creator, { text: 'pending', publish_at: later(HOUR) });
    for (const [at, message] of [
      [later(-MINUTE), SCHEDULE_MESSAGES.past],
      [later(91 * 24 * HOUR), SCHEDULE_MESSAGES.tooFar],
      ['next friday', SCHEDULE_MESSAGES.invalid],
    ] as const) {
      const create = await w.api.call('POST', '/v1/feed', {
        token: creator.token,
        body: { text: 'when?', publish_at: at },
      });
      expect(create.status, at).toBe(400);
      expect(create.body.message).toBe(message);
      const patch = await w.api.call('PATCH', `/v1/feed/${pending._id}`, {
        token: creator.token,
        body: { publish_at: at },
      });
      expect(patch.status, at).toBe(400);
      expect(patch.body.message).toBe(message);
    }
    const deleted = await w.api.call('DELETE', `/v1/feed/${pending._id}`, { token: creator.token });
    expect(deleted.status).toBe(200);
    clock.advance(HOUR + MINUTE);
    await drain(server);
    expect(await announcements(socket, pending._id)).toEqual([]);
    socket.close();
  });
});
