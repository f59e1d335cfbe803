import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { findLedgerMismatches, idempotent, ledger } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { balances, creatorShare } from './support/balances';
import { postgresAdminUrl } from './support/database';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// A popular creator's earnings are credited by many fans at once. They are spread over rows
// (migration 0014) so paying fans do not queue on the creator; the ledger must stay exact and a
// debit of earnings (a payout) must still see, and never exceed, the whole balance.
const it = apiTest();

const db = (server: TestServer) => server.app.ctx.db;

/** A creator charging `rate` per message and `fans` fans with credits and an open chat. */
async function creatorWithPayingFans(w: World, fans: number, rate: number, credits = 100) {
  const creator = await w.creator();
  const people = [];
  for (let i = 0; i < fans; i++) {
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, credits);
    await w.openChat(fan.token, creator.user._id);
    const set = await w.api.call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate },
    });
    expect(set.status).toBe(200);
    people.push(fan);
  }
  return { creator, fans: people };
}

const payout = (server: TestServer, userId: string, amount: number, key: string) =>
  idempotent(db(server), (trx) =>
    ledger.debit(trx, { userId, account: 'earnings', amount, reason: 'payout', idempotencyKey: key }),
  );

describe('a hot creator', () => {
  it('counts every fan paying at once exactly once, and a payout takes exactly what is there', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithPayingFans(w, 6, 3);
    const sends = await Promise.all(
      fans.flatMap((fan) => [1, 2, 3, 4, 5].map((i) => w.send(fan.token, creator.user._id, `paid ${i}`))),
    );
    expect(sends.map((s) => s.status)).toEqual(Array(30).fill(200));
    expect(await balances(db(server), creator.user._id)).toMatchObject({ earnings: 90 });
    for (const fan of fans) expect(await balances(db(server), fan.user._id)).toMatchObject({ credits: 85 });
    expect(await findLedgerMismatches(db(server))).toEqual([]);

    // More than there is: refused, nothing moves.
    await expect(payout(server, creator.user._id, 91, 'payout-too-much')).rejects.toMatchObject({
      status: 402,
    });
    expect(await balances(db(server), creator.user._id)).toMatchObject({ earnings: 90 });
    // Exactly what is there: taken whole, the same key again changes nothing.
    expect(await payout(server, creator.user._id, 90, 'payout-all')).toMatchObject({
      balance: 0,
      replayed: false,
    });
    expect(await payout(server, creator.user._id, 90, 'payout-all')).toMatchObject({
      balance: 0,
      replayed: true,
    });
    expect(await balances(db(server), creator.user._id)).toMatchObject({ earnings: 0 });
    expect(await findLedgerMismatches(db(server))).toEqual([]);
  });

  it('payouts racing fans who pay never take more than was earned', async ({ server, w }) => {
    const { creator, fans } = await creatorWithPayingFans(w, 4, 2);
    await Promise.all(fans.map((fan) => w.send(fan.token, creator.user._id, 'first')));
    // 8 earned; 20 payouts of 1 race 20 more paid messages (40 more).
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) => payout(server, creator.user._id, 1, `race-${i}`)),
      ...fans.flatMap((fan) => [1, 2, 3, 4, 5].map((i) => w.send(fan.token, creator.user._id, `race ${i}`))),
    ]);
    const paidOut = results.slice(0, 20).filter((r) => r.status === 'fulfilled').length;
    const sent = results
      .slice(20)
      .filter((r) => r.status === 'fulfilled' && (r.value as { status: number }).status === 200).length;
    expect(sent).toBe(20);
    expect(paidOut).toBeGreaterThanOrEqual(8);
    expect(await balances(db(server), creator.user._id)).toMatchObject({ earnings: 8 + 2 * sent - paidOut });
    expect(await findLedgerMismatches(db(server))).toEqual([]);
  });
});

// Only PostgreSQL runs requests side by side; PGlite is one session, where holding a lock in the
// test would stop the server too. `npm test` runs this in the PostgreSQL pass of .ci/run.
describe.skipIf(!postgresAdminUrl())('a hot creator on PostgreSQL', () => {
  it("a fan's paid message does not wait on the creator's own row", async ({ server, w }) => {
    const { creator, fans } = await creatorWithPayingFans(w, 1, 5);
    const fan = fans[0]!;
    // Something holds the creator's row (a profile save, a long admin action) for a while: before
    // earnings were spread, every paying fan queued behind it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = db(server)
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1 FROM users WHERE id = ${creator.user._id} FOR NO KEY UPDATE`.execute(trx);
        locked();
        await held;
      });
    await isLocked;
    try {
      const started = Date.now();
      const sent = await Promise.race([
        w.send(fan.token, creator.user._id, 'paid while the creator row is busy'),
        new Promise<{ status: string }>((resolve) => setTimeout(() => resolve({ status: 'waited' }), 5000)),
      ]);
      expect(sent.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      release();
      await holder;
    }
    expect(await balances(db(server), creator.user._id)).toMatchObject({ earnings: creatorShare(5) });
  });
});
