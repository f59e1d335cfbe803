import { SUBSCRIPTION_PRICE, SubscriptionList } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { challengeToken } from '../src/modules/payments/challenge';
import { RENEWAL_JOB } from '../src/modules/subscriptions/renewal';
import { apiTest } from './support/api-test';
import { balances as balancesIn, creatorShare } from './support/balances';
import { manualClock, type TestServer } from './support/server';
import {
  STANDIN_SECRET_KEY,
  STANDIN_WEBHOOK_SECRET,
  type StripeStandin,
  startStripeStandin,
} from './support/stripe-standin';
import type { World } from './support/world';

// PAYMENT_PROVIDER=stripe through the official SDK, pointed at a stand-in on 127.0.0.1 that answers
// the calls Parlor makes and signs its webhooks with the SDK's test header helper
// (docs/payments.md "Payment providers").
const DAY = 86_400_000;
const clock = manualClock();
let stripe: StripeStandin;

const it = apiTest(
  async (onCleanup) => {
    stripe = await startStripeStandin();
    onCleanup(stripe.close);
    return {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: STANDIN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SESSION_TTL_DAYS: '365',
      CRYPTO_TOPUP: 'off',
    };
  },
  { clock },
);
it.beforeAll(({ server }) => {
  stripe.webhookUrl = `${server.url}/v1/payment/webhook/stripe`;
});
it.afterAll(async ({ server }) => {
  expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
});

let counter = 0;
const key = () => `stripe-${Date.now()}-${++counter}`;
const balances = (server: TestServer, userId: string) => balancesIn(server.app.ctx.db, userId);
const pay = (w: World, token: string, body: Record<string, unknown>) =>
  w.api.call('POST', '/v1/payment', { token, body: { idempotency_key: key(), ...body } });
const status = (w: World, token: string, id: string) => w.api.call('GET', `/v1/payment/${id}`, { token });
const sessionOf = (paymentId: string) =>
  [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!;
const webhook = (server: TestServer, body: string, signature?: string) =>
  fetch(`${server.url}/v1/payment/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });

/** A fan buys a package through checkout; the session is paid and its webhooks delivered. */
async function buy(w: World, token: string, body: Record<string, unknown> = { package_id: 'starter' }) {
  const res = await pay(w, token, body);
  expect(res.status).toBe(200);
  const session = sessionOf(res.body.payment_id);
  const { intent, events } = stripe.pay(session.id as string);
  for (const e of events) expect(await stripe.deliver(e)).toBe(200);
  return { paymentId: res.body.payment_id as string, intentId: intent.id as string };
}

describe('checkout', () => {
  it('the provider config says stripe, and a card number is refused without reaching Stripe', async ({
    w,
  }) => {
    const config = await w.api.call('GET', '/v1/provider/config');
    expect(config.body.payment_provider).toBe('stripe');
    expect(config.body.payments_test_mode).toBe(false);
    const fan = await w.fan();
    const before = stripe.calls.length;
    const res = await pay(w, fan.token, {
      package_id: 'starter',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123', name: 'Fan' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/entered on the payment page/);
    expect(stripe.calls.length).toBe(before);
  });

  it('answers the hosted page, credits once on the webhook even when it comes twice and before the browser', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const res = await pay(w, fan.token, { package_id: 'starter', save_card: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: false, three_ds: true, credits: 0 });
    const session = sessionOf(res.body.payment_id);
    expect(res.body.redirect_url).toBe(session.url);
    expect(session.amount_total).toBe(1_000);
    expect(session.success_url).toMatch(/\/3ds-callback\?3ds=success&.*paymentId=/);
    expect(session.cancel_url).toMatch(/\/3ds-callback\?3ds=error/);
    const created = stripe.calls.find(
      (c) => c.path === '/v1/checkout/sessions' && c.body.client_reference_id === res.body.payment_id,
    )!;
    expect(created.body.customer).toMatch(/^cus_/);

    // Nothing lands before Stripe says so: the browser's return alone credits nothing.
    expect((await status(w, fan.token, res.body.payment_id)).body).toMatchObject({
      result: false,
      three_ds: true,
    });
    expect((await balances(server, fan.user._id)).credits).toBe(0);

    const { events } = stripe.pay(session.id as string);
    const [completed, succeeded] = events as [(typeof events)[0], (typeof events)[0]];
    expect(await stripe.deliver(completed)).toBe(200);
    expect(await stripe.deliver(completed)).toBe(200);
    expect(await stripe.deliver(succeeded)).toBe(200);
    expect((await balances(server, fan.user._id)).credits).toBe(100);
    expect((await status(w, fan.token, res.body.payment_id)).body).toMatchObject({
      result: true,
      credits: 100,
    });
    const rows = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['reason', 'delta'])
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(rows).toEqual([{ reason: 'package', delta: 100 }]);

    // The card Stripe reports is saved (never its number), and the same request answers the same payment.
    const cards = (await w.api.call('GET', '/v1/cc', { token: fan.token })).body.data;
    expect(cards).toMatchObject([{ brand: 'VISA', last4: '4242' }]);
    const me = await w.api.call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body).toMatchObject({ credits: 100, is_customer: true, credits_debt: 0 });
  });

  it("another user's payment is not found", async ({ w }) => {
    const fan = await w.fan();
    const other = await w.fan();
    const res = await pay(w, fan.token, { package_id: 'starter' });
    expect((await status(w, other.token, res.body.payment_id)).status).toBe(404);
    expect((await status(w, fan.token, 'not-a-payment')).status).toBe(404);
  });

  it('refuses a forged or stale signature and credits nothing', async ({ server, w }) => {
    const fan = await w.fan();
    const res = await pay(w, fan.token, { package_id: 'starter' });
    const session = sessionOf(res.body.payment_id);
    const { events } = stripe.pay(session.id as string);
    const completed = events[0]!;
    const forged = stripe.sign(completed, { secret: 'whsec_not_the_secret' });
    expect((await webhook(server, forged.body, forged.signature)).status).toBe(400);
    const stale = stripe.sign(completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await webhook(server, stale.body, stale.signature)).status).toBe(400);
    expect((await webhook(server, stale.body)).status).toBe(400);
    // A body changed after signing is refused too.
    const good = stripe.sign(completed);
    const tampered = good.body.replace('"paid"', '"paid" ');
    expect((await webhook(server, tampered, good.signature)).status).toBe(400);
    expect((await balances(server, fan.user._id)).credits).toBe(0);
    // The same event, signed, then credits.
    expect((await webhook(server, good.body, good.signature)).status).toBe(200);
    expect((await balances(server, fan.user._id)).credits).toBe(100);
  });

  it("the sandbox's challenge page cannot confirm a Stripe payment", async ({ server, w }) => {
    const fan = await w.fan();
    const res = await pay(w, fan.token, { package_id: 'starter' });
    const token = challengeToken(server.app.ctx, res.body.payment_id);
    const answer = await fetch(
      `${server.url}/v1/payment/3ds/${res.body.payment_id}?token=${token}&outcome=success`,
      { method: 'POST', redirect: 'manual' },
    );
    expect(answer.status).toBe(404);
    expect((await balances(server, fan.user._id)).credits).toBe(0);
  });

  it('a webhook for a provider that is not configured is 404', async ({ server }) => {
    const res = await fetch(`${server.url}/v1/payment/webhook/ccbill`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});

describe('saved methods and renewals', () => {
  it('pays with the saved method at once, and a renewal charges it off-session', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await buy(w, fan.token, { amount: SUBSCRIPTION_PRICE, save_card: true });
    const cardId = (await w.api.call('GET', '/v1/cc', { token: fan.token })).body.data[0].id;

    const again = await pay(w, fan.token, { card_id: cardId, package_id: 'starter' });
    expect(again.body).toMatchObject({ result: true, credits: SUBSCRIPTION_PRICE + 100 });
    const onSession = stripe.calls.filter((c) => c.path === '/v1/payment_intents').at(-1)!;
    expect(onSession.body.off_session).toBeUndefined();
    expect(onSession.body.customer).toMatch(/^cus_/);

    // Spend it down so the renewal needs the card.
    await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, card_id: cardId },
    });
    const rest = (await balances(server, fan.user._id)).credits;
    await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: rest, idempotency_key: key() },
    });
    expect((await balances(server, fan.user._id)).credits).toBe(0);

    clock.advance(31 * DAY);
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    const renewal = stripe.calls.filter((c) => c.path === '/v1/payment_intents').at(-1)!;
    expect(renewal.body).toMatchObject({ off_session: 'true', amount: String(SUBSCRIPTION_PRICE * 10) });
    const list = SubscriptionList.parse(
      (await w.api.call('GET', '/v1/subscriptions', { token: fan.token })).body,
    );
    expect(list.data[0]!.status).toBe('active');
    expect((await balances(server, fan.user._id)).credits).toBe(0);

    // Its payment_intent.succeeded webhook afterwards credits nothing more.
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(intent.off_session).toBe(true);
    expect(await stripe.deliver(stripe.event('payment_intent.succeeded', intent))).toBe(200);
    expect((await balances(server, fan.user._id)).credits).toBe(0);
  });

  it('a declined off-session renewal lapses the subscription and credits nothing', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await buy(w, fan.token, { amount: SUBSCRIPTION_PRICE, save_card: true });
    const cardId = (await w.api.call('GET', '/v1/cc', { token: fan.token })).body.data[0].id;
    await w.api.call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, card_id: cardId },
    });
    const token = (
      await server.app.ctx.db
        .selectFrom('saved_cards')
        .select('provider_token')
        .where('id', '=', cardId)
        .executeTakeFirstOrThrow()
    ).provider_token;
    stripe.declines.set(token, 'insufficient_funds');
    clock.advance(31 * DAY);
    await server.app.ctx.jobs.runNow(RENEWAL_JOB);
    const list = SubscriptionList.parse(
      (await w.api.call('GET', '/v1/subscriptions', { token: fan.token })).body,
    );
    expect(list.data[0]!.status).toBe('canceled');
    expect((await balances(server, fan.user._id)).credits).toBe(0);
  });
});

describe('refunds and chargebacks', () => {
  it('a refund takes back the unspent credits once', async ({ server, w }) => {
    const fan = await w.fan();
    const { intentId } = await buy(w, fan.token);
    const refunded = stripe.event('charge.refunded', stripe.charge(intentId, 1_000));
    expect(await stripe.deliver(refunded)).toBe(200);
    expect(await stripe.deliver(refunded)).toBe(200);
    expect(await stripe.deliver(stripe.event('charge.refunded', stripe.charge(intentId, 1_000)))).toBe(200);
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 0 });
    const me = await w.api.call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.credits_debt).toBe(0);
  });

  it("a refund of spent credits leaves a debt and reverses the creator's unpaid share; the next purchase pays the debt", async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const { intentId } = await buy(w, fan.token);
    const tip = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 60, idempotency_key: key() },
    });
    expect(tip.status).toBe(200);
    expect(await balances(server, creator.user._id)).toMatchObject({ earnings: creatorShare(60) });

    expect(await stripe.deliver(stripe.event('charge.refunded', stripe.charge(intentId, 1_000)))).toBe(200);
    // 40 left were taken back; the 60 spent are a debt; the creator gives back their share of the 60.
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 0 });
    expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.credits_debt).toBe(60);
    expect(await balances(server, creator.user._id)).toMatchObject({ earnings: 0 });

    // The next purchase pays the debt first.
    await buy(w, fan.token);
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 40 });
    expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.credits_debt).toBe(0);
  });

  it('an admin refund asks Stripe, and its webhook takes the credits back; fans may not refund', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const admin = await w.admin();
    const { paymentId, intentId } = await buy(w, fan.token);
    const refund = (token: string) => w.api.call('POST', `/v1/admin/payments/${paymentId}/refund`, { token });
    expect((await refund(fan.token)).status).toBe(403);
    const asked = await refund(admin.token);
    expect(asked.body).toEqual({ payment_id: paymentId, status: 'refund_requested' });
    expect(stripe.calls.at(-1)).toMatchObject({
      path: '/v1/refunds',
      body: { payment_intent: intentId, amount: '1000' },
    });
    // Nothing moves until Stripe confirms.
    expect((await balances(server, fan.user._id)).credits).toBe(100);
    expect(await stripe.deliver(stripe.event('charge.refunded', stripe.charge(intentId, 1_000)))).toBe(200);
    expect((await balances(server, fan.user._id)).credits).toBe(0);
    expect((await refund(admin.token)).status).toBe(409);
  });

  it("a dispute takes the credits back, and earnings already paid out stay the creator's", async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const other = await w.creator();
    await w.giveCredits(fan.user._id, 10);
    const { intentId } = await buy(w, fan.token);
    // 10 credits existed before the payment: spends since it are what it paid for, oldest first.
    for (const [to, amount] of [
      [creator, 50],
      [other, 50],
    ] as const) {
      const tip = await w.api.call('POST', '/v1/tips', {
        token: fan.token,
        body: { recipient_id: to.user._id, amount, idempotency_key: key() },
      });
      expect(tip.status).toBe(200);
    }
    // The other creator's earnings are partly gone already (a payout hold, here a direct debit).
    await server.app.ctx.db.transaction().execute(async (trx) => {
      const { ledger } = await import('../src/modules/ledger/service');
      await ledger.debit(trx, {
        userId: other.user._id,
        account: 'earnings',
        amount: 30,
        reason: 'payout',
        idempotencyKey: `test-payout-${other.user._id}`,
      });
    });
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 10 });

    const dispute = {
      id: 'dp_standin',
      object: 'dispute',
      amount: 1_000,
      charge: stripe.charge(intentId).id,
      payment_intent: intentId,
      status: 'needs_response',
      metadata: {},
    };
    expect(await stripe.deliver(stripe.event('charge.dispute.created', dispute))).toBe(200);
    // 10 from the balance, 90 spent become a debt: creator's 50 reversed in full, the other's 40 as far as unpaid.
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 0 });
    expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.credits_debt).toBe(90);
    expect(await balances(server, creator.user._id)).toMatchObject({ earnings: 0 });
    expect(await balances(server, other.user._id)).toMatchObject({ earnings: 0 });
    const reversals = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['user_id', 'delta'])
      .where('reason', '=', 'payment_reversal')
      .where('user_id', 'in', [creator.user._id, other.user._id])
      .execute();
    expect(reversals).toHaveLength(2);
    expect(reversals.find((r) => r.user_id === creator.user._id)?.delta).toBe(-creatorShare(50));
    expect(reversals.find((r) => r.user_id === other.user._id)?.delta).toBe(-(creatorShare(50) - 30));

    // A refund of the same payment afterwards takes back nothing more.
    expect(await stripe.deliver(stripe.event('charge.refunded', stripe.charge(intentId, 1_000)))).toBe(200);
    expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.credits_debt).toBe(90);
  });
});
