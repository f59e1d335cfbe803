import { SUBSCRIPTION_PRICE } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { creatorShare } from './support/balances';
import type { Api, ApiPath } from './support/client';

const it = apiTest();

const get = (call: Api['call'], path: ApiPath<'GET'>, token: string) => call('GET', path, { token });
const today = () => new Date().toISOString().slice(0, 10);

describe('a creator’s earnings reports', () => {
  it('totals this month and all time by type, after the platform’s fee; the day series counts them with new fans and subscribers', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 1000 + SUBSCRIPTION_PRICE);
    const tip = await call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 100 },
    });
    expect(tip.status).toBe(200);
    const sub = await call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const price = sub.body.subscription.price as number;

    const month = await get(call, '/v1/account/totals?totals=false', creator.token);
    expect(month.status).toBe(200);
    const earned = creatorShare(100) + creatorShare(price);
    expect(month.body).toEqual({
      earned,
      by_type: {
        messages: 0,
        posts: 0,
        tips: creatorShare(100),
        subscriptions: creatorShare(price),
        referrals: 0,
      },
      available_usd: (earned / 10).toFixed(2),
      pending_usd: '0.00',
      paid_out_usd: '0.00',
    });
    expect((await get(call, '/v1/account/totals?totals=true', creator.token)).body.earned).toBe(earned);

    const stats = await get(call, '/v1/account/stats', creator.token);
    expect(stats.status).toBe(200);
    expect(stats.body.data).toHaveLength(30);
    const last = stats.body.data.at(-1);
    expect(last).toEqual({
      date: today(),
      messages: 0,
      posts: 0,
      tips: creatorShare(100),
      subscriptions: creatorShare(price),
      referrals: 0,
      total: earned,
      new_fans: 1,
      new_subscribers: 1,
    });
    expect(stats.body.data[0].total).toBe(0);
  });

  it('answers a chosen range; refuses a reversed or too long one, a malformed date, and anyone not a creator', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const one = await get(call, `/v1/account/stats?from=${today()}&to=${today()}`, creator.token);
    expect(one.body.data).toEqual([
      {
        date: today(),
        messages: 0,
        posts: 0,
        tips: 0,
        subscriptions: 0,
        referrals: 0,
        total: 0,
        new_fans: 0,
        new_subscribers: 0,
      },
    ]);
    expect((await get(call, '/v1/account/stats?from=2026-02-01&to=2026-01-01', creator.token)).status).toBe(
      400,
    );
    expect((await get(call, '/v1/account/stats?from=2024-01-01&to=2026-01-01', creator.token)).status).toBe(
      400,
    );
    expect((await get(call, '/v1/account/stats?from=yesterday', creator.token)).status).toBe(400);
    expect((await get(call, '/v1/account/stats?from=2026-02-31', creator.token)).status).toBe(400);
    expect((await get(call, '/v1/account/totals', fan.token)).status).toBe(403);
    expect((await get(call, '/v1/account/stats', fan.token)).status).toBe(403);
  });
});
