import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformRepository } from '../src/modules/ledger/platform-repository';
import { findLedgerMismatches, ledger } from '../src/modules/ledger/service';
import { startServer, type TestServer } from './support/server';
import { world } from './support/world';

// The platform's fee (DESIGN §8.5): every credit a fan spends on a creator splits into the creator's
// earnings and the platform's, both in the ledger.
describe.each([
  { fee: '20', creatorShare: (n: number) => n - Math.floor((n * 20) / 100) },
  { fee: '0', creatorShare: (n: number) => n },
])('with PLATFORM_FEE_PERCENT=$fee', ({ fee, creatorShare }) => {
  let server: TestServer;
  let w: ReturnType<typeof world>;
  beforeAll(async () => {
    server = await startServer({ PLATFORM_FEE_PERCENT: fee });
    w = world(server);
  });
  afterAll(() => server?.close());

  const earnings = (id: string) => ledger.balance(server.app.ctx.db, id, 'earnings');
  const platform = async () => earnings(await platformRepository.accountId(server.app.ctx.db));

  it('splits a tip and a paid message rate between the creator and the platform; nothing is created or lost', async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 1000);
    const platformBefore = await platform();

    const tip = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 100 },
    });
    expect(tip.status, JSON.stringify(tip.body)).toBe(200);
    expect(await earnings(creator.user._id)).toBe(creatorShare(100));

    const rate = await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 7 },
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    const before = await earnings(creator.user._id);
    const sent = await w.send(fan.token, creator.user._id, 'paid by the rate');
    expect(sent.status).toBe(200);
    expect(1000 - 100 - sent.body.credits).toBe(7);
    expect(await earnings(creator.user._id)).toBe(before + creatorShare(7));

    // Every credit the fan spent is the creator's or the platform's.
    const spent = 1000 - sent.body.credits;
    expect((await earnings(creator.user._id)) + ((await platform()) - platformBefore)).toBe(spent);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('keeps the odd credit with the creator: a 1-credit payment is all theirs', async () => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 10);
    const tip = await w.api.call('POST', '/v1/tips', {
      token: fan.token,
      body: { recipient_id: creator.user._id, amount: 1 },
    });
    expect(tip.status, JSON.stringify(tip.body)).toBe(200);
    expect(await earnings(creator.user._id)).toBe(1);
  });
});
