import { PAYOUT_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { balances } from './support/balances';
import type { Api } from './support/client';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const it = apiTest();
let adminToken: string;

it.beforeAll(async ({ w }) => {
  adminToken = (await w.admin()).token;
});

type Account = Awaited<ReturnType<World['creator']>>;
const ask = (call: Api['call'], creator: Account, amount_usd: number | string) =>
  call('POST', '/v2/account/payout', { token: creator.token, body: { amount_usd } });
const decide = (call: Api['call'], id: string, action: 'complete' | 'reject') =>
  call('PATCH', `/v1/admin/payouts/${id}`, { token: adminToken, body: { action } });
const totals = async (call: Api['call'], creator: Account) =>
  (await call('GET', '/v1/account/totals?totals=true', { token: creator.token })).body;

/** A creator with a payout method and `tipped` credits tipped by a fan (they keep 80 %). */
async function paidCreator(server: TestServer, w: World, call: Api['call'], tipped: number) {
  const creator = await w.creator();
  await server.app.ctx.db
    .updateTable('users')
    .set({ payout_method: 'paypal_transfer', payout_account: 'mila.payouts@example.com' })
    .where('id', '=', creator.user._id)
    .execute();
  const fan = await w.fan();
  await w.giveCredits(fan.user._id, tipped);
  // A tip is at most 10,000 credits.
  for (let left = tipped; left > 0; left -= 10_000) {
    const amount = Math.min(left, 10_000);
    const tip = await call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount },
    });
    expect(tip.status, JSON.stringify(tip.body)).toBe(200);
  }
  return creator;
}

describe('payouts', () => {
  it('tells a creator how they are paid, masked; fans get nothing', async ({ server, w, call }) => {
    const creator = await paidCreator(server, w, call, 100);
    const info = await call('GET', '/v1/account/info', { token: creator.token });
    expect(info.body).toEqual({
      payout_method: 'paypal_transfer',
      payout_details: 'm•••@example.com',
      payout_country: null,
      minimum_payout_usd: '20.00',
      aml_status: 'none',
      payout_methods: ['bank_transfer', 'paypal_transfer', 'paxum_transfer', 'crypto_transfer'],
    });
    expect(JSON.stringify(info.body)).not.toContain('mila.payouts');
    const fan = await w.fan();
    expect((await call('GET', '/v1/account/info', { token: fan.token })).status).toBe(403);
    expect((await ask(call, fan, 20)).status).toBe(403);
    expect((await call('GET', '/v1/account/payouts', { token: fan.token })).status).toBe(403);
    expect((await call('GET', '/v1/admin/payouts', { token: creator.token })).status).toBe(403);
  });

  it('refuses without a method, under the minimum, over what is available, and in other than steps of $0.10', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const noMethod = await ask(call, creator, 25);
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.message).toBe(PAYOUT_MESSAGES.noMethod);

    const paid = await paidCreator(server, w, call, 500); // keeps 400 credits: $40.00
    const small = await ask(call, paid, 10);
    expect(small.status).toBe(400);
    expect(small.body.message).toBe(PAYOUT_MESSAGES.minimum);
    const big = await ask(call, paid, 50);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('You can withdraw up to $40.00.');
    expect((await ask(call, paid, 20.05)).status).toBe(400);
    expect((await ask(call, paid, 'lots')).status).toBe(400);
    expect((await totals(call, paid)).available_usd).toBe('40.00');
  });

  it('holds the amount at once, allows one pending, returns it on rejection, and pays it on completion with payout_completed', async ({
    server,
    w,
    call,
  }) => {
    const creator = await paidCreator(server, w, call, 500); // $40.00
    const first = await ask(call, creator, 25);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      amount_usd: '25.00',
      method: 'paypal_transfer',
      status: 'pending',
      completed_at: null,
    });
    expect(await totals(call, creator)).toMatchObject({
      available_usd: '15.00',
      pending_usd: '25.00',
      paid_out_usd: '0.00',
    });
    const second = await ask(call, creator, 20);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(PAYOUT_MESSAGES.pending);

    const queue = await call('GET', '/v1/admin/payouts?status=pending', { token: adminToken });
    const mine = queue.body.data.find((p: { _id: string }) => p._id === first.body._id);
    expect(mine).toMatchObject({
      user: { _id: creator.user._id },
      payout_details: 'mila.payouts@example.com',
    });

    const rejected = await decide(call, first.body._id, 'reject');
    expect(rejected.body.status).toBe('rejected');
    expect(await totals(call, creator)).toMatchObject({
      available_usd: '40.00',
      pending_usd: '0.00',
      earned: 400,
    });
    expect((await decide(call, first.body._id, 'complete')).status).toBe(409);

    const socket = await connectSocket(server.url, creator.token);
    await socket.next('init');
    const again = await ask(call, creator, 30);
    expect(again.status).toBe(200);
    const completed = await decide(call, again.body._id, 'complete');
    expect(completed.body).toMatchObject({ status: 'completed' });
    expect((await socket.next('payout_completed')).data).toEqual({
      _id: again.body._id,
      amount_usd: '30.00',
    });
    socket.close();
    expect(await totals(call, creator)).toMatchObject({
      available_usd: '10.00',
      pending_usd: '0.00',
      paid_out_usd: '30.00',
    });

    const list = await call('GET', '/v1/account/payouts', { token: creator.token });
    expect(list.body.data.map((p: { status: string }) => p.status)).toEqual(['completed', 'rejected']);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
    // Both decisions are in the admins' audit log, the refused second decision is not.
    for (const [id, action, amount] of [
      [first.body._id, 'payout-reject', '25.00'],
      [again.body._id, 'payout-complete', '30.00'],
    ]) {
      const audit = await call('GET', `/v1/admin/audit?target_id=${id}`, { token: adminToken });
      expect(audit.body.data).toHaveLength(1);
      expect(audit.body.data[0]).toMatchObject({
        action,
        target_type: 'payout',
        details: { user_id: creator.user._id, amount_usd: amount },
      });
    }
  });

  it('lets exactly one of several payouts asked at once through, and never below zero', async ({
    server,
    w,
    call,
  }) => {
    const creator = await paidCreator(server, w, call, 500);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(call, creator, 30)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others are refused: one is pending (409), or, once it committed, the rest is too little (400).
    expect(statuses.filter((s) => s === 409 || s === 400)).toHaveLength(5);
    expect((await balances(server.app.ctx.db, creator.user._id)).earnings).toBe(100);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('needs an approved anti-money-laundering form over $2,000 in 30 days', async ({ server, w, call }) => {
    const creator = await paidCreator(server, w, call, 30_000); // keeps 24,000 credits: $2,400.00
    const blocked = await ask(call, creator, 2100);
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe(PAYOUT_MESSAGES.aml);

    const badForm = await call('POST', '/v1/account/anti-money-laundering', {
      token: creator.token,
      body: {
        full_name: 'M',
      },
    });
    expect(badForm.status).toBe(400);
    const form = await call('POST', '/v1/account/anti-money-laundering', {
      token: creator.token,
      body: {
        full_name: 'Mila Example',
        date_of_birth: '1994-05-17',
        address: '1 Main Street',
        city: 'Lisbon',
        postal_code: '1000-001',
        country: 'pt',
      },
    });
    expect(form.body).toEqual({ aml_status: 'pending' });
    const waiting = await ask(call, creator, 2100);
    expect(waiting.status).toBe(422);
    expect(waiting.body.message).toBe(PAYOUT_MESSAGES.amlPending);

    const approved = await call('PATCH', `/v1/admin/aml/${creator.user._id}`, {
      token: adminToken,
      body: {
        action: 'approve',
      },
    });
    expect(approved.body).toEqual({ aml_status: 'approved' });
    expect((await call('GET', '/v1/account/info', { token: creator.token })).body.aml_status).toBe(
      'approved',
    );
    expect((await ask(call, creator, 2100)).status).toBe(200);
  });
});
