import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { FULL_URL, photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const it = apiTest();

type Account = Awaited<ReturnType<World['creator']>>;

/** A creator with `n` fans, each of whom wrote to them once. */
async function creatorWithFans(w: World, n: number) {
  const creator = await w.creator();
  const fans: Account[] = [];
  for (let i = 0; i < n; i++) {
    const fan = await w.fan();
    const res = await w.send(fan.token, creator.user._id, `hi ${i}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    fans.push(fan);
  }
  return { creator, fans };
}

const drain = (server: TestServer) => server.app.ctx.queue.drain();

/** The broadcast's copies in each fan's chat with the creator. */
async function copiesOf(server: TestServer, broadcastId: string) {
  return server.app.ctx.db
    .selectFrom('messages')
    .select(['recipient_id', 'id', 'deleted_at'])
    .where('broadcast_id', '=', Number(broadcastId))
    .execute();
}

async function chatWith(w: World, fan: Account, creator: Account) {
  const chat = await w.openChat(fan.token, creator.user._id);
  const res = await w.api.call('GET', `/v1/chats/${chat.chat_id}/messages`, { token: fan.token });
  expect(res.status).toBe(200);
  return res.body.data as {
    _id: string;
    text: string | null;
    price: number;
    is_deleted: boolean;
    media: unknown;
    broadcast_id: string | null;
  }[];
}

async function stats(w: World, creator: Account) {
  const res = await w.api.call('GET', '/v1/broadcast', { token: creator.token });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>[];
}

describe('broadcasts', () => {
  it('sends one text to every chat of a category: the answer is at once, copies arrive live and name their broadcast_id, progress ends in broadcast_done', async ({
    server,
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const online = await connectSocket(server.url, fans[0]!.token);
    await online.next('init');
    const creatorSocket = await connectSocket(server.url, creator.token);
    await creatorSocket.next('init');

    const res = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        category: 'all',
        type: 'text',
        text: 'New set tonight',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ status: 'sending', total: 3 });
    const me = await call('GET', '/v1/users/me', { token: creator.token });
    expect(me.body.is_broadcasting).toBe(true);
    // Nothing is written before the job runs: the answer did not wait for the fan-out.
    expect(await copiesOf(server, res.body._id)).toHaveLength(0);

    await drain(server);
    const live = await online.next('new_message', (d) => d.sender_id === creator.user._id);
    expect(live.data.text).toBe('New set tonight');
    // The copy names its broadcast, live and in the list.
    expect(live.data.info.message.broadcast_id).toBe(res.body._id);
    const done = await creatorSocket.next('broadcast_done');
    expect(done.data).toEqual({ _id: res.body._id, sent: 3, total: 3 });

    for (const fan of fans) {
      const msgs = await chatWith(w, fan, creator);
      expect(msgs.filter((m) => m.text === 'New set tonight')).toHaveLength(1);
      for (const m of msgs) expect(m.broadcast_id).toBe(m.text === 'New set tonight' ? res.body._id : null);
    }
    expect((await call('GET', '/v1/users/me', { token: creator.token })).body.is_broadcasting).toBe(false);
    expect((await stats(w, creator))[0]).toMatchObject({
      _id: res.body._id,
      status: 'done',
      total: 3,
      sent: 3,
      read: 0,
    });
    online.close();
    creatorSocket.close();
  });

  it('stores one copy per chat when the send is retried and when the fan-out runs again after a crash', async ({
    server,
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const body = { category: 'all', type: 'text', text: 'only once', clientSideReceiveId: 'bc-retry-1' };
    const first = await call('POST', '/v1/broadcast/send', { token: creator.token, body: body });
    const again = await call('POST', '/v1/broadcast/send', { token: creator.token, body: body });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body._id).toBe(first.body._id);
    await drain(server);

    // A process that died after its writes and before saving its progress: the job runs from the start.
    const db = server.app.ctx.db;
    await db
      .updateTable('broadcasts')
      .set({ status: 'sending', sent: 0 })
      .where('id', '=', Number(first.body._id))
      .execute();
    await db
      .updateTable('jobs')
      .set({ status: 'queued', progress: null, finished_at: null })
      .where('key', '=', `broadcast:${first.body._id}`)
      .execute();
    await drain(server);

    const copies = await copiesOf(server, first.body._id);
    expect(copies).toHaveLength(3);
    expect(new Set(copies.map((c) => c.recipient_id))).toEqual(new Set(fans.map((f) => f.user._id)));
    for (const fan of fans)
      expect((await chatWith(w, fan, creator)).filter((m) => m.text === 'only once')).toHaveLength(1);
  });

  it('gives a fan who looks before the fan-out reaches them their copy at once, exactly one, and none of an unsent broadcast', async ({
    server,
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const [inboxReader, chatReader, away] = fans as [Account, Account, Account];
    const sent = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        category: 'all',
        type: 'text',
        text: 'Early look',
      },
    });
    expect(sent.status).toBe(202);

    // The job has not run: the fans' reads find their copies committed with the send.
    const inbox = await call('GET', '/v1/chats?v=2&limit=20&offset=0', { token: inboxReader.token });
    const row = (
      inbox.body.data as {
        other_user: { _id: string };
        unread_messages: number;
        last_message: { text: string };
      }[]
    ).find((c) => c.other_user._id === creator.user._id);
    expect(row?.last_message.text).toBe('Early look');
    expect(row?.unread_messages).toBe(1);
    expect(inbox.body.unread_messages).toBe(1);
    expect((await chatWith(w, chatReader, creator)).filter((m) => m.text === 'Early look')).toHaveLength(1);
    expect((await copiesOf(server, sent.body._id)).map((c) => c.recipient_id).sort()).toEqual(
      [inboxReader.user._id, chatReader.user._id].sort(),
    );

    // The fan-out then stores the rest and nothing twice.
    await drain(server);
    const copies = await copiesOf(server, sent.body._id);
    expect(copies).toHaveLength(3);
    for (const fan of fans)
      expect((await chatWith(w, fan, creator)).filter((m) => m.text === 'Early look')).toHaveLength(1);
    expect((await stats(w, creator))[0]).toMatchObject({ _id: sent.body._id, status: 'done', sent: 3 });

    // Unsent before the fan-out: the copy read early goes, and a fan who looks later gets none.
    const second = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'all', text: 'Oops' },
    });
    expect(second.status).toBe(202);
    expect((await chatWith(w, chatReader, creator)).filter((m) => m.text === 'Oops')).toHaveLength(1);
    const unsent = await call('DELETE', `/v1/broadcast/${second.body._id}`, { token: creator.token });
    expect(unsent.body).toMatchObject({ status: 'canceled', deleted: 1, kept: 0 });
    expect((await chatWith(w, away, creator)).filter((m) => m.text === 'Oops')).toHaveLength(0);
    await drain(server);
    expect((await copiesOf(server, second.body._id)).filter((c) => c.deleted_at === null)).toHaveLength(0);
  });

  it('reaches chosen chats, or a category less exceptions, never blocked chats; refuses empty audiences, a second send while sending, and fans', async ({
    server,
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 4);
    const [a, b, c, d] = fans as [Account, Account, Account, Account];
    // d blocks the creator.
    const blocked = await call('PATCH', '/v1/chats', {
      token: d.token,
      body: { action: 'block', ids: creator.user._id },
    });
    expect(blocked.status).toBe(200);

    const count = await call('POST', '/v1/broadcast/audience', {
      token: creator.token,
      body: {
        category: 'all',
        except_ids: a.user._id,
      },
    });
    expect(count.body).toEqual({ total: 2 });
    // c blocks media from the creator: a photo or video would not reach c, a text would.
    expect(
      (
        await call('PATCH', '/v1/chats', {
          token: c.token,
          body: { action: 'block_media', ids: creator.user._id },
        })
      ).status,
    ).toBe(200);
    const photoReach = await call('POST', '/v1/broadcast/audience', {
      token: creator.token,
      body: {
        category: 'all',
        except_ids: a.user._id,
        type: 'media',
      },
    });
    expect(photoReach.body).toEqual({ total: 1 });

    const chosen = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        ids: `${a.user._id},${b.user._id}`,
        text: 'picked',
      },
    });
    expect(chosen.status).toBe(202);
    expect(chosen.body.total).toBe(2);
    const busy = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        category: 'all',
        text: 'too soon',
      },
    });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('Your previous broadcast is still sending. Wait until it is done.');
    await drain(server);
    expect(new Set((await copiesOf(server, chosen.body._id)).map((m) => m.recipient_id))).toEqual(
      new Set([a.user._id, b.user._id]),
    );

    const except = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        category: 'all',
        except_ids: a.user._id,
        text: 'not a',
      },
    });
    expect(except.status).toBe(202);
    await drain(server);
    expect(new Set((await copiesOf(server, except.body._id)).map((m) => m.recipient_id))).toEqual(
      new Set([b.user._id, c.user._id]),
    );

    const none = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        category: 'subscribers',
        text: 'nobody',
      },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one chat to send this broadcast to.');
    const asFan = await call('POST', '/v1/broadcast/send', {
      token: a.token,
      body: { category: 'all', text: 'me too' },
    });
    expect(asFan.status).toBe(403);
    const bad = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { category: 'nope', text: 'x' },
    });
    expect(bad.status).toBe(400);
    // A fan has no Broadcast area at all; another creator does not find this one.
    const fan = await call('DELETE', `/v1/broadcast/${chosen.body._id}`, { token: b.token });
    expect(fan.status).toBe(403);
    const rival = await w.creator();
    const other = await call('DELETE', `/v1/broadcast/${chosen.body._id}`, { token: rival.token });
    expect(other.status).toBe(404);
  });

  it('sends a paid photo locked; a purchase shows in the stats; unsend deletes only the copies not bought; exclude_buyers skips the buyer', async ({
    server,
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 2);
    const [buyer, other] = fans as [Account, Account];
    const up = await upload(server.url, creator.token, await photoWithGps(300, 200, '#445566'));
    expect(up.status).toBe(200);
    const media = up.body.media as { public_id: string };
    const sent = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        category: 'all',
        type: 'media',
        public_id: media.public_id,
        price: 25,
        text: 'for you',
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const buyerSocket = await connectSocket(server.url, buyer.token);
    await buyerSocket.next('init');
    await drain(server);
    const live = await buyerSocket.next('new_message', (d) => d.sender_id === creator.user._id);
    // Locked: no full-size URL leaves the server for a fan who has not paid.
    expect(JSON.stringify(live.data)).not.toMatch(FULL_URL);
    buyerSocket.close();

    const copy = (await chatWith(w, buyer, creator)).find((m) => m.price === 25)!;
    expect(JSON.stringify(copy)).not.toMatch(FULL_URL);
    await w.giveCredits(buyer.user._id, 100);
    const bought = await call('PATCH', `/v1/messages/${copy._id}/buy`, { token: buyer.token });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(JSON.stringify(bought.body.message)).toMatch(FULL_URL);
    expect((await stats(w, creator))[0]).toMatchObject({
      _id: sent.body._id,
      purchases: 1,
      // 25 credits less the platform's 20 %.
      earned: 20,
      type: 'image',
      price: 25,
    });

    // The reach shown before sending follows the same rule.
    const reach = await call('POST', '/v1/broadcast/audience', {
      token: creator.token,
      body: {
        category: 'all',
        type: 'media',
        public_id: media.public_id,
        exclude_buyers: true,
      },
    });
    expect(reach.body).toEqual({ total: 1 });
    const again = await call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: {
        category: 'all',
        type: 'media',
        public_id: media.public_id,
        price: 25,
        exclude_buyers: true,
      },
    });
    expect(again.body.total).toBe(1);
    await drain(server);
    expect((await copiesOf(server, again.body._id)).map((m) => m.recipient_id)).toEqual([other.user._id]);

    const unsent = await call('DELETE', `/v1/broadcast/${sent.body._id}`, { token: creator.token });
    expect(unsent.status).toBe(200);
    expect(unsent.body).toMatchObject({ status: 'canceled', deleted: 1, kept: 1 });
    const buyerView = (await chatWith(w, buyer, creator)).find((m) => m._id === copy._id)!;
    expect(buyerView.is_deleted).toBe(false);
    expect(JSON.stringify(buyerView)).toMatch(FULL_URL);
    const otherCopies = (await chatWith(w, other, creator)).filter((m) => m.price === 25);
    expect(otherCopies.map((m) => m.is_deleted).sort()).toEqual([false, true]);
  });

  it('pages the stats list by 20, newest first', async ({ server, w, call }) => {
    const { creator } = await creatorWithFans(w, 1);
    for (let i = 0; i < 21; i++) {
      const r = await call('POST', '/v1/broadcast/send', {
        token: creator.token,
        body: { category: 'all', text: `n${i}` },
      });
      expect(r.status).toBe(202);
      await drain(server);
    }
    const page = await call('GET', '/v1/broadcast?limit=20&offset=0', { token: creator.token });
    expect(page.body.data).toHaveLength(20);
    expect(page.body.data[0].text).toBe('n20');
    expect(page.body.next).toBe('/v1/broadcast?limit=20&offset=20');
    const last = await call('GET', page.body.next, { token: creator.token });
    expect(last.body.data.map((b: { text: string }) => b.text)).toEqual(['n0']);
  });
});
