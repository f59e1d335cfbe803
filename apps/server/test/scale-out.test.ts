import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_GROUP_MS } from '../src/modules/push/service';
import { client } from './support/client';
import { createTestDatabase, postgresAdminUrl } from './support/database';
import { startPushService } from './support/push-service';
import { startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';

const adminUrl = postgresAdminUrl();
const redisUrl = process.env.REDIS_URL;

// Two server processes on one PostgreSQL and one Redis behave as one. This needs both
// services; `npm test` runs it in the PostgreSQL + Redis pass of .ci/run.
describe.skipIf(!adminUrl || !redisUrl)('two server processes on one PostgreSQL and Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase(adminUrl!);
    drop = db.drop;
    const shared = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `parlor-scale-${randomBytes(4).toString('hex')}:`,
    };
    a = await startServer(shared);
    b = await startServer(shared);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('delivers a message sent through one process to a socket held by the other, with presence and typing', async () => {
    const apiA = client(a.url);
    const apiB = client(b.url);
    const fan = await apiA.signUp('user');
    const creator = await apiB.signUp('featured');
    // A fan who has bought before may open chats with creators.
    await a.app.ctx.db
      .updateTable('users')
      .set({ is_customer: true })
      .where('id', '=', fan.user._id)
      .execute();
    const { body: chat } = await apiA.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });

    const creatorOnB = await connectSocket(b.url, creator.token);
    await creatorOnB.next('init');
    const fanOnA = await connectSocket(a.url, fan.token);
    expect((await fanOnA.next('init')).data.online_user_ids).toEqual([creator.user._id]);
    await creatorOnB.next('user_online', (d) => d.user_id === fan.user._id);

    const sent = await apiA.call('POST', '/v1/messages', {
      token: fan.token,
      body: { recipient_id: creator.user._id, text: 'across processes' },
    });
    expect(sent.status).toBe(200);
    const event = await creatorOnB.next('new_message');
    expect(event.data).toMatchObject({
      message_id: sent.body.message._id,
      text: 'across processes',
      chat_id: chat.chat_id,
    });

    fanOnA.send('typing', { chat_id: chat.chat_id, state: 'start' });
    expect((await creatorOnB.next('typing_start')).data.sender_id).toBe(fan.user._id);

    // A second socket for the fan on the other process: closing one keeps the fan online.
    const fanOnB = await connectSocket(b.url, fan.token);
    await fanOnB.next('init');
    fanOnA.close();
    await expect(creatorOnB.next('user_offline', () => true, 700)).rejects.toThrow();
    fanOnB.close();
    expect((await creatorOnB.next('user_offline')).data.user_id).toBe(fan.user._id);
    creatorOnB.close();
  });

  it("closes a session's sockets on the other process at sign-out, and counts failed sign-ins across both", async () => {
    const apiA = client(a.url);
    const apiB = client(b.url);
    const { token, user, password } = await apiA.signUp('user');
    const onB = await connectSocket(b.url, token);
    await onB.next('init');
    expect((await apiA.call('DELETE', '/v1/auth', { token })).status).toBe(204);
    expect(await onB.closed).toBe(4001);

    for (const api of [apiA, apiB, apiA, apiB, apiA]) {
      expect(
        (await api.call('POST', '/v1/auth', { body: { login: user.username, password: 'wrong' } })).status,
      ).toBe(401);
    }
    const refused = await apiB.call('POST', '/v1/auth', { body: { login: user.username, password } });
    expect(refused.status).toBe(429);
  });

  it('a first_message category saved through one process fires at once on a send through the other', async () => {
    const apiA = client(a.url);
    const apiB = client(b.url);
    const fan = await apiA.signUp('user');
    const creator = await apiA.signUp('featured');
    await a.app.ctx.db
      .updateTable('users')
      .set({ is_customer: true })
      .where('id', '=', fan.user._id)
      .execute();
    await a.app.ctx.db
      .updateTable('users')
      .set({ requires_moderation: false })
      .where('id', '=', creator.user._id)
      .execute();
    // Process B loaded its set of creators with first_message messages before this PUT. Its hub
    // calls listeners in the order they subscribed, so once this one hears the change, B's set has it.
    const heardOnB = new Promise<void>((resolve) => {
      const stop = b.app.ctx.hub.subscribe((userId, frame) => {
        if (userId !== creator.user._id || !frame.includes('"auto_messages_changed"')) return;
        stop();
        resolve();
      });
    });
    const put = await apiA.call('PUT', '/v1/auto-messages', {
      token: creator.token,
      body: { category: 'first_message', auto_messages: [{ type: 'text', text: 'Welcome in!' }] },
    });
    expect(put.status).toBe(200);
    const fanOnA = await connectSocket(a.url, fan.token);
    await fanOnA.next('init');
    // The event reaches B over Redis before this send: B must fire without waiting for its reload.
    await heardOnB;
    const sent = await apiB.call('POST', '/v1/messages', {
      token: fan.token,
      body: { recipient_id: creator.user._id, text: 'hi there' },
    });
    expect(sent.status).toBe(200);
    // The trigger runs after the send's answer: work the queues until its job is there and done.
    const welcome = fanOnA.next('new_message', (m) => m.text === 'Welcome in!', 10_000);
    let arrived = false;
    welcome.then(
      () => {
        arrived = true;
      },
      () => undefined,
    );
    for (let i = 0; i < 50 && !arrived; i++) {
      await b.app.ctx.queue.drain();
      await a.app.ctx.queue.drain();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await welcome).data.sender_id).toBe(creator.user._id);
    fanOnA.close();
  });

  it('holds a push back while the recipient has a visible page on the other process', async () => {
    const push = await startPushService();
    try {
      const apiA = client(a.url);
      const fan = await apiA.signUp('user');
      const creator = await apiA.signUp('featured');
      await a.app.ctx.db
        .updateTable('users')
        .set({ is_customer: true })
        .where('id', '=', fan.user._id)
        .execute();
      await apiA.call('POST', '/v1/chat', { token: fan.token, body: { recipient_id: creator.user._id } });
      const device = push.subscription();
      await apiA.call('POST', '/v1/push/subscriptions', {
        token: creator.token,
        body: { subscription: { endpoint: device.endpoint, keys: device.keys } },
      });
      const creatorOnB = await connectSocket(b.url, creator.token);
      await creatorOnB.next('init');
      // Sent and delivered by process A, which holds none of the creator's sockets.
      const sendAndDeliver = async (text: string) => {
        await apiA.call('POST', '/v1/messages', {
          token: fan.token,
          body: { recipient_id: creator.user._id, text },
        });
        await a.app.notificationsRecorded();
        await new Promise((r) => setTimeout(r, PUSH_GROUP_MS + 200));
        await a.app.ctx.queue.drain();
      };
      await sendAndDeliver('seen on B');
      expect(push.to(device)).toHaveLength(0);

      creatorOnB.send('visibility', { state: 'hidden' });
      creatorOnB.send('ping', {});
      await creatorOnB.next('pong');
      await sendAndDeliver('pushed from A');
      expect(push.to(device).map((p) => p.payload.body)).toEqual(['pushed from A']);
      creatorOnB.close();
    } finally {
      await push.close();
    }
  });
});
