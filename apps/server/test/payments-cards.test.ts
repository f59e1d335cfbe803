import {
  CARD_IN_USE_MESSAGE,
  CREDIT_PACKAGES,
  CreditPackageList,
  PaymentResponse,
  SavedCardList,
  VALIDATION,
} from '@parlor/contract';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import type { Api } from './support/client';
import { connectSocket } from './support/socket';

const it = apiTest();

const future = new Date().getUTCFullYear() + 2;
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: future,
  cvc: '123',
  name: 'Alex Fan',
  ...extra,
});
let keyCounter = 0;
const key = () => `test-key-${Date.now()}-${++keyCounter}`;

async function payWith(call: Api['call'], token: string, body: Record<string, unknown>) {
  return call('POST', '/v1/payment', { token, body: { idempotency_key: key(), ...body } });
}

describe('credit packages', () => {
  it('lists the packages with credits and a dollar price', async ({ call }) => {
    const res = await call('GET', '/v1/credit-packages');
    expect(res.status).toBe(200);
    const { data } = CreditPackageList.parse(res.body);
    expect(data.map((p) => p._id)).toEqual(CREDIT_PACKAGES.map((p) => p._id));
    expect(data[0]).toMatchObject({ credits: 100, price: '10.00' });
  });
});

describe('POST /v1/payment with the sandbox card numbers', () => {
  it('4242… succeeds at once, credits the fan through the ledger and makes them a customer', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.api.signUp('user');
    expect(fan.user.is_customer).toBe(false);
    const socket = await connectSocket(server.url, fan.token);
    const res = await payWith(call, fan.token, { card: card('4242 4242 4242 4242'), package_id: 'starter' });
    expect(res.status).toBe(200);
    expect(PaymentResponse.parse(res.body)).toMatchObject({ result: true, three_ds: false, credits: 100 });
    expect((await socket.next('total_credits')).data).toEqual({ credits: 100 });
    socket.close();
    const me = await call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body).toMatchObject({ credits: 100, is_customer: true });
    expect(me.body.profile_complete_config.is_bought_credit_package).toBe(true);
    const rows = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 100, reason: 'package', balance_after: 100 });
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('declines 4000 0000 0000 0002 and 9995 with result false, a message and no credits', async ({
    w,
    call,
  }) => {
    const fan = await w.api.signUp('user');
    for (const number of ['4000000000000002', '4000000000009995']) {
      const res = await payWith(call, fan.token, { card: card(number), package_id: 'starter' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: false, three_ds: false, credits: 0 });
      expect(res.body.message).toMatch(number.endsWith('9995') ? /insufficient funds/ : /declined/);
    }
    const me = await call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body).toMatchObject({ credits: 0, is_customer: false });
  });

  it('any other Luhn-valid Visa or Mastercard succeeds; a Luhn failure is a 400', async ({ w, call }) => {
    const fan = await w.fan();
    const ok = await payWith(call, fan.token, { card: card('5555555555554444'), amount: 30 });
    expect(ok.body).toMatchObject({ result: true, credits: 30 });
    const bad = await payWith(call, fan.token, { card: card('4242424242424241'), package_id: 'starter' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Card number is invalid' });
  });

  it('refuses an expired card with the spec message', async ({ w, call }) => {
    const fan = await w.fan();
    const res = await payWith(call, fan.token, {
      card: card('4242424242424242', { exp_month: 1, exp_year: 2020 }),
      package_id: 'starter',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VALIDATION.cardExpired);
  });

  it('answers 4xx, never 500, to bad payment bodies', async ({ w, call }) => {
    const fan = await w.fan();
    const bodies = [
      {},
      { idempotency_key: key() },
      { idempotency_key: key(), package_id: 'starter' },
      { idempotency_key: key(), card: card('4242424242424242'), package_id: 'nope' },
      { idempotency_key: key(), card_id: 'not-a-card', package_id: 'starter' },
      { idempotency_key: key(), card: card('4242424242424242'), amount: -5 },
      { idempotency_key: key(), card: { number: 42 }, package_id: 'starter' },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/v1/payment', { token: fan.token, body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    const anonymous = { idempotency_key: key(), card: card('4242424242424242'), package_id: 'starter' };
    expect((await call('POST', '/v1/payment', { body: anonymous })).status).toBe(401);
  });

  it('the same idempotency key charges once', async ({ w, call }) => {
    const fan = await w.fan();
    const body = { card: card('4242424242424242'), package_id: 'starter', idempotency_key: key() };
    const a = await call('POST', '/v1/payment', { token: fan.token, body });
    const b = await call('POST', '/v1/payment', { token: fan.token, body });
    expect(a.body.result).toBe(true);
    expect(b.body).toMatchObject({ result: true, payment_id: a.body.payment_id, credits: 100 });
  });
});

describe('3-D Secure', () => {
  async function startChallenge(call: Api['call'], token: string, extra: Record<string, unknown> = {}) {
    const res = await payWith(call, token, {
      card: card('4000 0000 0000 3220'),
      package_id: 'starter',
      ...extra,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: false, three_ds: true, credits: 0 });
    const url = new URL(res.body.redirect_url);
    expect(url.pathname).toBe(`/v1/payment/3ds/${res.body.payment_id}`);
    return { res, path: `${url.pathname}${url.search}` };
  }

  it('sends the browser to the challenge page; passing it credits once and returns to /3ds-callback', async ({
    server,
    w,
    api,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const { res, path } = await startChallenge(call, fan.token, {
      type: 'tip',
      model_id: creator.user._id,
      amount: 25,
      chat_id: 'c1',
    });
    const page = await api.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('$10.00');
    expect(page.body).not.toContain('3220 ');

    const done = await fetch(`${server.url}${path}&outcome=success`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.pathname).toBe('/3ds-callback');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      '3ds': 'success',
      paymentType: 'tip',
      modelId: creator.user._id,
      amount: '25',
      chatId: 'c1',
      paymentId: res.body.payment_id,
    });
    // Answering twice (back button, double click) credits once.
    await fetch(`${server.url}${path}&outcome=success`, { method: 'POST', redirect: 'manual' });
    const me = await call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.credits).toBe(100);
    // The same request retried after the challenge answers the settled payment.
    const again = await call('POST', '/v1/payment', {
      token: fan.token,
      body: { card: card('4000000000003220'), package_id: 'starter', idempotency_key: res.body.payment_id },
    });
    expect(again.status).toBe(200);
  });

  it('failing the challenge returns 3ds=error and credits nothing', async ({ server, w, call }) => {
    const fan = await w.fan();
    const { path } = await startChallenge(call, fan.token);
    const done = await fetch(`${server.url}${path}&outcome=error`, { method: 'POST', redirect: 'manual' });
    expect(new URL(done.headers.get('location')!).searchParams.get('3ds')).toBe('error');
    const me = await call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.credits).toBe(0);
  });

  it('refuses a challenge link with a wrong token', async ({ server, w, call }) => {
    const fan = await w.fan();
    const { res } = await startChallenge(call, fan.token);
    const page = await call('GET', `/v1/payment/3ds/${res.body.payment_id}?token=forged`);
    expect(page.status).toBe(404);
    const post = await fetch(
      `${server.url}/v1/payment/3ds/${res.body.payment_id}?token=forged&outcome=success`,
      { method: 'POST' },
    );
    expect(post.status).toBe(404);
  });
});

describe('saved cards', () => {
  it('saves a card on request, shows brand, last four and expiry only, pays with it, deletes it', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const first = await payWith(call, fan.token, {
      card: card('4242424242424242'),
      package_id: 'starter',
      save_card: true,
    });
    expect(first.body.result).toBe(true);
    // Saving the same card again keeps one entry.
    await payWith(call, fan.token, {
      card: card('4242 4242 4242 4242'),
      package_id: 'starter',
      save_card: true,
    });
    const list = await call('GET', '/v1/cc', { token: fan.token });
    const { data } = SavedCardList.parse(list.body);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      brand: 'VISA',
      last4: '4242',
      exp_month: 12,
      exp_year: future,
      expired: false,
    });
    expect(JSON.stringify(list.body)).not.toContain('4242424242424242');
    // The database keeps no full number anywhere.
    const dump =
      JSON.stringify(await server.app.ctx.db.selectFrom('saved_cards').selectAll().execute()) +
      JSON.stringify(await server.app.ctx.db.selectFrom('payments').selectAll().execute());
    expect(dump).not.toContain('4242424242424242');

    const paid = await payWith(call, fan.token, { card_id: data[0]!.id, package_id: 'plus' });
    expect(paid.body).toMatchObject({ result: true, credits: 460 });

    const del = await call('DELETE', `/v1/cc?id=${data[0]!.id}`, { token: fan.token });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual([]);
    expect((await payWith(call, fan.token, { card_id: data[0]!.id, package_id: 'plus' })).status).toBe(404);
  });

  it('saves a Mastercard as MASTER and answers 404 for someone else’s card', async ({ w, call }) => {
    const fan = await w.fan();
    const other = await w.fan();
    await payWith(call, fan.token, {
      card: card('5105105105105100'),
      package_id: 'starter',
      save_card: true,
    });
    const { data } = SavedCardList.parse((await call('GET', '/v1/cc', { token: fan.token })).body);
    expect(data[0]).toMatchObject({ brand: 'MASTER', last4: '5100' });
    expect((await call('DELETE', `/v1/cc?id=${data[0]!.id}`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', '/v1/cc?id=garbage', { token: fan.token })).status).toBe(404);
    expect((await call('DELETE', '/v1/cc', { token: fan.token })).status).toBe(400);
  });

  it('answers 409 when the card pays an active subscription, and deletes it after cancelling', async ({
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await payWith(call, fan.token, {
      card: card('4242424242424242'),
      package_id: 'starter',
      save_card: true,
    });
    const cardId = SavedCardList.parse((await call('GET', '/v1/cc', { token: fan.token })).body).data[0]!.id;
    const sub = await call('POST', '/v1/subscriptions', {
      token: fan.token,
      body: { model_id: creator.user._id, card_id: cardId },
    });
    expect(sub.status).toBe(200);
    const del = await call('DELETE', `/v1/cc?id=${cardId}`, { token: fan.token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(CARD_IN_USE_MESSAGE);
    await call('DELETE', `/v1/subscriptions?ids=${sub.body.subscription._id}`, { token: fan.token });
    expect((await call('DELETE', `/v1/cc?id=${cardId}`, { token: fan.token })).status).toBe(200);
  });
});

describe('crypto top-up (simulated)', () => {
  it('credits the package through the ledger and emits credits_top_up and total_credits once', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const socket = await connectSocket(server.url, fan.token);
    const body = { package_id: 'popular', currency: 'USDT', idempotency_key: key() };
    const res = await call('POST', '/v1/payment/crypto', { token: fan.token, body });
    expect(res.status).toBe(200);
    const event = await socket.next('credits_top_up');
    expect(event.data).toMatchObject({ credits: 550, paid_amount: 50, paid_currency: 'USDT', fee: 0.5 });
    expect(event.data.transaction_id).toBe(res.body.transaction_id);
    expect((await socket.next('total_credits')).data).toEqual({ credits: 550 });
    await call('POST', '/v1/payment/crypto', { token: fan.token, body });
    socket.close();
    const rows = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(rows.map((r) => [r.reason, r.delta])).toEqual([['crypto_topup', 550]]);
  });
});
