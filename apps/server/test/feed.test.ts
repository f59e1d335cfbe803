import { ERRORS, type FeedPost } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { balances, creatorShare } from './support/balances';
import { creatorWithPosts, photo, post, subscribe } from './support/feed';
import { BLUR_URL, FULL_URL, photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';

const it = apiTest();

describe('publishing', () => {
  it('creates the five post types, edits, pins and deletes, owner only', async ({ server, w, call }) => {
    const creator = await w.creator();
    const media = await photo(server, creator, '#445566');
    const text = await post(w, creator, { text: '  just words  ' });
    expect(text).toMatchObject({ type: 'featured', text: 'just words', media: null, locked: false });
    expect(text.model).toMatchObject({ _id: creator.user._id, username: creator.user.username });
    expect(await post(w, creator, { public_id: media.public_id })).toMatchObject({ type: 'image' });
    expect(await post(w, creator, { media_id: media.media_id, type: 'imageOrVideo' })).toMatchObject({
      type: 'imageOrVideo',
    });
    expect(await post(w, creator, { public_id: media.public_id, type: 'avatar' })).toMatchObject({
      type: 'avatar',
    });
    const mismatch = await call('POST', '/v1/feed', {
      token: creator.token,
      body: {
        public_id: media.public_id,
        type: 'video',
      },
    });
    expect(mismatch.status).toBe(400);

    const edited = await call('PATCH', `/v1/feed/${text._id}`, {
      token: creator.token,
      body: {
        text: 'new words',
        pinned: true,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ text: 'new words', pinned: true });
    const page = await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: creator.token });
    expect(page.body.data).toHaveLength(4);
    expect(page.body.data[0]).toMatchObject({ _id: text._id, pinned: true });

    // Nobody else edits or deletes it, and the answer does not tell them it exists.
    const other = await w.creator();
    const fan = await w.fan();
    for (const someone of [other, fan]) {
      const patch = await call('PATCH', `/v1/feed/${text._id}`, {
        token: someone.token,
        body: { text: 'mine now' },
      });
      expect(patch.status).toBe(404);
      expect(patch.body.message).toBe(ERRORS.postNotFound);
      expect((await call('DELETE', `/v1/feed/${text._id}`, { token: someone.token })).status).toBe(404);
    }
    expect(
      (await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: creator.token })).body.data[0]
        .text,
    ).toBe('new words');

    const del = await call('DELETE', `/v1/feed/${text._id}`, { token: creator.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ _id: text._id, is_deleted: true });
    expect((await call('DELETE', `/v1/feed/${text._id}`, { token: creator.token })).status).toBe(404);
    expect(
      (await call('PATCH', `/v1/feed/${text._id}`, { token: creator.token, body: { pinned: false } })).status,
    ).toBe(404);
    expect(
      (await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: creator.token })).body.data,
    ).toHaveLength(3);
  });

  it('refuses fans, bad input, and media that is not the creator’s own', async ({ server, w, call }) => {
    const fan = await w.fan();
    const res = await call('POST', '/v1/feed', { token: fan.token, body: { text: 'hi' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ERRORS.feedCreatorsOnly);

    const creator = await w.creator();
    const other = await w.creator();
    const theirs = await photo(server, other, '#998877');
    const bad: [Record<string, unknown>, number][] = [
      [{}, 400],
      [{ text: '   ' }, 400],
      [{ text: 'x'.repeat(2001) }, 400],
      [{ text: 'paid words', price: 10 }, 400],
      [{ text: 'x', price: -1 }, 400],
      [{ text: 'x', price: 1.5 }, 400],
      [{ text: 'x', type: 'selfie' }, 400],
      [{ text: 'x', private_feed: 'yes' }, 400],
      [{ public_id: theirs.public_id }, 404],
      [{ media_id: theirs.media_id }, 404],
      [{ public_id: 'nope' }, 404],
    ];
    for (const [body, status] of bad) {
      const r = await call('POST', '/v1/feed', { token: creator.token, body: body });
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(typeof r.body.message).toBe('string');
    }
    for (const id of ['abc', '0', '99999999999', "1'--"]) {
      expect(
        (
          await call('PATCH', `/v1/feed/${encodeURIComponent(id)}`, {
            token: creator.token,
            body: { text: 'a' },
          })
        ).status,
      ).toBe(404);
      expect(
        (await call('PATCH', `/v1/feed/${encodeURIComponent(id)}/buy`, { token: creator.token })).status,
      ).toBe(404);
    }
    expect((await call('GET', '/v1/feed?model_id=not-a-user', { token: creator.token })).status).toBe(404);
    expect((await call('GET', '/v1/feed?limit=21', { token: creator.token })).status).toBe(400);
  });
});

describe('locking', () => {
  it('never gives a locked post a full-size URL: home feed, creator page and new_feed', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const stranger = await w.fan();
    await subscribe(w, fan, creator);
    const fanSocket = await connectSocket(server.url, fan.token);
    const { priv, paid, pub } = await (async () => {
      const p = await post(w, creator, {
        text: 'hello',
        public_id: (await photo(server, creator, '#111111')).public_id,
      });
      const v = await post(w, creator, {
        text: 'secret',
        public_id: (await photo(server, creator, '#222222')).public_id,
        private_feed: true,
      });
      const d = await post(w, creator, {
        text: 'paid',
        public_id: (await photo(server, creator, '#333333')).public_id,
        price: 30,
      });
      return { pub: p, priv: v, paid: d };
    })();
    const event = await fanSocket.next('new_feed', (d) => d.feed_id === paid._id);
    expect(event.data).toEqual({ feed_id: paid._id, model_id: creator.user._id });
    expect(JSON.stringify(fanSocket.frames)).not.toMatch(FULL_URL);
    fanSocket.close();

    // The owner sees everything.
    const own = await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: creator.token });
    expect(own.body.data.every((p: { locked: boolean }) => !p.locked)).toBe(true);

    // The subscriber: public and private open, the paid one locked until bought.
    const home = await call('GET', '/v1/feed', { token: fan.token });
    expect(home.status).toBe(200);
    const byId = (page: { data: FeedPost[] }) => {
      const posts = new Map(page.data.map((p) => [p._id, p]));
      return (id: string) => {
        const found = posts.get(id);
        if (!found) throw new Error(`post ${id} missing from the page`);
        return found;
      };
    };
    const seen = byId(home.body);
    expect(seen(pub._id)).toMatchObject({ locked: false, is_paid: true });
    expect(seen(pub._id).media?.rt).toMatch(FULL_URL);
    expect(seen(priv._id)).toMatchObject({ locked: false, text: 'secret' });
    expect(seen(paid._id)).toMatchObject({ locked: true, is_paid: false, price: 30, text: 'paid' });
    expect(JSON.stringify(seen(paid._id))).not.toMatch(FULL_URL);
    expect(seen(paid._id).media?.blur).toMatch(BLUR_URL);
    expect(seen(paid._id).media?.media_id).toBeNull();

    // Someone who does not subscribe: the creator page locks private and paid, and is_subscribed is false.
    const page = await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: stranger.token });
    expect(page.body.is_subscribed).toBe(false);
    const theirs = byId(page.body);
    expect(theirs(pub._id).locked).toBe(false);
    expect(theirs(priv._id)).toMatchObject({ locked: true, text: null });
    expect(theirs(paid._id).locked).toBe(true);
    expect(JSON.stringify([theirs(priv._id), theirs(paid._id)])).not.toMatch(FULL_URL);
    expect(
      (await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: fan.token })).body.is_subscribed,
    ).toBe(true);
    // Not subscribed, so nothing of hers in the stranger's home feed.
    expect((await call('GET', '/v1/feed', { token: stranger.token })).body.data).toEqual([]);
    // A private post is for subscribers: buying it does not get around that.
    await w.giveCredits(stranger.user._id, 100);
    const privPaid = await post(w, creator, {
      public_id: (await photo(server, creator, '#444444')).public_id,
      private_feed: true,
      price: 5,
    });
    const refused = await call('PATCH', `/v1/feed/${privPaid._id}/buy`, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ERRORS.subscribeToSeePost);
  });

  it('pages by 20 with next', async ({ w, call }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await subscribe(w, fan, creator);
    for (let i = 0; i < 23; i++) await post(w, creator, { text: `post ${i}` });
    const first = await call('GET', '/v1/feed', { token: fan.token });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0].text).toBe('post 22');
    expect(first.body.next).toBe('/v1/feed?limit=20&offset=20');
    const second = await call('GET', first.body.next, { token: fan.token });
    expect(second.body.data.map((p: { text: string }) => p.text)).toEqual(['post 2', 'post 1', 'post 0']);
    expect(second.body.next).toBeNull();
    const model = await call('GET', `/v1/feed?model_id=${creator.user._id}&limit=5`, { token: fan.token });
    expect(model.body.next).toBe(`/v1/feed?limit=5&offset=5&model_id=${creator.user._id}`);
  });
});

describe('buying', () => {
  it('charges once when a fan sends 10 buys at once, then unlocks the post', async ({ server, w, call }) => {
    const { creator, paid } = await creatorWithPosts(w, server);
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    const creatorSocket = await connectSocket(server.url, creator.token);
    await creatorSocket.next('init');
    const buys = await Promise.all(
      Array.from({ length: 10 }, () => call('PATCH', `/v1/feed/${paid._id}/buy`, { token: fan.token })),
    );
    const statuses = buys.map((b) => b.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const ok = buys.find((b) => b.status === 200)!;
    expect(ok.body.credits).toBe(70);
    expect(ok.body.post).toMatchObject({ _id: paid._id, locked: false, is_paid: true });
    expect(ok.body.post.media?.rt).toMatch(FULL_URL);
    for (const b of buys.filter((x) => x.status === 409))
      expect(b.body.message).toBe(ERRORS.alreadyPurchased);
    const db = server.app.ctx.db;
    expect((await balances(db, fan.user._id)).credits).toBe(70);
    expect((await balances(db, creator.user._id)).earnings).toBe(creatorShare(30));
    const entries = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', 'like', `%paid_post:${paid._id}`)
      .execute();
    // The fan's debit, the creator's credit and the platform's fee: once each.
    expect(entries).toHaveLength(3);
    const again = await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: fan.token });
    expect(again.body.data.find((p: { _id: string }) => p._id === paid._id)).toMatchObject({ locked: false });
    // The buyer became her fan, once.
    const newFan = await creatorSocket.next('new_fan');
    expect(newFan.data).toMatchObject({ user_id: fan.user._id, relationship: 'fan' });
    await expect(creatorSocket.next('new_fan', () => true, 300)).rejects.toThrow();
    creatorSocket.close();
  });

  it('answers 402 on a short balance, 409 for free posts, 400 for one’s own, 403 for an unmoderated creator', async ({
    server,
    w,
    call,
  }) => {
    const { creator, paid, pub } = await creatorWithPosts(w, server);
    const broke = await w.fan();
    const none = await call('PATCH', `/v1/feed/${paid._id}/buy`, { token: broke.token });
    expect(none.status).toBe(402);
    expect(none.body.message).toBe(ERRORS.noCredits);
    await w.giveCredits(broke.user._id, 10);
    const low = await call('PATCH', `/v1/feed/${paid._id}/buy`, { token: broke.token });
    expect(low.status).toBe(402);
    expect(low.body.message).toBe(ERRORS.balanceTooLow);
    expect((await balances(server.app.ctx.db, broke.user._id)).credits).toBe(10);
    expect((await call('PATCH', `/v1/feed/${pub._id}/buy`, { token: broke.token })).status).toBe(409);
    expect((await call('PATCH', `/v1/feed/${paid._id}/buy`, { token: creator.token })).status).toBe(400);

    const pending = await w.api.signUp('featured');
    await server.app.ctx.db
      .updateTable('users')
      .set({ requires_moderation: true, id_verification_status: 'pending' })
      .where('id', '=', pending.user._id)
      .execute();
    const media = await upload(server.url, pending.token, await photoWithGps(300, 300, '#abcdef'));
    const theirs = await call('POST', '/v1/feed', {
      token: pending.token,
      body: {
        public_id: media.body.media.public_id,
        price: 5,
      },
    });
    expect(theirs.status).toBe(200);
    await w.giveCredits(broke.user._id, 100);
    const blocked = await call('PATCH', `/v1/feed/${theirs.body._id}/buy`, { token: broke.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(ERRORS.payeeAwaitingModeration);
    // Deleted posts cannot be bought.
    await call('DELETE', `/v1/feed/${paid._id}`, { token: creator.token });
    expect((await call('PATCH', `/v1/feed/${paid._id}/buy`, { token: broke.token })).status).toBe(404);
  });
});

describe('followers', () => {
  it('a follower gets new_feed and sees public posts at home, private ones locked; unfollowing ends both', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const follow = await call('POST', '/v1/users/following', {
      token: fan.token,
      body: { user_id: creator.user._id },
    });
    expect(follow.status).toBe(200);
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    const pub = await post(w, creator, { text: 'for everyone' });
    const priv = await post(w, creator, {
      text: 'subscribers only',
      public_id: (await photo(server, creator, '#556677')).public_id,
      private_feed: true,
    });
    await socket.next('new_feed', (d) => d.feed_id === priv._id);
    socket.close();

    const home = await call('GET', '/v1/feed', { token: fan.token });
    const posts = new Map((home.body.data as FeedPost[]).map((p) => [p._id, p]));
    expect(posts.get(pub._id)).toMatchObject({ locked: false, text: 'for everyone' });
    expect(posts.get(priv._id)).toMatchObject({ locked: true, text: null });
    expect(JSON.stringify(posts.get(priv._id))).not.toMatch(FULL_URL);
    expect((await call('GET', '/v1/users/me', { token: fan.token })).body.unread_feeds).toBe(0);
    await post(w, creator, { text: 'another' });
    expect((await call('GET', '/v1/users/me', { token: fan.token })).body.unread_feeds).toBe(1);

    await call('DELETE', `/v1/users/following?user_id=${creator.user._id}`, { token: fan.token });
    expect((await call('GET', '/v1/feed', { token: fan.token })).body.data).toEqual([]);
    expect((await call('GET', '/v1/users/me', { token: fan.token })).body.unread_feeds).toBe(0);
  });
});

describe('avatar posts', () => {
  async function newAvatar(server: TestServer, token: string) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([await photoWithGps(600, 600, '#aa3355')], { type: 'image/jpeg' }),
      'me.jpg',
    );
    const res = await fetch(`${server.url}/v1/users/avatar`, {
      method: 'POST',
      headers: { 'access-token': token },
      body: form,
    });
    expect(res.status).toBe(200);
  }

  it('a creator’s new profile photo is an avatar post her followers see; a fan’s is not a post', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await call('POST', '/v1/users/following', { token: fan.token, body: { user_id: creator.user._id } });
    await newAvatar(server, creator.token);
    const home = await call('GET', '/v1/feed', { token: fan.token });
    expect(home.body.data).toHaveLength(1);
    expect(home.body.data[0]).toMatchObject({ type: 'avatar', locked: false, private_feed: false, price: 0 });
    expect(home.body.data[0].media?.rt).toMatch(FULL_URL);
    // The photo sits in her vault like any upload.
    const vault = await call('GET', '/v1/media', { token: creator.token });
    expect(vault.status).toBe(200);
    expect(vault.body.data).toHaveLength(1);

    await newAvatar(server, fan.token);
    const own = await call('GET', `/v1/feed?model_id=${fan.user._id}`, { token: creator.token });
    expect(own.body.data ?? []).toEqual([]);
  });
});

describe('unread_feeds', () => {
  it('counts posts since the home feed was opened, and opening its first page resets it', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await subscribe(w, fan, creator);
    const me = async () => (await call('GET', '/v1/users/me', { token: fan.token })).body.unread_feeds;
    expect(await me()).toBe(0);
    await post(w, creator, { text: 'one' });
    await post(w, creator, { text: 'two' });
    expect(await me()).toBe(2);
    // The creator page and later pages do not reset it.
    await call('GET', `/v1/feed?model_id=${creator.user._id}`, { token: fan.token });
    await call('GET', '/v1/feed?offset=20', { token: fan.token });
    expect(await me()).toBe(2);
    await call('GET', '/v1/feed', { token: fan.token });
    expect(await me()).toBe(0);
    await post(w, creator, { text: 'three' });
    expect(await me()).toBe(1);
    // A creator one does not subscribe to does not count.
    const other = await w.creator();
    await post(w, other, { text: 'elsewhere' });
    expect(await me()).toBe(1);
  });
});
