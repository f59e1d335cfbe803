import { ChatList } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World, world } from './support/world';

// The creator hears new_fan once per fan, whichever of follow, subscribe or pay came
// first; later, stronger relationships upgrade the `fans` row (docs/discover.md, "Fans").

const it = apiTest();

type Account = Awaited<ReturnType<ReturnType<typeof world>['fan']>>;

const follow = (w: World, fan: Account, creator: Account) =>
  w.api.call('POST', '/v1/users/following', { token: fan.token, body: { user_id: creator.user._id } });
const subscribe = (w: World, fan: Account, creator: Account) =>
  w.api.call('POST', '/v1/subscriptions', { token: fan.token, body: { model_id: creator.user._id } });
const tip = (w: World, fan: Account, creator: Account, amount = 5) =>
  w.api.call('POST', '/v1/tips', { token: fan.token, body: { recipient_id: creator.user._id, amount } });

async function relationship(server: TestServer, creator: Account, fan: Account) {
  const row = await server.app.ctx.db
    .selectFrom('fans')
    .select('relationship')
    .where('creator_id', '=', creator.user._id)
    .where('fan_id', '=', fan.user._id)
    .executeTakeFirst();
  return row?.relationship;
}

/** The creator's inbox, as the contract reads it: recipient id -> relationship chip. */
async function inboxChips(w: World, creator: Account) {
  const res = await w.api.call('GET', '/v1/chats?v=2&limit=20&offset=0', { token: creator.token });
  expect(res.status).toBe(200);
  const list = ChatList.parse(res.body);
  return new Map(list.data.map((c) => [c.recipient_id, c.relationship]));
}

/**
 * Listens on the creator's socket; `done()` makes a sentinel fan follow, waits for its new_fan,
 * and answers every new_fan that came before it (the realtime stream keeps order).
 */
async function newFans(w: World, server: TestServer, creator: Account) {
  const socket = await connectSocket(server.url, creator.token);
  return {
    async done() {
      const sentinel = await w.fan();
      await follow(w, sentinel, creator);
      await socket.next('new_fan', (d) => d.user_id === sentinel.user._id);
      const seen = socket.frames.filter((f) => f.event === 'new_fan').map((f) => f.data);
      // `next` took the frames it matched out of `frames`; those before the sentinel stay.
      socket.close();
      return seen;
    },
  };
}

describe('new_fan and the fans relationship', () => {
  it('follow, then subscribe, then tip: one new_fan (follower), the row upgraded to subscriber', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 1000);
    const events = await newFans(w, server, creator);
    expect((await follow(w, fan, creator)).status).toBe(200);
    expect(await relationship(server, creator, fan)).toBe('follower');
    expect((await subscribe(w, fan, creator)).status).toBe(200);
    expect(await relationship(server, creator, fan)).toBe('subscriber');
    // A fan is weaker than a subscriber: tipping leaves the row as it is.
    expect((await tip(w, fan, creator)).status).toBe(200);
    expect(await relationship(server, creator, fan)).toBe('subscriber');
    expect(await events.done()).toEqual([
      { user_id: fan.user._id, username: fan.user.username, relationship: 'follower' },
    ]);
    // The tip opened a chat: the creator's inbox row carries the relationship, the fan's does not.
    expect((await inboxChips(w, creator)).get(fan.user._id)).toBe('subscriber');
    expect((await inboxChips(w, fan)).get(creator.user._id)).toBeNull();
  });

  it('tip first: new_fan says fan; following later adds nothing, subscribing upgrades silently', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 1000);
    const events = await newFans(w, server, creator);
    expect((await tip(w, fan, creator)).status).toBe(200);
    expect((await inboxChips(w, creator)).get(fan.user._id)).toBe('fan');
    expect((await follow(w, fan, creator)).status).toBe(200);
    expect(await relationship(server, creator, fan)).toBe('fan');
    expect((await subscribe(w, fan, creator)).status).toBe(200);
    expect(await relationship(server, creator, fan)).toBe('subscriber');
    expect(await events.done()).toEqual([
      { user_id: fan.user._id, username: fan.user.username, relationship: 'fan' },
    ]);
  });

  it('subscribe first: new_fan says subscriber, and the row is written with the subscription', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const events = await newFans(w, server, creator);
    // Too few credits: no subscription, so no fan either.
    expect((await subscribe(w, fan, creator)).status).toBe(402);
    expect(await relationship(server, creator, fan)).toBeUndefined();
    await w.giveCredits(fan.user._id, 1000);
    expect((await subscribe(w, fan, creator)).status).toBe(200);
    expect(await events.done()).toEqual([
      { user_id: fan.user._id, username: fan.user.username, relationship: 'subscriber' },
    ]);
  });

  it('paid chat messages sent together: one new_fan per fan, a follower upgraded to fan', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan(), await w.fan()];
    const [follower, ...payers] = fans as [Account, Account, Account];
    for (const fan of fans) {
      await w.giveCredits(fan.user._id, 100);
      await w.openChat(fan.token, creator.user._id);
      const rate = await call('POST', '/v1/chats/change-rate', {
        token: creator.token,
        body: { user_id: fan.user._id, rate: 2 },
      });
      expect(rate.status).toBe(200);
    }
    await follow(w, follower, creator);
    const events = await newFans(w, server, creator);
    // Several sends of each fan at once share statements (append_paid_messages batches).
    const sends = await Promise.all(
      fans.flatMap((fan) => [1, 2, 3].map((i) => w.send(fan.token, creator.user._id, `paid ${i}`))),
    );
    expect(sends.map((r) => r.status)).toEqual(sends.map(() => 200));
    for (const fan of fans) expect(await relationship(server, creator, fan)).toBe('fan');
    const seen = await events.done();
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(
      expect.arrayContaining(
        payers.map((p) => ({ user_id: p.user._id, username: p.user.username, relationship: 'fan' })),
      ),
    );
    const chips = await inboxChips(w, creator);
    for (const fan of fans) expect(chips.get(fan.user._id)).toBe('fan');
  });

  it('buying a paid message makes the buyer a fan', async ({ server, w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const media = (await upload(server.url, creator.token, await photoWithGps(300, 300, '#445566'))).body
      .media;
    const sent = await call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'image', recipient_id: fan.user._id, public_id: media.public_id, price: 10 },
    });
    expect(sent.status).toBe(200);
    expect((await inboxChips(w, creator)).get(fan.user._id)).toBeNull();
    await w.giveCredits(fan.user._id, 10);
    const events = await newFans(w, server, creator);
    const bought = await call('PATCH', `/v1/messages/${sent.body.message._id}/buy`, {
      token: fan.token,
    });
    expect(bought.status).toBe(200);
    expect(await events.done()).toEqual([
      { user_id: fan.user._id, username: fan.user.username, relationship: 'fan' },
    ]);
    expect((await inboxChips(w, creator)).get(fan.user._id)).toBe('fan');
  });
});

describe('GET /v1/users/{username} (the creator page)', () => {
  it('answers is_followee, is_subscribed and posts for the asker', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const page = `/v1/users/${creator.user.username}` as const;
    const profile = async (token?: string) => (await call('GET', page, token ? { token } : {})).body;
    expect(await profile(fan.token)).toMatchObject({ is_followee: false, is_subscribed: false, posts: 0 });
    for (const text of ['one', 'two']) {
      const res = await call('POST', '/v1/feed', { token: creator.token, body: { text } });
      expect(res.status).toBe(200);
    }
    await follow(w, fan, creator);
    await w.giveCredits(fan.user._id, 1000);
    await subscribe(w, fan, creator);
    expect(await profile(fan.token)).toMatchObject({
      is_followee: true,
      is_subscribed: true,
      followers: 1,
      posts: 2,
    });
    // A visitor, and the creator herself, follow and subscribe to nothing here.
    expect(await profile()).toMatchObject({ is_followee: false, is_subscribed: false, posts: 2 });
    expect(await profile(creator.token)).toMatchObject({ is_followee: false, is_subscribed: false });
  });
});
