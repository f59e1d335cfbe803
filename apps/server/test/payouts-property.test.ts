import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { sweepCommissions } from '../src/modules/referrals/service';
import { apiTest } from './support/api-test';
import { balances, creatorShare } from './support/balances';

// Property: whatever interleaving of fans paying, referral commission sweeps, payout requests (alone
// and at once), rejections and completions happens, every balance equals its ledger, no balance is
// negative, at most one payout is pending, what a creator earned is exactly what is available,
// pending and paid out, and their referrer has exactly 5 % of each payment the sweeps have read.
const it = apiTest();
let adminToken: string;

it.beforeAll(async ({ w }) => {
  adminToken = (await w.admin()).token;
});

type Op =
  | { kind: 'tip'; amount: number }
  | { kind: 'payout'; credits: number }
  | { kind: 'reject' }
  | { kind: 'complete' }
  | { kind: 'sweep' }
  | { kind: 'burst'; tips: number[]; payouts: number[] };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('tip' as const), amount: fc.integer({ min: 1, max: 600 }) }),
    weight: 3,
  },
  {
    // $20.00 to $60.00 in steps of $0.10.
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      credits: fc.integer({ min: 200, max: 600 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('reject' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('complete' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('sweep' as const) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      tips: fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 4 }),
      payouts: fc.array(fc.integer({ min: 200, max: 400 }), { minLength: 2, maxLength: 4 }),
    }),
    weight: 1,
  },
);

describe('payouts property', () => {
  it('keeps earnings, holds and payouts equal to the ledger under any interleaving', async ({
    server,
    w,
    call,
  }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        // A creator referred by another: every payment to them owes the referrer a commission.
        const referrer = await w.creator();
        const creator = await w.api.signUp('featured', { code: referrer.user.username });
        await server.app.ctx.db
          .updateTable('users')
          .set({
            payout_method: 'paxum_transfer',
            payout_account: 'prop@example.com',
            requires_moderation: false,
          })
          .where('id', '=', creator.user._id)
          .execute();
        const sweep = () => sweepCommissions(server.app.ctx, 0);
        await sweep();
        let unswept: number[] = [];
        let commissions = 0;
        const fan = await w.fan();
        await w.giveCredits(fan.user._id, 100_000);
        const tip = (amount: number) =>
          call('POST', '/v1/tips', { token: fan.token, body: { recipient_id: creator.user._id, amount } });
        const ask = (credits: number) =>
          call('POST', '/v2/account/payout', { token: creator.token, body: { amount_usd: credits / 10 } });
        const pendingId = async () =>
          (await call('GET', '/v1/account/payouts', { token: creator.token })).body.data.find(
            (p: { status: string }) => p.status === 'pending',
          )?._id as string | undefined;

        let earnedTotal = 0;
        let available = 0;
        let pending = 0;
        let paidOut = 0;
        for (const o of ops) {
          if (o.kind === 'tip') {
            expect((await tip(o.amount)).status).toBe(200);
            earnedTotal += creatorShare(o.amount);
            available += creatorShare(o.amount);
            unswept.push(creatorShare(o.amount));
          } else if (o.kind === 'sweep') {
            await sweep();
            for (const share of unswept) commissions += Math.floor((share * 5) / 100);
            unswept = [];
          } else if (o.kind === 'payout') {
            const res = await ask(o.credits);
            const expected = pending > 0 ? 409 : o.credits > available ? 400 : 200;
            expect(res.status, JSON.stringify(res.body)).toBe(expected);
            if (expected === 200) {
              available -= o.credits;
              pending = o.credits;
            }
          } else if (o.kind === 'reject' || o.kind === 'complete') {
            const id = await pendingId();
            expect(Boolean(id)).toBe(pending > 0);
            if (!id) continue;
            const res = await call('PATCH', `/v1/admin/payouts/${id}`, {
              token: adminToken,
              body: { action: o.kind },
            });
            expect(res.status).toBe(200);
            if (o.kind === 'reject') available += pending;
            else paidOut += pending;
            pending = 0;
          } else {
            const answers = await Promise.all([...o.tips.map(tip), ...o.payouts.map(ask)]);
            for (const a of answers.slice(0, o.tips.length)) expect(a.status).toBe(200);
            const asked = answers.slice(o.tips.length);
            // At most one payout gets through, and none when one was pending already.
            const through = asked.filter((a) => a.status === 200);
            expect(through.length).toBeLessThanOrEqual(pending > 0 ? 0 : 1);
            for (const a of asked) expect([200, 400, 409]).toContain(a.status);
            for (const t of o.tips) {
              earnedTotal += creatorShare(t);
              unswept.push(creatorShare(t));
            }
            // Continue the model from what committed.
            const totals = (await call('GET', '/v1/account/totals?totals=true', { token: creator.token }))
              .body;
            available = Math.round(Number(totals.available_usd) * 10);
            pending = Math.round(Number(totals.pending_usd) * 10);
          }
          const now = (await call('GET', '/v1/account/totals?totals=true', { token: creator.token })).body;
          expect(now).toMatchObject({
            earned: earnedTotal,
            available_usd: (available / 10).toFixed(2),
            pending_usd: (pending / 10).toFixed(2),
            paid_out_usd: (paidOut / 10).toFixed(2),
          });
          expect(available + pending + paidOut).toBe(earnedTotal);
          expect((await balances(server.app.ctx.db, referrer.user._id)).earnings).toBe(commissions);
        }
        expect((await balances(server.app.ctx.db, creator.user._id)).earnings).toBe(available);
        expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
      }),
      { numRuns: Number(process.env.PAYOUTS_PROPERTY_RUNS ?? 15) },
    );
  });
});
