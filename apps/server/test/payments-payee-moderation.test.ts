import { ERRORS, SUBSCRIPTION_PRICE } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { RENEWAL_JOB } from '../src/modules/subscriptions/renewal';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import type { World } from './support/world';

const it = apiTest();
let adminToken: string;

it.beforeAll(async ({ server, w }) => {
  const admin = await w.api.signUp('user');
  await server.app.ctx.db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('id', '=', admin.user._id)
    .execute();
  adminToken = admin.token;
});

const balance = async (server: TestServer, id: string) =>
  (
    await server.app.ctx.db
      .selectFrom('users')
      .select(['credits', 'earnings'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).credits;

/** A fan with credits in a chat with a creator who just signed up, so moderation has not approved them. */
async function fanAndNewCreator(w: World) {
  const fan = await w.fan();
  const creator = await w.api.signUp('featured');
  expect(creator.user.requires_moderation).toBe(true);
  await w.giveCredits(fan.user._id, 200);
  await w.openChat(fan.token, creator.user._id);
  return { fan, creator };
}

function expectRefused(res: { status: number; body: { message: string; code: string } }) {
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({
    message: ERRORS.payeeAwaitingModeration,
    code: 'payee_awaiting_moderation',
  });
}

describe('a creator awaiting moderation cannot receive money', () => {
  it('refuses tips and subscriptions until an admin approves the creator', async ({ server, w }) => {
    const { fan, creator } = await fanAndNewCreator(w);
    const tip = () =>
      w.api.call('POST', '/v1/tips', {
        token: fan.token,
        body: { recipient_id: creator.user._id, amount: 10 },
      });
    const subscribe = () =>
      w.api.call('POST', '/v1/subscriptions', { token: fan.token, body: { model_id: creator.user._id } });

    expectRefused(await tip());
    expectRefused(await subscribe());
    expect(await balance(server, fan.user._id)).toBe(200);

    const approved = await w.api.call('POST', `/v1/admin/users/${creator.user._id}/approve`, {
      token: adminToken,
    });
    expect(approved.status).toBe(200);
    expect((await tip()).status).toBe(200);
    expect((await subscribe()).status).toBe(200);
    expect(await balance(server, fan.user._id)).toBe(200 - 10 - SUBSCRIPTION_PRICE);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('refuses a message that pays the rate, and stores nothing; free messages still go through', async ({
    server,
    w,
  }) => {
    const { fan, creator } = await fanAndNewCreator(w);
    expect((await w.send(fan.token, creator.user._id, 'free hello')).status).toBe(200);
    const rate = await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 3 },
    });
    expect(rate.status).toBe(200);

    expectRefused(await w.send(fan.token, creator.user._id, 'paid hello'));
    expect(await balance(server, fan.user._id)).toBe(200);
    const chat = await w.api.call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
    const page = await w.api.call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: fan.token });
    expect(page.body.data.map((m: { text: string }) => m.text)).not.toContain('paid hello');
  });

  it('refuses buying a locked photo the creator sent before moderation took the approval back', async ({
    server,
    w,
  }) => {
    const { fan, creator } = await fanAndNewCreator(w);
    const media = (await upload(server.url, creator.token, await photoWithGps(600, 400))).body.media;
    // A creator awaiting moderation cannot send it at all (moderation.test.ts); one denied since can
    // have sent it while approved.
    const setDenied = (denied: boolean) =>
      server.app.ctx.db
        .updateTable('users')
        .set({ discover_status: denied ? 'denied' : 'featured', requires_moderation: denied })
        .where('id', '=', creator.user._id)
        .execute();
    await setDenied(false);
    const sent = await w.api.call('POST', '/v1/messages', {
      token: creator.token,
      body: { type: 'image', recipient_id: fan.user._id, public_id: media.public_id, price: 20 },
    });
    expect(sent.status).toBe(200);
    await setDenied(true);

    expectRefused(
      await w.api.call('PATCH', `/v1/messages/${sent.body.message._id}/buy`, { token: fan.token }),
    );
    expect(await balance(server, fan.user._id)).toBe(200);
  });
});

describe('renewals to a creator who cannot receive money', () => {
  const subscription = (server: TestServer, fanId: string, creatorId: string) =>
    server.app.ctx.db
      .selectFrom('subscriptions')
      .select(['status', 'current_period_end'])
      .where('fan_id', '=', fanId)
      .where('creator_id', '=', creatorId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
  const isSubscriber = async (server: TestServer, creatorId: string, fanId: string) =>
    (
      await server.app.ctx.db
        .selectFrom('chat_members')
        .select('is_subscriber')
        .where('user_id', '=', creatorId)
        .where('other_user_id', '=', fanId)
        .executeTakeFirstOrThrow()
    ).is_subscriber;

  it('lapse without charging the fan; the others renew; the fan may subscribe again once approved', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const [pending, denied, banned, approved] = [
      await w.creator(),
      await w.creator(),
      await w.creator(),
      await w.creator(),
    ];
    await w.giveCredits(fan.user._id, SUBSCRIPTION_PRICE * 6);
    for (const creator of [pending, denied, banned, approved]) {
      await w.openChat(fan.token, creator.user._id);
      const sub = await w.api.call('POST', '/v1/subscriptions', {
        token: fan.token,
        body: { model_id: creator.user._id },
      });
      expect(sub.status).toBe(200);
    }
    expect(await balance(server, fan.user._id)).toBe(SUBSCRIPTION_PRICE * 2);

    // Moderation takes one creator back for review, an admin denies another and bans the third.
    await server.app.ctx.db
      .updateTable('users')
      .set({ requires_moderation: true })
      .where('id', '=', pending.user._id)
      .execute();
    for (const [creator, action] of [
      [denied, 'deny'],
      [banned, 'ban'],
    ] as const) {
      const res = await w.api.call('POST', `/v1/admin/users/${creator.user._id}/${action}`, {
        token: adminToken,
        body: {},
      });
      expect(res.status).toBe(200);
    }
    // Every period is over.
    const past = new Date(Date.now() - 60_000);
    await server.app.ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: past })
      .where('fan_id', '=', fan.user._id)
      .execute();

    expect(await server.app.ctx.jobs.runNow(RENEWAL_JOB)).toBe(4);
    expect(await balance(server, fan.user._id)).toBe(SUBSCRIPTION_PRICE);
    for (const creator of [pending, denied, banned]) {
      expect(await subscription(server, fan.user._id, creator.user._id)).toMatchObject({
        status: 'canceled',
        current_period_end: past,
      });
      expect(await isSubscriber(server, creator.user._id, fan.user._id)).toBe(false);
    }
    expect((await subscription(server, fan.user._id, approved.user._id)).status).toBe('active');
    expect(await isSubscriber(server, approved.user._id, fan.user._id)).toBe(true);

    // Approval later charges nothing by itself: the lapsed subscription stays lapsed...
    await w.api.call('POST', `/v1/admin/users/${pending.user._id}/approve`, { token: adminToken });
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    expect(await balance(server, fan.user._id)).toBe(SUBSCRIPTION_PRICE);
    // ...and the fan may subscribe again.
    const again = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: pending.user._id },
    });
    expect(again.status).toBe(200);
    expect(await balance(server, fan.user._id)).toBe(0);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });
});
