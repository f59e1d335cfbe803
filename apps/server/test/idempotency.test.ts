import { describe, expect } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_HOURS, loadConfig } from '../src/config';
import { IDEMPOTENCY_KEY_EXPIRED, IDEMPOTENCY_KEYS_PURGE_JOB } from '../src/modules/ledger/idempotency';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { balances as balancesIn, creatorShare } from './support/balances';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// Idempotency keys behave as Stripe's API defines them: a key belongs to its caller and its
// operation; the same key with another request is refused (422); concurrent twins wait for the first
// and answer what it did. On PostgreSQL (PARLOR_TEST_PG) the concurrent cases really run in parallel.
const it = apiTest();

const REUSED = 'This idempotency key was already used with a different request.';
const card = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Fan',
};
let counter = 0;
const key = () => `idem-${Date.now()}-${++counter}`;

const db = (server: TestServer) => server.app.ctx.db;
const balances = (server: TestServer, userId: string) => balancesIn(db(server), userId);
const ledgerRows = async (server: TestServer, userId: string) =>
  (
    await db(server)
      .selectFrom('ledger_entries')
      .select(['reason', 'delta'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((r) => [r.reason, r.delta]);

const pay = (w: World, token: string, body: Record<string, unknown>) =>
  w.api.call('POST', '/v1/payment', { token, body });
const crypto = (w: World, token: string, body: Record<string, unknown>) =>
  w.api.call('POST', '/v1/payment/crypto', { token, body });
const tip = (w: World, token: string, body: Record<string, unknown>) =>
  w.api.call('POST', '/v1/tips', { token, body });
const subscribe = (w: World, token: string, body: Record<string, unknown>) =>
  w.api.call('POST', '/v1/subscriptions', { token, body });

it.afterAll(async ({ server }) => {
  expect(await findLedgerMismatches(db(server))).toEqual([]);
});

describe('a key with a different request', () => {
  it('a card payment for another package with a used key is 422 and charges nothing', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const k = key();
    const first = await pay(w, fan.token, { card, package_id: 'starter', idempotency_key: k });
    expect(first.body).toMatchObject({ result: true, credits: 100 });
    const other = await pay(w, fan.token, { card, package_id: 'best', idempotency_key: k });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(REUSED);
    // Another card is another request too.
    const otherCard = await pay(w, fan.token, {
      card: { ...card, number: '5555555555554444' },
      package_id: 'starter',
      idempotency_key: k,
    });
    expect(otherCard.status).toBe(422);
    // The same request still answers the first payment.
    const again = await pay(w, fan.token, { card, package_id: 'starter', idempotency_key: k });
    expect(again.body).toMatchObject({ result: true, payment_id: first.body.payment_id, credits: 100 });
    expect(await ledgerRows(server, fan.user._id)).toEqual([['package', 100]]);
  });

  it('a crypto top-up of another package or currency with a used key is 422', async ({ server, w }) => {
    const fan = await w.fan();
    const k = key();
    expect(
      (await crypto(w, fan.token, { package_id: 'starter', currency: 'USDT', idempotency_key: k })).status,
    ).toBe(200);
    for (const body of [
      { package_id: 'best', currency: 'USDT' },
      { package_id: 'starter', currency: 'BTC' },
    ]) {
      const res = await crypto(w, fan.token, { ...body, idempotency_key: k });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(REUSED);
    }
    expect(await ledgerRows(server, fan.user._id)).toEqual([['crypto_topup', 100]]);
  });

  it('a tip of another amount, note or creator with a used key is 422 and moves nothing', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const other = await w.creator();
    await w.giveCredits(fan.user._id, 100);
    const k = key();
    const first = await tip(w, fan.token, { recipient_id: creator.user._id, amount: 10, idempotency_key: k });
    expect(first.status).toBe(200);
    for (const body of [
      { recipient_id: creator.user._id, amount: 20 },
      { recipient_id: creator.user._id, amount: 10, text: 'a note' },
      { recipient_id: other.user._id, amount: 10 },
    ]) {
      const res = await tip(w, fan.token, { ...body, idempotency_key: k });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(REUSED);
    }
    const again = await tip(w, fan.token, { recipient_id: creator.user._id, amount: 10, idempotency_key: k });
    expect(again.body.message._id).toBe(first.body.message._id);
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 90 });
    expect(await balances(server, other.user._id)).toMatchObject({ earnings: 0 });
  });

  it('a subscription to another creator with a used key is 422 and subscribes to nothing', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const other = await w.creator();
    await w.giveCredits(fan.user._id, 200);
    const k = key();
    const first = await subscribe(w, fan.token, { model_id: creator.user._id, idempotency_key: k });
    expect(first.status).toBe(200);
    const res = await subscribe(w, fan.token, { model_id: other.user._id, idempotency_key: k });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(REUSED);
    const list = await call('GET', '/v1/subscriptions', { token: fan.token });
    expect(list.body.data.map((s: { user: { _id: string } }) => s.user._id)).toEqual([creator.user._id]);
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 150 });
  });
});

describe('a key reused across kinds belongs to each kind separately', () => {
  it('a card payment and a crypto top-up with one key are two purchases, in either order', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const k = key();
    const topUp = await crypto(w, fan.token, { package_id: 'starter', currency: 'USDT', idempotency_key: k });
    expect(topUp.status).toBe(200);
    const card1 = await pay(w, fan.token, { card, package_id: 'best', idempotency_key: k });
    expect(card1.status).toBe(200);
    expect(card1.body).toMatchObject({ result: true, credits: 1300 });

    const k2 = key();
    expect((await pay(w, fan.token, { card, package_id: 'starter', idempotency_key: k2 })).status).toBe(200);
    const topUp2 = await crypto(w, fan.token, { package_id: 'plus', currency: 'ETH', idempotency_key: k2 });
    expect(topUp2.status).toBe(200);
    expect(topUp2.body).toMatchObject({ credits: 260, paid_currency: 'ETH' });
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 1300 + 100 + 260 });
  });

  it('a tip, a subscription and a message with one key are three operations', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 200);
    const k = key();
    expect((await w.send(fan.token, creator.user._id, 'hello', { clientSideReceiveId: k })).status).toBe(200);
    const tipped = await tip(w, fan.token, { recipient_id: creator.user._id, amount: 5, idempotency_key: k });
    expect(tipped.status).toBe(200);
    expect(tipped.body.message.type).toBe('tip');
    expect((await subscribe(w, fan.token, { model_id: creator.user._id, idempotency_key: k })).status).toBe(
      200,
    );
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 200 - 5 - 50 });
  });

  it('a tip whose key equals a message send id it would have used answers 200, never 500', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 100);
    const k = key();
    const sent = await w.send(fan.token, creator.user._id, 'hello', { clientSideReceiveId: `tip:${k}` });
    expect(sent.status).toBe(200);
    const tipped = await tip(w, fan.token, { recipient_id: creator.user._id, amount: 5, idempotency_key: k });
    expect(tipped.status).toBe(200);
    expect(tipped.body.message).toMatchObject({ type: 'tip', price: 5 });
    // And the other way round: a message send id that equals a tip's key is a message of its own.
    const k2 = key();
    expect(
      (await tip(w, fan.token, { recipient_id: creator.user._id, amount: 5, idempotency_key: k2 })).status,
    ).toBe(200);
    const after = await w.send(fan.token, creator.user._id, 'after', { clientSideReceiveId: `tip:${k2}` });
    expect(after.status).toBe(200);
    expect(after.body.message).toMatchObject({ type: 'text', text: 'after' });
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 90 });
  });
});

describe('concurrent requests with one key', () => {
  it('subscriptions: every twin waits for the first and answers its subscription', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 500);
    const body = { model_id: creator.user._id, idempotency_key: key() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => subscribe(w, fan.token, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.subscription._id)).size).toBe(1);
    expect(await ledgerRows(server, fan.user._id)).toEqual([
      ['admin_adjustment', 500],
      ['subscription', -50],
    ]);
  });

  it('crypto top-ups: one top-up, the same receipt for every twin', async ({ server, w }) => {
    const fan = await w.fan();
    const body = { package_id: 'plus', currency: 'BTC', idempotency_key: key() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => crypto(w, fan.token, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.transaction_id)).size).toBe(1);
    expect(await ledgerRows(server, fan.user._id)).toEqual([['crypto_topup', 260]]);
  });

  it('card payments with one key and different packages: one charge, the others 422', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const k = key();
    const answers = await Promise.all(
      ['starter', 'best', 'starter', 'best'].map((p) =>
        pay(w, fan.token, { card, package_id: p, idempotency_key: k }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(new Set(ok.map((a) => a.body.payment_id)).size).toBe(1);
    expect(ok).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(2);
    expect((await ledgerRows(server, fan.user._id)).length).toBe(1);
  });
});

describe('after a key expires', () => {
  const HOUR = 3_600_000;
  const keysOf = async (server: TestServer, userId: string) =>
    (
      await db(server).selectFrom('idempotency_keys').select('key').where('user_id', '=', userId).execute()
    ).map((r) => r.key);
  /** Ages the user's keys by `hours` and runs the hourly purge. */
  async function age(server: TestServer, userId: string, hours: number) {
    await db(server)
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - hours * HOUR) })
      .where('user_id', '=', userId)
      .execute();
    await server.app.ctx.jobs.runNow(IDEMPOTENCY_KEYS_PURGE_JOB);
  }
  const expectExpired = (res: { status: number; body: { code: string; message: string } }) =>
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'idempotency_key_expired', message: IDEMPOTENCY_KEY_EXPIRED },
    });

  it('keeps keys for 24 hours, then purges them; the same request is refused, never charged again', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const k = key();
    const paid = await pay(w, fan.token, { card, package_id: 'starter', idempotency_key: k });
    expect(paid.body).toMatchObject({ result: true, credits: 100 });
    const topUp = { package_id: 'starter', currency: 'USDT', idempotency_key: k };
    expect((await crypto(w, fan.token, topUp)).status).toBe(200);
    const tipped = { recipient_id: creator.user._id, amount: 10, idempotency_key: k };
    expect((await tip(w, fan.token, tipped)).status).toBe(200);
    const subscribed = await subscribe(w, fan.token, { model_id: creator.user._id, idempotency_key: k });
    expect(subscribed.status).toBe(200);
    // The subscription is cancelled, so that a repeat is not stopped by the one still active.
    const cancelled = await call('DELETE', `/v1/subscriptions?ids=${subscribed.body.subscription._id}`, {
      token: fan.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await keysOf(server, fan.user._id)).toEqual([k, k, k, k]);

    // Within the day a repeat still answers the first request.
    await age(server, fan.user._id, IDEMPOTENCY_KEY_TTL_HOURS - 1);
    expect(await keysOf(server, fan.user._id)).toHaveLength(4);
    expect(
      (await pay(w, fan.token, { card, package_id: 'starter', idempotency_key: k })).body.payment_id,
    ).toBe(paid.body.payment_id);

    // A day on, the keys are gone, yet what they made is still keyed: nothing is charged twice.
    await age(server, fan.user._id, IDEMPOTENCY_KEY_TTL_HOURS + 1);
    expect(await keysOf(server, fan.user._id)).toEqual([]);
    const before = await ledgerRows(server, fan.user._id);
    expectExpired(await pay(w, fan.token, { card, package_id: 'starter', idempotency_key: k }));
    expectExpired(await crypto(w, fan.token, topUp));
    expectExpired(await tip(w, fan.token, tipped));
    expectExpired(await subscribe(w, fan.token, { model_id: creator.user._id, idempotency_key: k }));
    // Another request with the expired key is refused alike.
    expectExpired(await tip(w, fan.token, { ...tipped, amount: 20 }));
    expect(await ledgerRows(server, fan.user._id)).toEqual(before);
    const payments = await db(server)
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(payments).toHaveLength(2);
    const subs = await db(server)
      .selectFrom('subscriptions')
      .select('id')
      .where('fan_id', '=', fan.user._id)
      .execute();
    expect(subs).toHaveLength(1);
    // A refused repeat recorded no key; a new key buys as usual.
    expect(await keysOf(server, fan.user._id)).toEqual([]);
    expect(
      (await pay(w, fan.token, { card, package_id: 'starter', idempotency_key: key() })).body,
    ).toMatchObject({
      result: true,
    });
  });

  it('reads the lifetime from IDEMPOTENCY_KEY_TTL_HOURS', () => {
    expect(loadConfig({}).idempotencyKeyTtlHours).toBe(24);
    expect(loadConfig({ IDEMPOTENCY_KEY_TTL_HOURS: '48' }).idempotencyKeyTtlHours).toBe(48);
  });
});

describe('message send ids', () => {
  async function creatorWithRate(w: World, fanToken: string, fanId: string, rate: number) {
    const creator = await w.creator();
    const { chat_id } = await w.openChat(fanToken, creator.user._id);
    if (rate > 0)
      await w.api.call('POST', '/v1/chats/change-rate', {
        token: creator.token,
        body: { user_id: fanId, rate },
      });
    return { ...creator, chatId: chat_id };
  }
  const messagesFrom = async (server: TestServer, senderId: string) =>
    db(server).selectFrom('messages').select(['chat_id', 'text']).where('sender_id', '=', senderId).execute();

  for (const [firstRate, secondRate] of [
    [0, 5],
    [5, 0],
    [5, 7],
  ] as const) {
    it(`a send id reused in another chat is 409 and charges nothing (rates ${firstRate} then ${secondRate})`, async ({
      server,
      w,
    }) => {
      const fan = await w.fan();
      await w.giveCredits(fan.user._id, 100);
      const a = await creatorWithRate(w, fan.token, fan.user._id, firstRate);
      const b = await creatorWithRate(w, fan.token, fan.user._id, secondRate);
      const id = key();
      expect((await w.send(fan.token, a.user._id, 'to a', { clientSideReceiveId: id })).status).toBe(200);
      const reused = await w.send(fan.token, b.user._id, 'to b', { clientSideReceiveId: id });
      expect(reused.status).toBe(409);
      expect(await balances(server, fan.user._id)).toMatchObject({ credits: 100 - firstRate });
      expect(await balances(server, b.user._id)).toMatchObject({ earnings: 0 });
      expect((await messagesFrom(server, fan.user._id)).map((m) => m.text)).toEqual(['to a']);
    });
  }

  it('a send id retried in its chat answers the stored message and charges nothing more', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    const creator = await creatorWithRate(w, fan.token, fan.user._id, 0);
    const id = key();
    const first = await w.send(fan.token, creator.user._id, 'first', { clientSideReceiveId: id });
    // A rate set before the retry does not apply to the message already stored free.
    await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 9 },
    });
    const same = await w.send(fan.token, creator.user._id, 'first', { clientSideReceiveId: id });
    expect(same.status).toBe(200);
    expect(same.body.message._id).toBe(first.body.message._id);
    expect(await balances(server, fan.user._id)).toMatchObject({ credits: 100 });
    expect(await balances(server, creator.user._id)).toMatchObject({ earnings: 0 });
  });

  it('one send id sent to two paid chats at once: one message, one charge, the other chat 409', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    const a = await creatorWithRate(w, fan.token, fan.user._id, 4);
    const b = await creatorWithRate(w, fan.token, fan.user._id, 6);
    const id = key();
    const targets = Array.from({ length: 6 }, (_, i) => (i % 2 ? b : a));
    const answers = await Promise.all(
      targets.map((t) => w.send(fan.token, t.user._id, 'race', { clientSideReceiveId: id })),
    );
    const stored = await messagesFrom(server, fan.user._id);
    expect(stored).toHaveLength(1);
    const winner = stored[0]!.chat_id;
    expect(answers.map((res) => res.status)).toEqual(targets.map((t) => (t.chatId === winner ? 200 : 409)));
    // One charge: the winner's rate, split between its creator and the platform.
    const spent = 100 - (await balances(server, fan.user._id)).credits;
    expect([4, 6]).toContain(spent);
    const earned =
      (await balances(server, a.user._id)).earnings + (await balances(server, b.user._id)).earnings;
    expect(earned).toBe(creatorShare(spent));
  });
});
