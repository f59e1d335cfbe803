import { describe, expect } from 'vitest';
import { photo } from './support/feed';
import { mailbox } from './support/mailbox';
import { pushApiTest } from './support/push-test';
import { connectSocket } from './support/socket';
import { teamSeat } from './support/team';

// Notices follow the domain events of every write that tells someone something: sends are covered
// in push.test.ts; here the messages a creator's automation stores and the money events.
const h = pushApiTest();
const { it, deliver, subscribed } = h;

describe('notices of what a creator sends without typing it', () => {
  it('pushes an automatic message to the fan it greets, named after the creator', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const put = await call('PUT', '/v1/auto-messages', {
      token: creator.token,
      body: { category: 'new_follower', auto_messages: [{ text: 'Thanks for the follow!', delay: 0 }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const sub = await subscribed(w, fan.token);
    expect(
      (await call('POST', '/v1/users/following', { token: fan.token, body: { user_id: creator.user._id } }))
        .status,
    ).toBe(200);
    await server.app.ctx.queue.drain();
    await deliver(server);
    expect(h.push.to(sub).map((p) => [p.payload.title, p.payload.body])).toEqual([
      [creator.user.username, 'Thanks for the follow!'],
    ]);
  });

  it('pushes a broadcast copy to a fan online with the app hidden, and not to one looking at it', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const away = await w.fan();
    const looking = await w.fan();
    for (const fan of [away, looking])
      expect((await w.send(fan.token, creator.user._id, 'hi')).status).toBe(200);
    const awaySub = await subscribed(w, away.token);
    const lookingSub = await subscribed(w, looking.token);
    const hidden = await connectSocket(server.url, away.token);
    await hidden.next('init');
    hidden.send('visibility', { state: 'hidden' });
    hidden.send('ping', {});
    await hidden.next('pong');
    const visible = await connectSocket(server.url, looking.token);
    await visible.next('init');

    const res = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'all', type: 'text', text: 'New set tonight' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await server.app.ctx.queue.drain();
    await visible.next('new_message', (d) => d.sender_id === creator.user._id);
    await deliver(server);
    expect(h.push.to(awaySub).map((p) => p.payload.body)).toEqual(['New set tonight']);
    expect(h.push.to(lookingSub)).toHaveLength(0);
    hidden.close();
    visible.close();
  });
});

describe("notices of what a creator's team writes", () => {
  it("pushes a team member's message to the fan under the creator's name, never the member's", async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.openChat(fan.token, creator.user._id);
    const { member, seat } = await teamSeat(w, mailbox(server), creator, ['chats']);
    const sub = await subscribed(w, fan.token);
    const sent = await w.send(seat, fan.user._id, 'Hi, this is the team');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await deliver(server);
    const pushes = h.push.to(sub);
    expect(pushes.map((p) => [p.payload.title, p.payload.body])).toEqual([
      [creator.user.username, 'Hi, this is the team'],
    ]);
    const seen = JSON.stringify(pushes.map((p) => p.payload));
    expect(seen).not.toContain(member.user.username);
    expect(seen).not.toContain(member.user._id);
  });
});

describe('notices of money', () => {
  it("tells a creator of a new subscription, with the fan's name", async ({ server, w, call }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 1000);
    const sub = await subscribed(w, creator.token);
    const first = await call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, idempotency_key: 'sources-subscribe-1' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await deliver(server);
    expect(h.push.to(sub).map((p) => p.payload.body)).toEqual([`${fan.user.username} subscribed to you`]);
  });

  it('tells a creator a fan unlocked her paid message, with the buyer and the price', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 1000);
    await w.openChat(fan.token, creator.user._id);
    const media = await photo(server, creator, '#aa3355');
    const sent = await call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'image', recipient_id: fan.user._id, public_id: media.public_id, price: 25 },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const sub = await subscribed(w, creator.token);
    const bought = await w.api.call('PATCH', `/v1/messages/${sent.body.message._id}/buy`, {
      token: fan.token,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await deliver(server);
    expect(h.push.to(sub).map((p) => [p.payload.title, p.payload.body])).toEqual([
      ['Paid message unlocked', `${fan.user.username} unlocked your message for 25 credits`],
    ]);
  });
});
