import { describe, expect } from 'vitest';
import type { LedgerReason } from '../src/db/schema';
import { platformRepository } from '../src/modules/ledger/platform-repository';
import { findLedgerMismatches, ledger } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import type { TestServer } from './support/server';

// The platform's fee: every credit a fan spends on a creator splits into the creator's
// earnings and the platform's, both in the ledger. Each fee has a server of its own (a fixture is
// file-scoped, so both are made here and each describe takes its own).
describe.each(
  [
    // feeOf13: 13 credits at 20 % is 2.6, rounded down.
    { fee: '20', creatorShare: (n: number) => n - Math.floor((n * 20) / 100), feeOf13: 2 },
    { fee: '0', creatorShare: (n: number) => n, feeOf13: 0 },
  ].map((c) => ({ ...c, it: apiTest({ PLATFORM_FEE_PERCENT: c.fee }) })),
)('with PLATFORM_FEE_PERCENT=$fee', ({ creatorShare, feeOf13, it }) => {
  const earnings = (server: TestServer, id: string) => ledger.balance(server.app.ctx.db, id, 'earnings');
  const platform = async (server: TestServer) =>
    earnings(server, await platformRepository.accountId(server.app.ctx.db));

  it('splits a tip and a paid message rate between the creator and the platform; nothing is created or lost', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 1000);
    const platformBefore = await platform(server);

    const tip = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 100 },
    });
    expect(tip.status, JSON.stringify(tip.body)).toBe(200);
    expect(await earnings(server, creator.user._id)).toBe(creatorShare(100));

    const rate = await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 7 },
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    const before = await earnings(server, creator.user._id);
    const sent = await w.send(fan.token, creator.user._id, 'paid by the rate');
    expect(sent.status).toBe(200);
    expect(1000 - 100 - sent.body.credits).toBe(7);
    expect(await earnings(server, creator.user._id)).toBe(before + creatorShare(7));

    // Every credit the fan spent is the creator's or the platform's.
    const spent = 1000 - sent.body.credits;
    expect((await earnings(server, creator.user._id)) + ((await platform(server)) - platformBefore)).toBe(
      spent,
    );
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  /** The ledger rows one payment wrote, by account holder: what each side's balance moved. */
  const movedBy = async (server: TestServer, payerId: string, reason: LedgerReason) => {
    const rows = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['user_id', 'delta', 'idempotency_key'])
      .where((eb) => eb.or([eb('user_id', '=', payerId), eb('counterparty_id', '=', payerId)]))
      .where('reason', '=', reason)
      .execute();
    return rows;
  };

  it('splits an odd payment made through the ledger: the fee rounds down, each share a ledger row', async ({
    server,
    w,
  }) => {
    const fee = feeOf13;
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    const platformId = await platformRepository.accountId(server.app.ctx.db);
    const platformBefore = await platform(server);
    const pay = () =>
      server.app.ctx.db.transaction().execute((trx) =>
        ledger.transfer(trx, {
          fromUserId: fan.user._id,
          toUserId: creator.user._id,
          amount: 13,
          reason: 'tip',
          idempotencyKey: 'odd-split',
        }),
      );

    expect(await pay()).toEqual({ balance: 87, replayed: false });
    expect(await earnings(server, creator.user._id)).toBe(13 - fee);
    expect((await platform(server)) - platformBefore).toBe(fee);
    const rows = await movedBy(server, fan.user._id, 'tip');
    expect(rows).toEqual(
      expect.arrayContaining([
        { user_id: fan.user._id, delta: -13, idempotency_key: 'odd-split' },
        { user_id: creator.user._id, delta: 13 - fee, idempotency_key: `${fan.user._id}:odd-split` },
        ...(fee > 0
          ? [{ user_id: platformId, delta: fee, idempotency_key: `fee:${fan.user._id}:odd-split` }]
          : []),
      ]),
    );
    expect(rows).toHaveLength(fee > 0 ? 3 : 2);

    // The same key again moves nothing and splits nothing twice.
    expect(await pay()).toEqual({ balance: 87, replayed: true });
    expect(await earnings(server, creator.user._id)).toBe(13 - fee);
    expect(await movedBy(server, fan.user._id, 'tip')).toHaveLength(rows.length);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('moves exactly the rate for each paid message, also when several share one statement', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    const platformBefore = await platform(server);
    await w.openChat(fan.token, creator.user._id);
    const rate = await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 13 },
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);

    // Sent at once, the three usually share one statement; each pays the rate all the same.
    const sent = await Promise.all([1, 2, 3].map((i) => w.send(fan.token, creator.user._id, `paid ${i}`)));
    for (const s of sent) expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(await ledger.balance(server.app.ctx.db, fan.user._id)).toBe(100 - 3 * 13);

    const rows = await movedBy(server, fan.user._id, 'message_rate');
    const fanRows = rows.filter((r) => r.user_id === fan.user._id);
    expect(fanRows.map((r) => r.delta)).toEqual([-13, -13, -13]);
    // Each payment's shares add up to its rate, and the earnings rows hold what the ledger says.
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(await earnings(server, creator.user._id)).toBe(3 * creatorShare(13));
    expect((await platform(server)) - platformBefore).toBe(3 * (13 - creatorShare(13)));
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('keeps the odd credit with the creator: a 1-credit payment is all theirs', async ({ server, w }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 10);
    const tip = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 1 },
    });
    expect(tip.status, JSON.stringify(tip.body)).toBe(200);
    expect(await earnings(server, creator.user._id)).toBe(1);
  });
});
