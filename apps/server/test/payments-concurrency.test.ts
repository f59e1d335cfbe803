import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { balances, balancesOf, creatorShare } from './support/balances';

// Money under contention. On PostgreSQL (PARLOR_TEST_PG) these requests really run in parallel on a
// connection pool; on PGlite they serialise, and the same totals must hold.
const it = apiTest();

const card = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Fan',
};

describe('concurrent money operations', () => {
  it('30 simultaneous tips from a balance that covers 10 leave exactly 10 tips and zero balance', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 100);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/v1/tips', {
          token: fan.token,
          body: { recipient_id: creator.user._id, amount: 10, idempotency_key: `concurrent-tip-${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    const db = server.app.ctx.db;
    const fanRow = await db
      .selectFrom('users')
      .select(['credits'])
      .where('id', '=', fan.user._id)
      .executeTakeFirstOrThrow();
    expect(fanRow.credits).toBe(0);
    expect((await balances(db, creator.user._id)).earnings).toBe(10 * creatorShare(10));
    const tips = await db
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', fan.user._id)
      .where('type', '=', 'tip')
      .execute();
    expect(tips).toHaveLength(10);
    expect(await findLedgerMismatches(db)).toEqual([]);
  });

  it('tips crossing in opposite directions at once all go through (no deadlock reaches the fan)', async ({
    server,
    w,
    call,
  }) => {
    const a = await w.creator();
    const b = await w.creator();
    await w.giveCredits(a.user._id, 100);
    await w.giveCredits(b.user._id, 100);
    const tip = (from: typeof a, to: typeof a, i: number) =>
      call('POST', '/v1/tips', {
        token: from.token,
        body: { recipient_id: to.user._id, amount: 1, idempotency_key: `crossing-${from.user._id}-${i}` },
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [tip(a, b, i), tip(b, a, i)]).flat(),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(40).fill(200));
    const rows = [
      await balances(server.app.ctx.db, a.user._id),
      await balances(server.app.ctx.db, b.user._id),
    ];
    expect(rows).toEqual([
      { credits: 80, earnings: 20 },
      { credits: 80, earnings: 20 },
    ]);
    expect(await findLedgerMismatches(server.app.ctx.db)).toEqual([]);
  });

  it('the same tip sent 10 times at once with one key charges and shows once', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 100);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/v1/tips', {
          token: fan.token,
          body: { recipient_id: creator.user._id, amount: 7, idempotency_key: 'one-tip-many-tries' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.message._id)).size).toBe(1);
    const row = await server.app.ctx.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', fan.user._id)
      .executeTakeFirstOrThrow();
    expect(row.credits).toBe(93);
  });

  it('the same payment sent twice at once with one idempotency key adds credits once', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const body = { card, package_id: 'starter', idempotency_key: 'same-payment-twice' };
    const [a, b] = await Promise.all([
      call('POST', '/v1/payment', { token: fan.token, body }),
      call('POST', '/v1/payment', { token: fan.token, body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.result && b.body.result).toBe(true);
    expect(a.body.payment_id).toBe(b.body.payment_id);
    const db = server.app.ctx.db;
    const row = await db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', fan.user._id)
      .executeTakeFirstOrThrow();
    expect(row.credits).toBe(100);
    const entries = await db
      .selectFrom('ledger_entries')
      .select('delta')
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(entries).toEqual([{ delta: 100 }]);
    // And once more, sequentially, after both settled.
    const c = await call('POST', '/v1/payment', { token: fan.token, body });
    expect(c.body).toMatchObject({ result: true, credits: 100 });
  });

  it('concurrent subscriptions to one creator make one active subscription and one charge', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 500);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/v1/subscriptions', { token: fan.token, body: { model_id: creator.user._id } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const entries = await server.app.ctx.db
      .selectFrom('ledger_entries')
      .select('delta')
      .where('user_id', '=', fan.user._id)
      .where('reason', '=', 'subscription')
      .execute();
    expect(entries).toHaveLength(1);
  });
});

describe('concurrent first messages to a creator', () => {
  it('new fans each sending several first messages and a tip at once to one creator all get through, once each', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fans = await Promise.all(Array.from({ length: 8 }, () => w.fan()));
    for (const fan of fans) await w.giveCredits(fan.user._id, 25);
    const sends = fans.flatMap((fan, f) =>
      Array.from({ length: 5 }, (_, i) => ({ fan, sendId: `first-${f}-${i}-${creator.user._id}` })),
    );
    const answers = await Promise.all([
      ...sends.map(({ fan, sendId }) =>
        w.send(fan.token, creator.user._id, `hello ${sendId}`, { clientSideReceiveId: sendId }),
      ),
      ...fans.map((fan) =>
        call('POST', '/v1/tips', {
          token: fan.token,
          body: { recipient_id: creator.user._id, amount: 10, idempotency_key: `first-tip-${fan.user._id}` },
        }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(sends.length + fans.length).fill(200));
    const db = server.app.ctx.db;
    expect(
      await balancesOf(
        db,
        fans.map((f) => f.user._id),
      ),
    ).toEqual(fans.map((f) => ({ id: f.user._id, credits: 15, earnings: 0 })));
    expect((await balances(db, creator.user._id)).earnings).toBe(fans.length * creatorShare(10));
    const stored = await db
      .selectFrom('messages')
      .select(['client_send_id', 'chat_id'])
      .where('recipient_id', '=', creator.user._id)
      .where('type', '=', 'text')
      .execute();
    expect(stored.map((m) => m.client_send_id).sort()).toEqual(sends.map((s) => s.sendId).sort());
    const chats = await db
      .selectFrom('chat_members')
      .select('chat_id')
      .where('other_user_id', '=', creator.user._id)
      .execute();
    expect(chats).toHaveLength(fans.length);
    expect(await findLedgerMismatches(db)).toEqual([]);
  });

  it("one new fan's 8 first messages sent at once to a creator open one chat and store each once", async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 50);
    const sendIds = Array.from({ length: 8 }, (_, i) => `only-first-${i}-${fan.user._id}`);
    const answers = await Promise.all(
      sendIds.map((id) => w.send(fan.token, creator.user._id, `hi ${id}`, { clientSideReceiveId: id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.message.chat_id)).size).toBe(1);
    const db = server.app.ctx.db;
    const stored = await db
      .selectFrom('messages')
      .select('client_send_id')
      .where('sender_id', '=', fan.user._id)
      .execute();
    expect(stored.map((m) => m.client_send_id).sort()).toEqual([...sendIds].sort());
    expect(await balances(db, fan.user._id)).toEqual({ credits: 50, earnings: 0 });
    expect(await findLedgerMismatches(db)).toEqual([]);
  });
});
