import { PAYMENT_NOT_REFUNDABLE } from '@parlor/contract';
import { expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { balances } from './support/balances';

// An admin refund with the sandbox provider: no money moves, so the credits come back at once,
// by the same rule as a provider's refund webhook (docs/payments.md "Refunds and chargebacks").
const it = apiTest();
it.afterAll(async ({ server }) => {
  expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
});

const card = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Fan',
};

it('takes back the credits left, records the spent ones as a debt, and reverses the creator’s share', async ({
  server,
  w,
}) => {
  const fan = await w.fan();
  const creator = await w.creator();
  const admin = await w.admin();
  const paid = await w.api.call('POST', '/v1/payment', {
    token: fan.token,
    body: { card, package_id: 'starter', idempotency_key: 'refund-sandbox-1' },
  });
  expect(paid.body.result).toBe(true);
  const tip = await w.api.call('POST', '/v1/tips', {
    token: fan.token,
    body: { recipient_id: creator.user._id, amount: 25, idempotency_key: 'refund-sandbox-tip' },
  });
  expect(tip.status).toBe(200);

  const path = `/v1/admin/payments/${paid.body.payment_id}/refund` as const;
  expect((await w.api.call('POST', path, { token: fan.token })).status).toBe(403);
  expect(
    (
      await w.api.call('POST', '/v1/admin/payments/00000000-0000-4000-8000-000000000000/refund', {
        token: admin.token,
      })
    ).status,
  ).toBe(404);
  const refunded = await w.api.call('POST', path, { token: admin.token });
  expect(refunded.body).toEqual({ payment_id: paid.body.payment_id, status: 'refunded' });
  expect(await balances(server.app.ctx.db, fan.user._id)).toMatchObject({ credits: 0 });
  expect((await w.api.call('GET', '/v1/users/me', { token: fan.token })).body.credits_debt).toBe(25);
  expect(await balances(server.app.ctx.db, creator.user._id)).toMatchObject({ earnings: 0 });
  expect((await w.api.call('POST', path, { token: admin.token })).status).toBe(409);
});

it('ten refunds of one payment at once: one answers 200, the others 409, and the credits come back once', async ({
  server,
  w,
}) => {
  const fan = await w.fan();
  const admin = await w.admin();
  const paid = await w.api.call('POST', '/v1/payment', {
    token: fan.token,
    body: { card, package_id: 'starter', idempotency_key: 'refund-sandbox-race' },
  });
  expect(paid.body.result).toBe(true);
  const bought = (await balances(server.app.ctx.db, fan.user._id)).credits;
  expect(bought).toBeGreaterThan(0);
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      w.api.call('POST', `/v1/admin/payments/${paid.body.payment_id}/refund`, { token: admin.token }),
    ),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
  for (const lost of answers.filter((a) => a.status === 409))
    expect(lost.body).toEqual({ message: PAYMENT_NOT_REFUNDABLE, code: 'payment_not_refundable' });
  expect(await balances(server.app.ctx.db, fan.user._id)).toMatchObject({ credits: 0 });
  const refunds = await server.app.ctx.db
    .selectFrom('ledger_entries')
    .select('delta')
    .where('user_id', '=', fan.user._id)
    .where('reason', '=', 'refund')
    .execute();
  expect(refunds).toEqual([{ delta: -bought }]);
});
