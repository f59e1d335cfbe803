import { ProviderConfig, PUSH_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { DIGEST_AWAY_MS } from '../src/modules/push/service';
import { mailbox } from './support/mailbox';
import { pushApiTest } from './support/push-test';
import { startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';
import { type World, world } from './support/world';

const h = pushApiTest();
const { deliver, subscribed, clock } = h;
const it = h.it.extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

async function pair(w: World) {
  const fan = await w.fan();
  const creator = await w.creator();
  const chat = await w.openChat(fan.token, creator.user._id);
  return { fan, creator, chatId: chat.chat_id };
}

async function subscriptionCount(server: TestServer, userId: string) {
  const rows = await server.app.ctx.db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('push subscriptions', () => {
  it('gives the VAPID public key in the provider config', async ({ w }) => {
    const res = await w.api.call('GET', '/v1/provider/config?platform=react');
    const config = ProviderConfig.parse(res.body);
    const key = Buffer.from(config.push_key, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it('refuses a malformed subscription and an anonymous caller', async ({ w }) => {
    const fan = await w.fan();
    const bad = await w.api.call('POST', '/v1/push/subscriptions', {
      token: fan.token,
      body: { subscription: { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } } },
    });
    expect(bad.status).toBe(400);
    const anonymous = await w.api.call('POST', '/v1/push/subscriptions', {
      body: { subscription: { endpoint: 'https://h.push.example/1', keys: h.push.subscription().keys } },
    });
    expect(anonymous.status).toBe(401);
  });

  it("drops the caller's own subscription only", async ({ server, w }) => {
    const fan = await w.fan();
    const other = await w.fan();
    const sub = await subscribed(w, fan.token);
    const foreign = await w.api.call('DELETE', '/v1/push/subscriptions', {
      token: other.token,
      body: { endpoint: sub.endpoint },
    });
    expect(foreign.status).toBe(204);
    expect(await subscriptionCount(server, fan.user._id)).toBe(1);
    const own = await w.api.call('DELETE', '/v1/push/subscriptions', {
      token: fan.token,
      body: { endpoint: sub.endpoint },
    });
    expect(own.status).toBe(204);
    expect(await subscriptionCount(server, fan.user._id)).toBe(0);
  });
});

describe('a deployment that takes https push endpoints only', () => {
  it('refuses an http endpoint with the reason, and stores an https one', { timeout: 60_000 }, async () => {
    const strict = await startServer({ PUSH_ALLOW_HTTP: 'false' });
    try {
      const api = world(strict).api;
      const fan = await api.signUp('user');
      const keys = h.push.subscription().keys;
      const http = await api.call('POST', '/v1/push/subscriptions', {
        token: fan.token,
        body: { subscription: { endpoint: 'http://h.push.example/1', keys } },
      });
      expect(http.status).toBe(400);
      expect(http.body.message).toBe(PUSH_MESSAGES.insecureEndpoint);
      const https = await api.call('POST', '/v1/push/subscriptions', {
        token: fan.token,
        body: { subscription: { endpoint: 'https://h.push.example/1', keys } },
      });
      expect(https.status).toBe(204);
    } finally {
      await strict.close();
    }
  });
});

describe('pushes for new messages', () => {
  it('pushes once, encrypted and VAPID-signed, to a fan with no open tab: a burst of 30 is one notification', async ({
    server,
    w,
  }) => {
    const { fan, creator, chatId } = await pair(w);
    const sub = await subscribed(w, fan.token);
    for (let i = 1; i <= 30; i++) {
      const res = await w.send(creator.token, fan.user._id, `Hello number ${i}`);
      expect(res.status).toBe(200);
    }
    await deliver(server);
    const pushes = h.push.to(sub);
    expect(h.push.errors).toEqual([]);
    expect(pushes).toHaveLength(1);
    const [p] = pushes;
    expect(p?.payload).toEqual({
      title: creator.user.username,
      body: '30 new messages. Latest: Hello number 30',
      url: `/chats/${creator.user._id}`,
      tag: `chat:${chatId}`,
      badge: 30,
    });
    // RFC 8292: the JWT names the push service's origin, a contact, and a near expiry.
    expect(p?.vapid.aud).toBe(h.push.origin);
    expect(p?.vapid.sub).toMatch(/^mailto:/);
    expect(p?.vapid.exp).toBeGreaterThan(Date.now() / 1000);
    expect(p?.vapid.k).toBe((await w.api.call('GET', '/v1/provider/config')).body.push_key);
    expect(Number(p?.headers.ttl)).toBeGreaterThan(0);
    // The sender hears nothing of their own messages.
    expect(await subscriptionCount(server, creator.user._id)).toBe(0);
  });

  it('pushes nothing while the fan has a visible tab, and pushes once the tab is hidden', async ({
    server,
    w,
  }) => {
    const { fan, creator } = await pair(w);
    const sub = await subscribed(w, fan.token);
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    await w.send(creator.token, fan.user._id, 'You are here');
    await socket.next('new_message');
    await deliver(server);
    expect(h.push.to(sub)).toHaveLength(0);

    socket.send('visibility', { state: 'hidden' });
    // The frame is handled before the next message is published: wait for a pong after it.
    socket.send('ping', {});
    await socket.next('pong');
    await w.send(creator.token, fan.user._id, 'Now you are away');
    await deliver(server);
    expect(h.push.to(sub).map((p) => p.payload.body)).toEqual(['Now you are away']);
    socket.close();
  });

  it('pushes nothing when the messages setting is off', async ({ server, w }) => {
    const { fan, creator } = await pair(w);
    const sub = await subscribed(w, fan.token);
    const off = await w.api.call('PATCH', `/v1/users/${fan.user._id}`, {
      token: fan.token,
      body: { settings: { notifications: { notifications: false } } },
    });
    expect(off.status).toBe(200);
    await w.send(creator.token, fan.user._id, 'Hello?');
    await deliver(server);
    expect(h.push.to(sub)).toHaveLength(0);
  });

  it('reads the setting again when sending: switched off during the grouping window, nothing goes', async ({
    server,
    w,
  }) => {
    const { fan, creator } = await pair(w);
    const sub = await subscribed(w, fan.token);
    await w.send(creator.token, fan.user._id, 'First');
    await server.app.notificationsRecorded();
    await w.api.call('PATCH', `/v1/users/${fan.user._id}`, {
      token: fan.token,
      body: { settings: { notifications: { notifications: false } } },
    });
    await deliver(server);
    expect(h.push.to(sub)).toHaveLength(0);
  });

  it('drops a subscription whose push service answers 410 Gone, and keeps the others', async ({
    server,
    w,
  }) => {
    const { fan, creator } = await pair(w);
    const dead = await subscribed(w, fan.token);
    const alive = await subscribed(w, fan.token);
    h.push.expire(dead);
    await w.send(creator.token, fan.user._id, 'Anyone there?');
    await deliver(server);
    expect(h.push.to(alive)).toHaveLength(1);
    const rows = await server.app.ctx.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(rows.map((r) => r.endpoint)).toEqual([alive.endpoint]);
  });
});

describe('pushes and emails about money', () => {
  it('tells a creator of a tip by push and, grouped, by email with an unsubscribe link that works signed out', async ({
    server,
    w,
    mail,
  }) => {
    const { fan, creator } = await pair(w);
    await server.app.ctx.db
      .updateTable('users')
      .set({ email_verified: true })
      .where('id', '=', creator.user._id)
      .execute();
    const sub = await subscribed(w, creator.token);
    await w.giveCredits(fan.user._id, 100);
    for (const key of ['push-tip-0001', 'push-tip-0002']) {
      const tip = await w.api.call('POST', '/v1/tips', {
        token: fan.token,
        body: { recipient_id: creator.user._id, amount: 10, text: 'Thanks', idempotency_key: key },
      });
      expect(tip.status).toBe(200);
    }
    await deliver(server);
    expect(h.push.to(sub).map((p) => [p.payload.title, p.payload.body])).toEqual([
      ['New tip', `2 new tips. Latest: ${fan.user.username} sent you a tip of 10 credits`],
    ]);
    // Emails wait for their longer window.
    const earned = () =>
      mail.mails.filter((m) => m.to === creator.user.email && m.subject === 'You earned on Parlor');
    expect(earned()).toHaveLength(0);
    clock.advance(10 * 60_000);
    await server.app.ctx.queue.drain();
    const mails = earned();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`2 new tips. Latest: ${fan.user.username} sent you a tip of 10 credits`);
    const link = /(http\S+\/v1\/notifications\/unsubscribe\?token=\S+)/.exec(mails[0]?.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(mails[0]?.headers?.['List-Unsubscribe']).toBe(`<${link}>`);

    const page = await fetch(
      `${server.url}${new URL(link as string).pathname}${new URL(link as string).search}`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You will no longer get payment notifications.');
    const me = await w.api.call('GET', '/v1/users/me', { token: creator.token });
    expect(me.body.settings.notifications).toMatchObject({ payments: false, notifications: true });

    // A forged token changes nothing.
    const forged = (link as string).replace('.payments.', '.notifications.');
    const refused = await fetch(forged.replace(/^https?:\/\/[^/]+/, server.url));
    expect(refused.status).toBe(400);
    const after = await w.api.call('GET', '/v1/users/me', { token: creator.token });
    expect(after.body.settings.notifications.notifications).toBe(true);

    // With payments off, the next tip pushes nothing.
    await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 10, idempotency_key: 'push-tip-0003' },
    });
    await deliver(server);
    expect(h.push.to(sub)).toHaveLength(1);
  });

  it('tells a creator of a new subscriber and of a completed payout, each obeying its setting', async ({
    server,
    w,
  }) => {
    const { fan, creator } = await pair(w);
    const sub = await subscribed(w, creator.token);
    await w.giveCredits(fan.user._id, 1000);
    const subscribe = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, idempotency_key: 'push-subscribe-01' },
    });
    expect(subscribe.status).toBe(200);
    // A completed payout as the admin's decision publishes it (payouts.test.ts covers that path).
    server.app.ctx.events.committed('payout_completed', {
      payoutId: 77,
      userId: creator.user._id,
      amountUsd: '120.00',
    });
    await deliver(server);
    expect(
      h.push
        .to(sub)
        .map((p) => p.payload.title)
        .sort(),
    ).toEqual(['New subscriber', 'Payout completed']);
    expect(h.push.to(sub).find((p) => p.payload.title === 'Payout completed')?.payload.body).toBe(
      'Your payout of $120.00 is complete',
    );

    await w.api.call('PATCH', `/v1/users/${creator.user._id}`, {
      token: creator.token,
      body: { settings: { notifications: { payouts: false } } },
    });
    server.app.ctx.events.committed('payout_completed', {
      payoutId: 78,
      userId: creator.user._id,
      amountUsd: '5.00',
    });
    await deliver(server);
    expect(h.push.to(sub)).toHaveLength(2);
  });
});

describe('the daily digest', () => {
  it('emails people away all day about their unread chats, once, with an unsubscribe link', async ({
    server,
    w,
    mail,
  }) => {
    const { fan, creator } = await pair(w);
    await server.app.ctx.db
      .updateTable('users')
      .set({ email_verified: true, last_online: clock.now() })
      .where('id', '=', fan.user._id)
      .execute();
    clock.advance(60_000);
    await w.send(creator.token, fan.user._id, 'Miss you');
    await w.send(creator.token, fan.user._id, 'Still here');
    await server.app.notificationsRecorded();
    const digests = () => mail.mails.filter((m) => m.to === fan.user.email && m.subject.includes('Unread'));

    // Not a day away yet.
    await server.app.ctx.jobs.runNow('notifications.digest');
    expect(digests()).toHaveLength(0);

    clock.advance(DIGEST_AWAY_MS + 60_000);
    await server.app.ctx.jobs.runNow('notifications.digest');
    expect(digests()).toHaveLength(1);
    expect(digests()[0]?.text).toContain('You have 2 unread messages.');
    expect(digests()[0]?.text).toContain(`${creator.user.username}: 2 unread`);
    expect(digests()[0]?.text).toContain('/v1/notifications/unsubscribe?token=');

    // Nothing new since: no second digest, even a day later.
    await server.app.ctx.jobs.runNow('notifications.digest');
    clock.advance(DIGEST_AWAY_MS + 60_000);
    await server.app.ctx.jobs.runNow('notifications.digest');
    expect(digests()).toHaveLength(1);
  });
});
