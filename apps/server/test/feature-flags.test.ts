import {
  BROADCAST_MESSAGES,
  ERRORS,
  FEATURE_FLAG_MESSAGES,
  FEATURE_OFF_MESSAGES,
  type FeatureFlag,
  TIPS_DISABLED_MESSAGE,
} from '@parlor/contract';
import type { Updateable } from 'kysely';
import { describe, expect } from 'vitest';
import type { UsersTable } from '../src/db/schema';
import { CRYPTO_DISABLED_MESSAGE } from '../src/modules/payments/crypto';
import { sweepCommissions } from '../src/modules/referrals/service';
import { apiTest } from './support/api-test';
import { balances } from './support/balances';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const it = apiTest();

type Flags = Partial<Record<FeatureFlag, boolean>>;
type Account = Awaited<ReturnType<World['creator']>>;

async function set(server: TestServer, userId: string, state: Updateable<UsersTable>) {
  await server.app.ctx.db.updateTable('users').set(state).where('id', '=', userId).execute();
}

/** An admin's PATCH of the account's flags; answers the raw response. */
async function setFlags(w: World, admin: Account, target: Account, features: unknown) {
  return w.api.request('PATCH', `/v1/admin/users/${target.user._id}/features`, {
    token: admin.token,
    body: { features },
  });
}

/** The same, expecting it to succeed. */
async function flags(w: World, admin: Account, target: Account, features: Flags) {
  const res = await setFlags(w, admin, target, features);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { features: Record<FeatureFlag, boolean> };
}

async function configOf(w: World, account: Account) {
  const res = await w.api.call('GET', '/v1/provider/config?platform=react', { token: account.token });
  return res.body.features as Record<FeatureFlag, boolean>;
}

const CARD = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 1,
  cvc: '123',
  name: 'Fan',
};

describe('PATCH /v1/admin/users/{id}/features', () => {
  it('sets the named flags, keeps the others, and answers every flag of the account', async ({ w }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    const first = await flags(w, admin, creator, { broadcast: false, tips: false });
    expect(first.features).toMatchObject({ broadcast: false, tips: false, vault: true });
    const second = await flags(w, admin, creator, { tips: true });
    expect(second.features).toMatchObject({ broadcast: false, tips: true, vault: true });
    const read = await w.api.request('GET', `/v1/admin/users/${creator.user._id}`, { token: admin.token });
    expect(read.body.features).toEqual(second.features);
  });

  it('refuses unknown flags, values that are not booleans and an empty change with a message naming the flag', async ({
    w,
  }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    const cases: [unknown, string][] = [
      [{ flying: true }, FEATURE_FLAG_MESSAGES.unknown('flying')],
      [{ tips: 'yes' }, FEATURE_FLAG_MESSAGES.notBoolean('tips')],
      [{ vault: 1 }, FEATURE_FLAG_MESSAGES.notBoolean('vault')],
      [{ vault: null }, FEATURE_FLAG_MESSAGES.notBoolean('vault')],
      [{}, FEATURE_FLAG_MESSAGES.empty],
      [['tips'], FEATURE_FLAG_MESSAGES.missing],
      [undefined, FEATURE_FLAG_MESSAGES.missing],
    ];
    for (const [features, message] of cases) {
      const res = await setFlags(w, admin, creator, features);
      expect(res.status, JSON.stringify(features)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Nothing of a refused change was kept.
    expect((await configOf(w, creator)).tips).toBe(true);
  });

  it('is for admins: a fan and a creator get 403, a guest 401, an unknown account 404', async ({ w }) => {
    const admin = await w.admin();
    const fan = await w.fan();
    const creator = await w.creator();
    for (const caller of [fan, creator]) {
      const res = await setFlags(w, caller, creator, { tips: false });
      expect(res.status).toBe(403);
    }
    const guest = await w.api.request('PATCH', `/v1/admin/users/${creator.user._id}/features`, {
      body: { features: { tips: false } },
    });
    expect(guest.status).toBe(401);
    expect((await configOf(w, creator)).tips).toBe(true);
    const unknown = await w.api.request('PATCH', `/v1/admin/users/${crypto.randomUUID()}/features`, {
      token: admin.token,
      body: { features: { tips: false } },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ERRORS.userNotFound);
  });

  it('writes an audit row with the admin, the account and the flags set', async ({ w }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    await flags(w, admin, creator, { vault: false, no_discover: true });
    const res = await w.api.request('GET', `/v1/admin/audit?target_id=${creator.user._id}`, {
      token: admin.token,
    });
    const rows = (res.body.data as { action: string; admin: { _id: string }; details: unknown }[]).filter(
      (r) => r.action === 'features',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      admin: { _id: admin.user._id },
      target_id: creator.user._id,
      details: { features: { vault: false, no_discover: true } },
    });
  });

  it('the account hears provider_features_update with every flag, and its provider config answers the same', async ({
    server,
    w,
  }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    const socket = await connectSocket(server.url, creator.token);
    await socket.next('init');
    const flagsToSet: Flags = {
      broadcast: false,
      discover_cards: true,
      usd_content: false,
      exclusive_content_banner: false,
    };
    await flags(w, admin, creator, flagsToSet);
    const frame = await socket.next('provider_features_update');
    socket.close();
    const config = await configOf(w, creator);
    expect(frame.data).toEqual({ features: config });
    expect(config).toMatchObject(flagsToSet);
  });
});

describe('each flag as the server enforces it', () => {
  it('broadcast off closes the Broadcast area: sending, the audience, the list and unsending are 403', async ({
    w,
  }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    const fan = await w.fan();
    await w.openChat(fan.token, creator.user._id);
    const body = { category: 'all', type: 'text', text: 'New set tonight' };
    await flags(w, admin, creator, { broadcast: false });
    const refused = [
      await w.api.request('POST', '/v1/broadcast/send', { token: creator.token, body }),
      await w.api.request('POST', '/v1/broadcast/audience', {
        token: creator.token,
        body: { category: 'all' },
      }),
      await w.api.request('GET', '/v1/broadcast', { token: creator.token }),
      await w.api.request('DELETE', '/v1/broadcast/1', { token: creator.token }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(BROADCAST_MESSAGES.notAllowed);
    }
    await flags(w, admin, creator, { broadcast: true });
    expect((await w.api.request('POST', '/v1/broadcast/send', { token: creator.token, body })).status).toBe(
      202,
    );
    expect((await w.api.request('GET', '/v1/broadcast', { token: creator.token })).status).toBe(200);
  });

  it('tips off on the creator refuses a tip to her', async ({ w }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 20);
    const tip = () =>
      w.api.call('POST', '/v1/tips', {
        token: fan.token,
        body: { recipient_id: creator.user._id, amount: 5 },
      });
    await flags(w, admin, creator, { tips: false });
    const refused = await tip();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TIPS_DISABLED_MESSAGE);
    await flags(w, admin, creator, { tips: true });
    expect((await tip()).status).toBe(200);
  });

  it('vault off refuses a creator her vault list; what she sent in one chat stays listed', async ({ w }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    const fan = await w.fan();
    const { chat_id } = await w.openChat(fan.token, creator.user._id);
    await flags(w, admin, creator, { vault: false });
    const refused = await w.api.request('GET', '/v1/media?limit=20&offset=0', { token: creator.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FEATURE_OFF_MESSAGES.vault);
    const inChat = await w.api.request('GET', `/v1/media?limit=20&offset=0&chat_id=${chat_id}`, {
      token: creator.token,
    });
    expect(inChat.status).toBe(200);
    await flags(w, admin, creator, { vault: true });
    expect((await w.api.request('GET', '/v1/media?limit=20&offset=0', { token: creator.token })).status).toBe(
      200,
    );
  });

  it('no_discover leaves the creator out of Discover until it is turned off', async ({ server, w }) => {
    const admin = await w.admin();
    const fan = await w.fan();
    const tag = `flags${Date.now().toString(36)}`;
    const creator = await w.creator();
    await set(server, creator.user._id, { discover_status: 'featured', code_used: tag });
    const listed = async () => {
      const res = await w.api.request('GET', `/v1/users/discover?code_used=${tag}`, { token: fan.token });
      expect(res.status).toBe(200);
      return (res.body.data as { _id: string }[]).map((c) => c._id);
    };
    expect(await listed()).toEqual([creator.user._id]);
    await flags(w, admin, creator, { no_discover: true });
    expect(await listed()).toEqual([]);
    await flags(w, admin, creator, { no_discover: false });
    expect(await listed()).toEqual([creator.user._id]);
  });

  it('a payout method turned off leaves the offered methods, cannot be chosen, and pays nothing while saved', async ({
    server,
    w,
  }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    await set(server, creator.user._id, {
      payout_method: 'paypal_transfer',
      payout_account: 'mila.payouts@example.com',
    });
    await flags(w, admin, creator, { paypal_transfer: false, paxum_transfer: false });
    const info = await w.api.request('GET', '/v1/account/info', { token: creator.token });
    expect(info.body.payout_methods).toEqual(['bank_transfer', 'crypto_transfer']);
    const choose = await w.api.request('PATCH', '/v2/account/defaults?verification_code=0000', {
      token: creator.token,
      body: { payout_method: 'paxum_transfer', payout_account: 'mila.payouts@example.com' },
    });
    expect(choose.status).toBe(403);
    expect(choose.body.message).toBe(FEATURE_OFF_MESSAGES.payoutMethod);
    const payout = await w.api.request('POST', '/v2/account/payout', {
      token: creator.token,
      body: { amount_usd: 50 },
    });
    expect(payout.status).toBe(403);
    expect(payout.body.message).toBe(FEATURE_OFF_MESSAGES.payoutMethod);
    await flags(w, admin, creator, { paypal_transfer: true });
    const again = await w.api.request('POST', '/v2/account/payout', {
      token: creator.token,
      body: { amount_usd: 50 },
    });
    // On again, the request reaches the money rules (nothing earned yet).
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('payout_over_available');
  });

  it('force_free_chats off makes a fan who bought nothing buy before a first chat', async ({ w }) => {
    const admin = await w.admin();
    const creator = await w.creator();
    const fan = await w.api.signUp('user');
    await flags(w, admin, fan, { force_free_chats: false });
    const refused = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(ERRORS.purchaseRequired);
    await flags(w, admin, fan, { force_free_chats: true });
    const opened = await w.api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(opened.status).toBe(200);
  });

  it('crypto_payment off refuses the crypto top-up and leaves the config without it', async ({ w }) => {
    const admin = await w.admin();
    const fan = await w.fan();
    const topUp = (key: string) =>
      w.api.call('POST', '/v1/payment/crypto', {
        token: fan.token,
        body: { package_id: 'starter', currency: 'USDT', idempotency_key: key },
      });
    await flags(w, admin, fan, { crypto_payment: false });
    expect((await configOf(w, fan)).crypto_payment).toBe(false);
    const refused = await topUp('flags-crypto-1');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CRYPTO_DISABLED_MESSAGE);
    await flags(w, admin, fan, { crypto_payment: true });
    expect((await configOf(w, fan)).crypto_payment).toBe(true);
    expect((await topUp('flags-crypto-2')).status).toBe(200);
  });

  it('credit_package_sales_commissions turned on for a fan pays her 10 % of her referred fan’s packages', async ({
    server,
    w,
    call,
  }) => {
    const admin = await w.admin();
    const referrer = await w.fan();
    const referred = await w.api.signUp('user', { code: referrer.user.username });
    await sweepCommissions(server.app.ctx, 0);
    await flags(w, admin, referrer, { credit_package_sales_commissions: true });
    const paid = await call('POST', '/v1/payment', {
      token: referred.token,
      body: { card: CARD, package_id: 'starter', idempotency_key: 'flags-commission' },
    });
    expect(paid.body.result).toBe(true);
    expect(await sweepCommissions(server.app.ctx, 0)).toBe(1);
    const earned = (await balances(server.app.ctx.db, referrer.user._id)).earnings;
    const credits = (await balances(server.app.ctx.db, referred.user._id)).credits;
    expect(earned).toBe(Math.floor(credits / 10));
    expect(earned).toBeGreaterThan(0);
  });
});

describe('account events', () => {
  it('a fan’s first credit package sends profile_complete_config with is_bought_credit_package; a second does not', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const socket = await connectSocket(server.url, fan.token);
    await socket.next('init');
    const buy = (key: string) =>
      call('POST', '/v1/payment', {
        token: fan.token,
        body: { card: CARD, package_id: 'starter', idempotency_key: key },
      });
    expect((await buy('flags-first-package')).body.result).toBe(true);
    expect((await socket.next('profile_complete_config')).data).toEqual({
      is_affiliate_profile_visited: false,
      is_bought_credit_package: true,
    });
    expect((await buy('flags-second-package')).body.result).toBe(true);
    await socket.next('total_credits', (d) => d.credits > 0);
    await socket.next('total_credits', () => true);
    expect(socket.frames.filter((f) => f.event === 'profile_complete_config')).toEqual([]);
    socket.close();
    const me = await w.api.call('GET', '/v1/users/me', { token: fan.token });
    expect(me.body.profile_complete_config.is_bought_credit_package).toBe(true);
  });

  it('a new profile photo ends the skinscore banner: hide_skinscore_banner and the flag cleared', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    await set(server, creator.user._id, { show_skinscore_banner: true });
    const socket = await connectSocket(server.url, creator.token);
    await socket.next('init');
    const form = new FormData();
    form.append('file', new Blob([PNG_1PX], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${server.url}/v1/users/avatar`, {
      method: 'POST',
      headers: { 'access-token': creator.token },
      body: form,
    });
    expect(res.status).toBe(200);
    await socket.next('hide_skinscore_banner');
    socket.close();
    const me = await w.api.call('GET', '/v1/users/me', { token: creator.token });
    expect(me.body.show_skinscore_banner).toBe(false);
  });
});

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
