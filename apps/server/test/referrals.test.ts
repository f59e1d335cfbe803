import { describe, expect } from 'vitest';
import { platformRepository } from '../src/modules/ledger/platform-repository';
import { findLedgerMismatches, ledger } from '../src/modules/ledger/service';
import { sweepCommissions } from '../src/modules/referrals/service';
import { apiTest } from './support/api-test';
import { balances, creatorShare } from './support/balances';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const it = apiTest();

type Account = Awaited<ReturnType<World['creator']>>;
const db = (server: TestServer) => server.app.ctx.db;
const earnings = async (server: TestServer, id: string) => (await balances(db(server), id)).earnings;
/** The sweep, reading every row written so far (it normally leaves the last minute alone). */
const sweep = (server: TestServer) => sweepCommissions(server.app.ctx, 0);

async function signUpWithCode(
  server: TestServer,
  w: World,
  type: 'user' | 'featured',
  code: string,
): Promise<Account> {
  const account = await w.api.signUp(type, { code });
  await db(server)
    .updateTable('users')
    .set(type === 'featured' ? { requires_moderation: false } : { is_customer: true })
    .where('id', '=', account.user._id)
    .execute();
  return account;
}

async function tip(w: World, from: Account, to: Account, amount: number) {
  await w.giveCredits(from.user._id, amount);
  const res = await w.api.call('POST', '/v1/tips', {
    token: from.token,
    body: { recipient_id: to.user._id, amount },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('referrals', () => {
  it('pays a referrer 5 % of a referred creator’s earnings out of the platform’s fee, once, tells them, and counts it in the account totals’ referrals', async ({
    server,
    w,
    call,
  }) => {
    const referrer = await w.creator();
    const referred = await signUpWithCode(server, w, 'featured', referrer.user.username);
    const platformId = await platformRepository.accountId(db(server));
    await sweep(server);
    const platformBefore = await earnings(server, platformId);
    const socket = await connectSocket(server.url, referrer.token);
    await socket.next('init');

    await tip(w, await w.fan(), referred, 1000);
    expect(await earnings(server, referred.user._id)).toBe(creatorShare(1000));
    const platformFee = 1000 - creatorShare(1000);
    expect(await sweep(server)).toBe(1);
    const commission = Math.floor((creatorShare(1000) * 5) / 100);
    expect(await earnings(server, referrer.user._id)).toBe(commission);
    expect(await earnings(server, platformId)).toBe(platformBefore + platformFee - commission);
    expect((await socket.next('sale_commissions')).data).toEqual({
      amount: commission,
      from_user_id: referred.user._id,
      kind: 'creator',
    });
    socket.close();

    // A second sweep pays nothing again.
    expect(await sweep(server)).toBe(0);
    expect(await earnings(server, referrer.user._id)).toBe(commission);
    expect(await findLedgerMismatches(db(server))).toEqual([]);

    const list = await call('GET', '/v1/users/referrals', { token: referrer.token });
    expect(list.body).toEqual({
      data: [
        {
          _id: referred.user._id,
          username: referred.user.username,
          type: 'featured',
          created_at: expect.any(String),
          earned: commission,
        },
      ],
      next: null,
    });
    // The earnings reports count the commission as the referral list does.
    for (const totals of ['true', 'false']) {
      const res = await call('GET', `/v1/account/totals?totals=${totals}`, { token: referrer.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ earned: commission, by_type: { referrals: commission } });
    }
    const stats = await call('GET', '/v1/account/stats', { token: referrer.token });
    const today = stats.body.data[stats.body.data.length - 1];
    expect(today.referrals).toBe(commission);
  });

  it('pays 10 % of a referred fan’s credit purchases to a referrer with credit_package_sales_commissions, not to one without', async ({
    server,
    w,
  }) => {
    const creatorReferrer = await w.creator();
    const fanReferrer = await w.fan();
    const fanOfCreator = await signUpWithCode(server, w, 'user', creatorReferrer.user.username);
    const fanOfFan = await signUpWithCode(server, w, 'user', fanReferrer.user.username);
    await sweep(server);
    for (const fan of [fanOfCreator, fanOfFan])
      await db(server)
        .transaction()
        .execute((trx) =>
          ledger.credit(trx, {
            userId: fan.user._id,
            account: 'credits',
            amount: 500,
            reason: 'package',
            idempotencyKey: `package-${fan.user._id}`,
          }),
        );
    expect(await sweep(server)).toBe(1);
    expect(await earnings(server, creatorReferrer.user._id)).toBe(50);
    expect(await earnings(server, fanReferrer.user._id)).toBe(0);
    expect(await findLedgerMismatches(db(server))).toEqual([]);
  });

  it('stops paying 12 months after the referred creator signed up; an unknown code refers nobody', async ({
    server,
    w,
    call,
  }) => {
    const referrer = await w.creator();
    const old = await signUpWithCode(server, w, 'featured', referrer.user.username);
    await db(server)
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 400 * 86_400_000) })
      .where('id', '=', old.user._id)
      .execute();
    await sweep(server);
    await tip(w, await w.fan(), old, 1000);
    expect(await sweep(server)).toBe(0);
    expect(await earnings(server, referrer.user._id)).toBe(0);

    const nobody = await w.api.signUp('user', { code: 'no-such-code' });
    const me = await call('GET', '/v1/users/me', { token: nobody.token });
    expect(me.status).toBe(200);
    expect((await call('GET', '/v1/users/referrals', { token: referrer.token })).body.data).toHaveLength(1);
  });
});
