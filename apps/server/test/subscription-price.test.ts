import {
  PublicUser,
  SUBSCRIPTION_PRICE,
  SUBSCRIPTION_PRICE_CREATORS_ONLY_MESSAGE,
  SUBSCRIPTION_PRICE_RANGE_MESSAGE,
  subscriptionPriceChangedMessage,
  User,
} from '@parlor/contract';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { RENEWAL_JOB } from '../src/modules/subscriptions/renewal';
import { apiTest } from './support/api-test';
import { balances, creatorShare } from './support/balances';
import { manualClock, type TestServer } from './support/server';
import type { World } from './support/world';

// A creator's own subscription price: set in settings (PATCH /v1/users/{id}), shown on the creator
// page, charged at subscribe time and locked for that subscription's renewals (docs/payments.md).
const clock = manualClock();
const DAY = 86_400_000;
const it = apiTest({ SESSION_TTL_DAYS: '365' }, { clock });

type Account = Awaited<ReturnType<World['fan']>>;
const setPrice = (w: World, who: Account, price: unknown) =>
  w.api.call('PATCH', `/v1/users/${who.user._id}`, { token: who.token, body: { subscription_price: price } });
const subscriptionCharges = async (server: TestServer, fanId: string) =>
  (
    await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select('delta')
      .where('user_id', '=', fanId)
      .where('account', '=', 'credits')
      .where('reason', '=', 'subscription')
      .orderBy('id')
      .execute()
  ).map((e) => Number(e.delta));

describe('subscription price', () => {
  it('defaults to the platform price; a creator sets it and it shows on the own user and the creator page', async ({
    w,
  }) => {
    const creator = await w.creator();
    expect(
      User.parse((await w.api.call('GET', '/v1/users/me', { token: creator.token })).body),
    ).toMatchObject({
      subscription_price: SUBSCRIPTION_PRICE,
    });
    const res = await setPrice(w, creator, 120);
    expect(res.status).toBe(200);
    expect(User.parse(res.body).subscription_price).toBe(120);
    const page = await w.api.call('GET', `/v1/users/${creator.user.username}`);
    expect(page.status).toBe(200);
    expect(PublicUser.parse(page.body).subscription_price).toBe(120);
  });

  it('refuses a fan with 403, and out-of-bounds or non-integer prices with 400, leaving the price as it was', async ({
    w,
  }) => {
    const fan = await w.fan();
    const denied = await setPrice(w, fan, 100);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      message: SUBSCRIPTION_PRICE_CREATORS_ONLY_MESSAGE,
      code: 'not_a_creator',
    });

    const creator = await w.creator();
    for (const bad of [9, 5_001, 0, -50, 12.5, '100', null]) {
      const res = await setPrice(w, creator, bad);
      expect(res.status, `price ${String(bad)}`).toBe(400);
      expect(res.body).toMatchObject({
        message: SUBSCRIPTION_PRICE_RANGE_MESSAGE,
        field: 'subscription_price',
      });
    }
    expect((await setPrice(w, creator, 10)).status).toBe(200);
    expect((await setPrice(w, creator, 5_000)).status).toBe(200);
    const me = await w.api.call('GET', '/v1/users/me', { token: creator.token });
    expect(me.body.subscription_price).toBe(5_000);
  });

  it('charges the price at subscribe time; renewals keep it after a change; a new subscription pays the new price', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    expect((await setPrice(w, creator, 120)).status).toBe(200);
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 1_000);
    const sub = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ subscription: { price: 120 }, credits: 880 });
    expect((await balances(server.app.ctx.db, creator.user._id)).earnings).toBe(creatorShare(120));

    // The creator raises the price: the running subscription renews at the price it was bought at.
    expect((await setPrice(w, creator, 300)).status).toBe(200);
    clock.advance(31 * DAY);
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    expect(await subscriptionCharges(server, fan.user._id)).toEqual([-120, -120]);
    expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.credits).toBe(760);

    // A fan subscribing after the change pays the new price.
    const late = await w.fan();
    await w.giveCredits(late.user._id, 300);
    const lateSub = await w.api.call('POST', '/v1/subscriptions', {
      token: late.token,
      body: { model_id: creator.user._id },
    });
    expect(lateSub.body).toMatchObject({ subscription: { price: 300 }, credits: 0 });

    // Canceling and subscribing again is a new subscription at the price of the day.
    const cancel = await w.api.call('DELETE', `/v1/subscriptions?ids=${sub.body.subscription._id}`, {
      token: fan.token,
    });
    expect(cancel.body.canceled).toBe(1);
    const again = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id },
    });
    expect(again.body).toMatchObject({ subscription: { price: 300 }, credits: 460 });
    expect(await subscriptionCharges(server, fan.user._id)).toEqual([-120, -120, -300]);
    expect((await balances(server.app.ctx.db, creator.user._id)).earnings).toBe(
      creatorShare(120) * 2 + creatorShare(300) * 2,
    );
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('charges nothing when the price the fan was shown is no longer the price (409 price_changed)', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    expect((await setPrice(w, creator, 80)).status).toBe(200);
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 200);
    const stale = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, expected_price: 50 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: subscriptionPriceChangedMessage(80), code: 'price_changed' });
    expect(await subscriptionCharges(server, fan.user._id)).toEqual([]);
    const agreed = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, expected_price: 80 },
    });
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({ subscription: { price: 80 }, credits: 120 });
  });
});
