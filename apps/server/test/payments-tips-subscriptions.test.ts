import { ERRORS, SUBSCRIPTION_PRICE, SubscriptionList, TipResponse } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { RENEWAL_JOB } from '../src/modules/subscriptions/renewal';
import { apiTest } from './support/api-test';
import { balances, creatorShare } from './support/balances';
import { manualClock } from './support/server';
import { connectSocket } from './support/socket';

const clock = manualClock();
const DAY = 86_400_000;
// Renewals move the clock by months; the fans' sessions must outlive that.
const it = apiTest({ SESSION_TTL_DAYS: '365' }, { clock });

describe('POST /v1/tips', () => {
  it('moves credits to the creator, shows the tip in the chat, and tells the creator with unread_tip', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 100);
    const creatorSocket = await connectSocket(server.url, creator.token);
    const fanSocket = await connectSocket(server.url, fan.token);
    const res = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 25, text: 'For you', idempotency_key: 'tip-key-0001' },
    });
    expect(res.status).toBe(200);
    const body = TipResponse.parse(res.body);
    expect(body.credits).toBe(75);
    expect(body.message).toMatchObject({ type: 'tip', price: 25, text: 'For you', sender_id: fan.user._id });
    const event = await creatorSocket.next('new_message');
    expect(event.data).toMatchObject({
      unread_tip: 25,
      sender_id: fan.user._id,
      chat_id: body.message.chat_id,
    });
    expect((await fanSocket.next('total_credits')).data).toEqual({ credits: 75 });

    // A retried tip (same key) charges and shows once.
    const again = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 25, text: 'For you', idempotency_key: 'tip-key-0001' },
    });
    expect(again.body).toMatchObject({ credits: 75, message: { _id: body.message._id } });
    const messages = await w.api.call('GET', `/v1/chats/${body.message.chat_id}/messages`, {
      token: creator.token,
    });
    expect(messages.body.data.filter((m: { type: string }) => m.type === 'tip')).toHaveLength(1);
    expect((await balances(server.app.ctx.db, creator.user._id)).earnings).toBe(creatorShare(25));
    creatorSocket.close();
    fanSocket.close();
  });

  it('answers 402 when the balance is short, and 4xx for bad tips', async ({ w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const other = await w.fan();
    const none = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 5 },
    });
    expect(none.status).toBe(402);
    expect(none.body.message).toBe(ERRORS.noCredits);
    await w.giveCredits(fan.user._id, 3);
    const low = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 5 },
    });
    expect(low.status).toBe(402);
    expect(low.body.message).toBe(ERRORS.balanceTooLow);
    for (const body of [
      { recipient_id: creator.user._id, amount: 0 },
      { recipient_id: creator.user._id, amount: 1.5 },
      { recipient_id: creator.user._id },
      { recipient_id: other.user._id, amount: 1 },
      { recipient_id: fan.user._id, amount: 1 },
    ]) {
      const res = await w.api.call('POST', '/v1/tips', { token: fan.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await w.api.call('POST', '/v1/tips', {
          token: fan.token,
          body: { recipient_id: 'nobody', amount: 1 },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a tip into a chat either member blocked, and moves no credits', async ({ w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 20);
    const tip = () =>
      w.api.call('POST', '/v1/tips', {
        token: fan.token,
        body: { recipient_id: creator.user._id, amount: 5 },
      });
    expect((await tip()).status).toBe(200);
    for (const [blocker, other] of [
      [creator, fan],
      [fan, creator],
    ] as const) {
      await w.api.call('PATCH', '/v1/chats', {
        token: blocker.token,
        body: { action: 'block', ids: other.user._id },
      });
      const refused = await tip();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'blocked', message: ERRORS.blocked });
      await w.api.call('PATCH', '/v1/chats', {
        token: blocker.token,
        body: { action: 'unblock', ids: other.user._id },
      });
    }
    expect((await tip()).body.credits).toBe(10);
  });

  it('respects the tips feature flag', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 10);
    await server.app.ctx.db
      .updateTable('users')
      .set({ features: JSON.stringify({ tips: false }) })
      .where('id', '=', fan.user._id)
      .execute();
    const res = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 5 },
    });
    expect(res.status).toBe(403);
  });
});

describe('subscriptions', () => {
  it('subscribes (charging the first period), lists with next and total, cancels by ids', async ({ w }) => {
    const fan = await w.fan();
    const creators = [await w.creator(), await w.creator(), await w.creator()];
    await w.giveCredits(fan.user._id, SUBSCRIPTION_PRICE * 3);
    for (const c of creators) {
      const res = await w.api.call('POST', '/v1/subscriptions', {
        token: fan.token,
        body: { model_id: c.user._id },
      });
      expect(res.status).toBe(200);
      expect(res.body.subscription).toMatchObject({
        status: 'active',
        price: SUBSCRIPTION_PRICE,
        user: { _id: c.user._id },
      });
    }
    const dup = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creators[0]!.user._id },
    });
    expect(dup.status).toBe(409);

    const page = await w.api.call('GET', '/v1/subscriptions?limit=2&offset=0', { token: fan.token });
    const list = SubscriptionList.parse(page.body);
    expect(list.total).toBe(3);
    expect(list.data).toHaveLength(2);
    expect(list.next).toBe('/v1/subscriptions?limit=2&offset=2');

    const ids = list.data.map((s) => s._id);
    const cancel = await w.api.call('DELETE', `/v1/subscriptions?ids=${ids.join(',')},bogus`, {
      token: fan.token,
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.canceled).toBe(2);
    expect(cancel.body.data.every((s: { status: string }) => s.status === 'canceled')).toBe(true);
    const after = SubscriptionList.parse(
      (await w.api.call('GET', '/v1/subscriptions', { token: fan.token })).body,
    );
    expect(after.data.map((s) => s.status)).toEqual(['active', 'canceled', 'canceled']);
    expect(after.next).toBeNull();
    expect((await w.api.call('DELETE', '/v1/subscriptions?ids=', { token: fan.token })).status).toBe(400);
  });

  it('402 without enough credits; 400 for a fan as model', async ({ w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const res = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id },
    });
    expect(res.status).toBe(402);
    const other = await w.fan();
    expect(
      (
        await w.api.call('POST', '/v1/subscriptions', {
          token: fan.token,
          body: { model_id: other.user._id },
        })
      ).status,
    ).toBe(400);
  });

  it('renews on schedule from credits, and lapses when neither credits nor a card can pay', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, SUBSCRIPTION_PRICE * 2);
    const sub = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id },
    });
    expect(sub.status).toBe(200);
    clock.advance(31 * DAY);
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    let me = await w.api.call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.credits).toBe(0);
    // Running again in the same period charges nothing.
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    clock.advance(31 * DAY);
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    me = await w.api.call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.credits).toBe(0);
    const list = SubscriptionList.parse(
      (await w.api.call('GET', '/v1/subscriptions', { token: fan.token })).body,
    );
    expect(list.data[0]).toMatchObject({ _id: sub.body.subscription._id, status: 'canceled' });
    const entries = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['reason', 'delta'])
      .where('user_id', '=', fan.user._id)
      .where('reason', '=', 'subscription')
      .execute();
    expect(entries).toHaveLength(2);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('tops up from the subscription card at renewal when credits run short', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const year = clock.now().getUTCFullYear() + 3;
    const paid = await w.api.call('POST', '/v1/payment', {
      token: fan.token,
      body: {
        card: { number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123', name: 'Fan' },
        amount: SUBSCRIPTION_PRICE,
        save_card: true,
        idempotency_key: 'renewal-card-1',
      },
    });
    expect(paid.body.result).toBe(true);
    const cardId = (await w.api.call('GET', '/v1/cc', { token: fan.token })).body.data[0].id;
    await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, card_id: cardId },
    });
    clock.advance(31 * DAY);
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    const list = SubscriptionList.parse(
      (await w.api.call('GET', '/v1/subscriptions', { token: fan.token })).body,
    );
    expect(list.data[0]!.status).toBe('active');
    const reasons = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['reason', 'delta'])
      .where('user_id', '=', fan.user._id)
      .orderBy('id')
      .execute();
    expect(reasons.map((r) => `${r.reason}:${r.delta}`)).toEqual([
      `package:${SUBSCRIPTION_PRICE}`,
      `subscription:-${SUBSCRIPTION_PRICE}`,
      `package:${SUBSCRIPTION_PRICE}`,
      `subscription:-${SUBSCRIPTION_PRICE}`,
    ]);
  });

  it('does not top up again a period whose top-up key has expired: the subscription lapses', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const year = clock.now().getUTCFullYear() + 3;
    const paid = await w.api.call('POST', '/v1/payment', {
      token: fan.token,
      body: {
        card: { number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123', name: 'Fan' },
        amount: SUBSCRIPTION_PRICE,
        save_card: true,
        idempotency_key: 'renewal-card-2',
      },
    });
    expect(paid.body.result).toBe(true);
    const cardId = (await w.api.call('GET', '/v1/cc', { token: fan.token })).body.data[0].id;
    const sub = await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, card_id: cardId },
    });
    const periodEnd = sub.body.subscription.ends_at as string;
    // This period's top-up was made long ago (its credits since spent) and its key purged since.
    await server.app.ctx.db
      .insertInto('payments')
      .values({
        user_id: fan.user._id,
        idempotency_key: `renewal-topup:${sub.body.subscription._id}:${periodEnd}`,
        status: 'succeeded',
        kind: 'card',
        credits: SUBSCRIPTION_PRICE,
        amount_cents: SUBSCRIPTION_PRICE * 10,
        purpose: 'subscription',
        card_id: cardId,
      })
      .execute();
    const payments = () =>
      server.app.ctx.db.selectFrom('payments').select('id').where('user_id', '=', fan.user._id).execute();
    expect(await payments()).toHaveLength(2);

    clock.advance(31 * DAY);
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    const list = SubscriptionList.parse(
      (await w.api.call('GET', '/v1/subscriptions', { token: fan.token })).body,
    );
    expect(list.data[0]).toMatchObject({ _id: sub.body.subscription._id, status: 'canceled' });
    expect(await payments()).toHaveLength(2);
    expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.credits).toBe(0);
  });
});
