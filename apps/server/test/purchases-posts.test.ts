import { BOOST_PRICE_CREDITS, ERRORS, PostPurchasePage } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { balanceOf, ledger } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { creatorWithPosts, photo, post } from './support/feed';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// The fan's post unlocks on the Purchases screen (GET /v1/feed/purchases), and a creator paying for
// a Discover boost from her earnings balance.
const it = apiTest();

describe('post purchases', () => {
  it('lists the posts a fan bought, newest first, unlocked, 20 at a time with a next link', async ({
    server,
    w,
  }) => {
    const { creator, paid } = await creatorWithPosts(w, server);
    const second = await post(w, creator, {
      text: 'second',
      public_id: (await photo(server, creator, '#405060')).public_id,
      price: 12,
    });
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    for (const p of [paid, second]) {
      expect((await w.api.call('PATCH', `/v1/feed/${p._id}/buy`, { token: fan.token })).status).toBe(200);
    }

    const all = await w.api.call('GET', '/v1/feed/purchases', { token: fan.token });
    expect(all.status).toBe(200);
    const page = PostPurchasePage.parse(all.body);
    expect(page.next).toBeNull();
    expect(page.data.map((p) => p.post_id)).toEqual([second._id, paid._id]);
    expect(page.data[0]).toMatchObject({
      price: 12,
      price_in_dollars: '1.20',
      seller: { _id: creator.user._id, username: creator.user.username },
    });
    expect(page.data[1]?.post).toMatchObject({ _id: paid._id, locked: false, is_paid: true });
    expect(page.data[1]?.post?.media?.th).toBeTruthy();

    // Paged: one at a time, the next link leads to the older one.
    const first = PostPurchasePage.parse(
      (await w.api.call('GET', '/v1/feed/purchases?limit=1', { token: fan.token })).body,
    );
    expect(first.data.map((p) => p.post_id)).toEqual([second._id]);
    expect(first.next).toBe('/v1/feed/purchases?limit=1&offset=1');
    const rest = PostPurchasePage.parse(
      (await w.api.call('GET', '/v1/feed/purchases?limit=1&offset=1', { token: fan.token })).body,
    );
    expect(rest.data.map((p) => p.post_id)).toEqual([paid._id]);
    expect(rest.next).toBeNull();

    // Someone else's purchases are not theirs to see; a visitor has none.
    const other = await w.fan();
    expect(
      PostPurchasePage.parse((await w.api.call('GET', '/v1/feed/purchases', { token: other.token })).body)
        .data,
    ).toEqual([]);
    expect((await w.api.call('GET', '/v1/feed/purchases')).status).toBe(401);
  });

  it('keeps a purchase listed when its creator deletes the post, without the post', async ({ server, w }) => {
    const { creator, paid } = await creatorWithPosts(w, server);
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    expect((await w.api.call('PATCH', `/v1/feed/${paid._id}/buy`, { token: fan.token })).status).toBe(200);
    expect((await w.api.call('DELETE', `/v1/feed/${paid._id}`, { token: creator.token })).status).toBe(200);
    const page = PostPurchasePage.parse(
      (await w.api.call('GET', '/v1/feed/purchases', { token: fan.token })).body,
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ post_id: paid._id, price: 30, post: null });
  });
});

describe('boost paid from earnings', () => {
  const boost = (w: World, token: string, body: Record<string, unknown>) =>
    w.api.call('POST', '/v1/users/boost', { token, body });
  let grant = 0;
  const giveEarnings = (server: TestServer, userId: string, amount: number) =>
    server.app.ctx.db.transaction().execute((trx) =>
      ledger.credit(trx, {
        userId,
        account: 'earnings',
        amount,
        reason: 'admin_adjustment',
        idempotencyKey: `test-earnings-${++grant}`,
      }),
    );
  const boostRows = (server: TestServer, userId: string) =>
    server.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['account', 'delta'])
      .where('user_id', '=', userId)
      .where('reason', '=', 'boost')
      .execute();

  it('debits the earnings balance through the ledger, leaving credits alone', async ({ server, w }) => {
    const creator = await w.creator();
    await giveEarnings(server, creator.user._id, BOOST_PRICE_CREDITS + 40);
    await w.giveCredits(creator.user._id, 7);
    const res = await boost(w, creator.token, { pay_from: 'earnings' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ earnings: 40, credits: 7 });
    expect(await balanceOf(server.app.ctx.db, creator.user._id, 'earnings')).toBe(40);
    expect(await balanceOf(server.app.ctx.db, creator.user._id, 'credits')).toBe(7);
    expect(await boostRows(server, creator.user._id)).toEqual([
      { account: 'earnings', delta: -BOOST_PRICE_CREDITS },
    ]);
    expect((await w.api.call('GET', '/v1/users/me', { token: creator.token })).body.boost_until).toBe(
      res.body.boost_until,
    );
  });

  it('refuses earnings too low with 402 and the balance-too-low message, charging nothing', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    // Plenty of credits do not pay for a boost asked of earnings.
    await w.giveCredits(creator.user._id, BOOST_PRICE_CREDITS * 3);
    const none = await boost(w, creator.token, { pay_from: 'earnings' });
    expect(none.status).toBe(402);
    expect(none.body.message).toBe(ERRORS.balanceTooLow);
    await giveEarnings(server, creator.user._id, BOOST_PRICE_CREDITS - 1);
    const short = await boost(w, creator.token, { pay_from: 'earnings' });
    expect(short.status).toBe(402);
    expect(short.body.message).toBe(ERRORS.balanceTooLow);
    expect(await boostRows(server, creator.user._id)).toEqual([]);
    expect(await balanceOf(server.app.ctx.db, creator.user._id, 'earnings')).toBe(BOOST_PRICE_CREDITS - 1);
    expect((await w.api.call('GET', '/v1/users/me', { token: creator.token })).body.boost_until).toBeNull();
    expect((await boost(w, creator.token, { pay_from: 'wallet' })).status).toBe(400);
  });

  it('charges once when paid from earnings by several requests at once', async ({ server, w }) => {
    const creator = await w.creator();
    await giveEarnings(server, creator.user._id, BOOST_PRICE_CREDITS * 3);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => boost(w, creator.token, { pay_from: 'earnings' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    expect(await balanceOf(server.app.ctx.db, creator.user._id, 'earnings')).toBe(BOOST_PRICE_CREDITS * 2);
  });
});
