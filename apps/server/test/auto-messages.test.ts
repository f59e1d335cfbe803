import { AutoMessageCategory, AutoMessageCategoryEntry, AutoMessagesList } from '@parlor/contract';
import { describe, expect, vi } from 'vitest';
import { apiTest } from './support/api-test';
import { drain, follow, fromCreator, list, photo, put, unfollow } from './support/auto-messages';
import { manualClock } from './support/server';
import { connectSocket } from './support/socket';

const clock = manualClock();
const it = apiTest({}, { clock });

describe('GET and PUT /v1/auto-messages', () => {
  it('lists the five categories in order, empty for a new creator', async ({ w }) => {
    const creator = await w.creator();
    const res = await list(w, creator.token);
    expect(res.status).toBe(200);
    const body = AutoMessagesList.parse(res.body);
    expect(body.data.map((e) => e.category)).toEqual(AutoMessageCategory.options);
    for (const entry of body.data)
      expect(entry).toEqual({ category: entry.category, excerpt: '', messages: [] });
  });

  it('replaces a category: new items, reorder, delete by omission, empty list deletes all', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const media = await photo(server, creator, '#224466');
    const long = 'Welcome! '.repeat(20);
    const first = await put(w, creator.token, 'new_follower', [
      { type: 'text', text: long, delay_seconds: 0 },
      { type: 'media', public_id: media.public_id, price: 50, delay_seconds: 60 },
      { type: 'text', text: 'Third', delay_seconds: 5 },
    ]);
    expect(first.status).toBe(200);
    const entry = AutoMessageCategoryEntry.parse(first.body);
    expect(entry.category).toBe('new_follower');
    expect(entry.messages.map((m) => m.type)).toEqual(['text', 'media', 'text']);
    expect(entry.excerpt.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(entry.excerpt.replace(/…$/, ''))).toBe(true);
    expect(entry.messages[1]).toMatchObject({
      price: 50,
      public_id: media.public_id,
      media_id: media.media_id,
      delay_seconds: 60,
      media: { public_id: media.public_id, rt: expect.any(String) },
    });
    const [a, b, c] = entry.messages;

    // Reorder (photo first), edit one, drop the third, add a new one.
    const second = await put(w, creator.token, 'new_follower', [
      { _id: b!._id, type: 'media', media_id: media.media_id, price: 40, delay_seconds: 0 },
      { _id: a!._id, type: 'text', text: 'Hello again', delay_seconds: 10 },
      { _id: '_temp-1', type: 'text', text: 'Brand new' },
    ]);
    expect(second.status).toBe(200);
    expect(second.body.excerpt).toBe('Photo');
    expect(second.body.messages.map((m: { _id: string }) => m._id).slice(0, 2)).toEqual([b!._id, a!._id]);
    expect(second.body.messages.map((m: { text: string | null }) => m.text)).toEqual([
      null,
      'Hello again',
      'Brand new',
    ]);
    expect(second.body.messages[0].price).toBe(40);
    expect(second.body.messages.map((m: { _id: string }) => m._id)).not.toContain(c!._id);

    const all = AutoMessagesList.parse((await list(w, creator.token)).body);
    expect(all.data.find((e) => e.category === 'new_follower')?.messages).toHaveLength(3);
    expect(all.data.find((e) => e.category === 'tip_received')?.messages).toEqual([]);

    const emptied = await put(w, creator.token, 'new_follower', []);
    expect(emptied.body).toEqual({ category: 'new_follower', excerpt: '', messages: [] });
    expect((await list(w, creator.token)).body.data[0].messages).toEqual([]);
  });

  it('refuses another creator’s ids, fans, media not one’s own and malformed input', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const other = await w.creator();
    const fan = await w.fan();
    const theirs = await put(w, other.token, 'new_follower', [{ type: 'text', text: 'Not yours' }]);
    const theirId = theirs.body.messages[0]._id;
    const steal = await put(w, creator.token, 'new_follower', [
      { _id: theirId, type: 'text', text: 'Mine now' },
    ]);
    expect(steal.status).toBe(404);
    // Their row is untouched, in either category.
    expect((await list(w, other.token)).body.data[0].messages[0]).toMatchObject({
      _id: theirId,
      text: 'Not yours',
    });
    const own = await put(w, creator.token, 'tip_received', [{ type: 'text', text: 'Thanks' }]);
    const ownId = own.body.messages[0]._id;
    expect(
      (await put(w, creator.token, 'new_follower', [{ _id: ownId, type: 'text', text: 'x' }])).status,
    ).toBe(404);
    expect((await list(w, creator.token)).body.data[3].messages[0]).toMatchObject({
      _id: ownId,
      text: 'Thanks',
    });

    expect((await list(w, fan.token)).status).toBe(403);
    expect((await put(w, fan.token, 'new_follower', [{ type: 'text', text: 'Hi' }])).status).toBe(403);
    expect((await w.api.call('GET', '/v1/auto-messages/log', { token: fan.token })).status).toBe(403);

    const media = await photo(server, other, '#663311');
    const notOwn = await put(w, creator.token, 'new_follower', [
      { type: 'media', public_id: media.public_id },
    ]);
    expect(notOwn.status).toBe(404);

    for (const body of [
      { category: 'nope', auto_messages: [] },
      { category: 'new_follower' },
      { category: 'new_follower', auto_messages: [{ type: 'text', text: '' }] },
      { category: 'new_follower', auto_messages: [{ type: 'text', text: 'Hi', price: 10 }] },
      { category: 'new_follower', auto_messages: [{ type: 'media' }] },
      { category: 'new_follower', auto_messages: [{ type: 'text', text: 'Hi', delay_seconds: -1 }] },
      {
        category: 'new_follower',
        auto_messages: Array.from({ length: 11 }, () => ({ type: 'text', text: 'x' })),
      },
    ]) {
      const res = await w.api.call('PUT', '/v1/auto-messages', { token: creator.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await list(w, creator.token)).body.data[0].messages).toEqual([]);
  });
});

describe('triggers', () => {
  it('new_follower fires once per fan: follow, unfollow, follow again gives one message, opening the chat', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await put(w, creator.token, 'new_follower', [{ type: 'text', text: 'Thanks for following!' }]);
    const creatorSocket = await connectSocket(server.url, creator.token);
    await creatorSocket.next('init');
    await follow(w, fan.token, creator.user._id);
    await drain(server);
    // The creator's open log hears of the send as it goes out.
    const sent = await creatorSocket.next('auto_message_sent');
    expect(sent.data).toMatchObject({
      category: 'new_follower',
      fan: { _id: fan.user._id, username: fan.user.username },
    });
    creatorSocket.close();
    // Finished jobs are purged after a week: the once-row, not the job's key, keeps it once.
    await server.app.ctx.db.deleteFrom('jobs').where('status', '=', 'done').execute();
    await unfollow(w, fan.token, creator.user._id);
    await follow(w, fan.token, creator.user._id);
    await drain(server);
    const got = await fromCreator(w, fan, creator);
    expect(got.map((m) => m.text)).toEqual(['Thanks for following!']);

    // A fan who followed before the messages were set gets nothing; set later, new fans still do.
    const early = await w.fan();
    const later = await w.creator();
    await follow(w, early.token, later.user._id);
    await put(w, later.token, 'new_follower', [{ type: 'text', text: 'Late hello' }]);
    const newcomer = await w.fan();
    await follow(w, newcomer.token, later.user._id);
    await drain(server);
    expect(await fromCreator(w, early, later)).toEqual([]);
    expect((await fromCreator(w, newcomer, later)).map((m) => m.text)).toEqual(['Late hello']);
  });

  it('first_message fires on a fan’s first message only', async ({ server, w }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await put(w, creator.token, 'first_message', [{ type: 'text', text: 'Got your message!' }]);
    await w.openChat(fan.token, creator.user._id);
    expect((await w.send(fan.token, creator.user._id, 'Hi')).status).toBe(200);
    expect((await w.send(fan.token, creator.user._id, 'Hi again')).status).toBe(200);
    await vi.waitFor(async () => {
      await drain(server);
      expect((await fromCreator(w, fan, creator)).length).toBeGreaterThan(0);
    });
    await drain(server);
    expect((await fromCreator(w, fan, creator)).map((m) => m.text)).toEqual(['Got your message!']);

    // A creator's own message does not fire it, nor does a fan who wrote before it was set.
    const before = await w.fan();
    const quiet = await w.creator();
    await w.openChat(before.token, quiet.user._id);
    await w.send(before.token, quiet.user._id, 'Early');
    await put(w, quiet.token, 'first_message', [{ type: 'text', text: 'Auto' }]);
    await w.send(before.token, quiet.user._id, 'Later');
    await new Promise((r) => setTimeout(r, 50));
    await drain(server);
    expect(await fromCreator(w, before, quiet)).toEqual([]);
  });

  it('a creator awaiting moderation sends none; once approved, new followers get them', async ({
    server,
    w,
  }) => {
    const creator = await w.api.signUp('featured');
    expect(creator.user.requires_moderation).toBe(true);
    await put(w, creator.token, 'new_follower', [{ type: 'text', text: 'Thanks for following!' }]);
    const early = await w.fan();
    expect((await follow(w, early.token, creator.user._id)).status).toBe(200);
    await drain(server);
    expect(await fromCreator(w, early, creator)).toEqual([]);

    await server.app.ctx.db
      .updateTable('users')
      .set({ requires_moderation: false })
      .where('id', '=', creator.user._id)
      .execute();
    const later = await w.fan();
    await follow(w, later.token, creator.user._id);
    await drain(server);
    expect((await fromCreator(w, later, creator)).map((m) => m.text)).toEqual(['Thanks for following!']);
  });

  it('tip_received, new_subscriber and content_purchased fire once each', async ({ server, w }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 10_000);
    const media = await photo(server, creator, '#335577');
    await put(w, creator.token, 'tip_received', [{ type: 'text', text: 'Thank you for the tip' }]);
    await put(w, creator.token, 'new_subscriber', [{ type: 'text', text: 'Welcome, subscriber' }]);
    await put(w, creator.token, 'content_purchased', [{ type: 'text', text: 'Enjoy it' }]);
    for (const key of ['tip-auto-1', 'tip-auto-2']) {
      const tip = await w.api.call('POST', '/v1/tips', {
        token: fan.token,
        body: { recipient_id: creator.user._id, amount: 5, idempotency_key: key },
      });
      expect(tip.status).toBe(200);
    }
    const sub = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id },
    });
    expect(sub.status).toBe(200);
    for (const colour of [1, 2]) {
      const sent = await w.api.call('POST', '/v1/messages', {
        token: creator.token,
        body: {
          type: 'image',
          recipient_id: fan.user._id,
          public_id: media.public_id,
          price: 10,
          text: `p${colour}`,
        },
      });
      expect(sent.status).toBe(200);
      const bought = await w.api.call('PATCH', `/v1/messages/${sent.body.message._id}/buy`, {
        token: fan.token,
      });
      expect(bought.status).toBe(200);
    }
    await drain(server);
    const texts = (await fromCreator(w, fan, creator)).map((m) => m.text);
    for (const t of ['Thank you for the tip', 'Welcome, subscriber', 'Enjoy it'])
      expect(
        texts.filter((x) => x === t),
        t,
      ).toHaveLength(1);
  });

  it('content_purchased fires when a fan buys a paid feed post', async ({ server, w }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    await put(w, creator.token, 'content_purchased', [{ type: 'text', text: 'Thanks for buying my post' }]);
    const media = await photo(server, creator, '#5a5a10');
    const posted = await w.api.call('POST', '/v1/feed', {
      token: creator.token,
      body: { text: 'buy me', public_id: media.public_id, price: 30 },
    });
    expect(posted.status).toBe(200);
    const bought = await w.api.call('PATCH', `/v1/feed/${posted.body._id}/buy`, { token: fan.token });
    expect(bought.status).toBe(200);
    await drain(server);
    expect((await fromCreator(w, fan, creator)).map((m) => m.text)).toEqual(['Thanks for buying my post']);
  });
});
