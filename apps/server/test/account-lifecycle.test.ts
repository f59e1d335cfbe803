import {
  BOOST_DURATION_HOURS,
  BOOST_PRICE_CREDITS,
  type Endpoint,
  ERRORS,
  endpoints,
} from '@parlor/contract';
import { describe, expect } from 'vitest';
import { balanceOf } from '../src/modules/ledger/service';
import { BOOST_ACTIVE_MESSAGE, CREATORS_ONLY_MESSAGE } from '../src/modules/lifecycle/service';
import { apiTest } from './support/api-test';
import { client } from './support/client';
import { manualClock, startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

// The account lifecycle (docs/account-lifecycle.md): maintenance, freeze over every write, country
// blocking, the profile boost and scheduled deletion. TRUST_PROXY makes the geo header count.

const clock = manualClock();
const it = apiTest({ TRUST_PROXY: 'true' }, { clock });

const from = (country: string) => ({ 'x-country-code': country });

describe('MAINTENANCE=true', () => {
  it('answers 503 to every API call, signed in or not, but not to health or the web app', async () => {
    const down = await startServer({ MAINTENANCE: 'true' });
    try {
      const api = client(down.url);
      for (const [method, path] of [
        ['GET', '/v1/users/me'],
        ['POST', '/v1/users/sign'],
        ['GET', '/v1/provider/config?platform=react'],
        ['GET', '/v1/geo_ip'],
        ['PATCH', '/v1/chats'],
      ] as const) {
        const res = await api.call(method, path, { body: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${path}`).toBe(503);
        expect(res.body.code).toBe('maintenance');
      }
      expect((await api.call('GET', '/healthz')).status).toBe(200);
      // The web app's files are not API calls (this test server has no built app: its own answer).
      expect((await api.request('GET', '/maintenance')).body).toMatch(/web app is not built/);
    } finally {
      await down.close();
    }
  }, 120_000);

  it('is off by default', async ({ w }) => {
    expect((await w.api.call('GET', '/v1/geo_ip')).status).toBe(200);
  });
});

/** A request's path with every parameter filled (an id nobody has: the freeze answers first). */
const pathOf = (e: Endpoint) => e.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
const stillAllowed = new Set([
  endpoints.signOut,
  endpoints.endSession,
  endpoints.signIn,
  endpoints.signUp,
  endpoints.changePassword,
]);

describe('a frozen account', () => {
  it("answers 423 with the frozen message on every write of the contract's table", async ({ server, w }) => {
    const creator = await w.creator();
    await server.app.ctx.db
      .updateTable('users')
      .set({ frozen_at: new Date(), frozen_message: null })
      .where('id', '=', creator.user._id)
      .execute();
    const writes = Object.values(endpoints as Record<string, Endpoint>).filter(
      (e) => e.method !== 'GET' && e.access !== 'public' && !stillAllowed.has(e as never),
    );
    expect(writes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const e of writes) {
      const res = await w.api.request(e.method, pathOf(e), { token: creator.token, body: {} });
      if (res.status !== 423 || res.body.message !== ERRORS.frozen) {
        wrong.push(`${e.method} ${e.path}: ${res.status} ${res.body?.message}`);
      }
    }
    expect(wrong).toEqual([]);
    // Reading still works, and so does signing out.
    expect((await w.api.call('GET', '/v1/users/me', { token: creator.token })).status).toBe(200);
    expect((await w.api.call('DELETE', '/v1/auth', { token: creator.token })).status).toBe(204);
  });

  it("shows the admin's message when one was given", async ({ server, w }) => {
    const fan = await w.fan();
    await server.app.ctx.db
      .updateTable('users')
      .set({ frozen_at: new Date(), frozen_message: 'Please call us.' })
      .where('id', '=', fan.user._id)
      .execute();
    const res = await w.api.call('PATCH', `/v1/users/${fan.user._id}`, {
      token: fan.token,
      body: { bio: 'x' },
    });
    expect(res.status).toBe(423);
    expect(res.body.message).toBe('Please call us.');
  });
});

describe('country blocking', () => {
  it("refuses a fan from a blocked country the creator's page, feed and chats with 451", async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    await server.app.ctx.db
      .updateTable('users')
      .set({ discover_status: 'featured' })
      .where('id', '=', creator.user._id)
      .execute();
    const set = await w.api.call('PUT', '/v1/users/blocked-countries', {
      token: creator.token,
      body: { countries: ['de', 'AT', 'DE'] },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ countries: ['AT', 'DE'] });
    expect(
      (await w.api.call('GET', '/v1/users/blocked-countries', { token: creator.token })).body.countries,
    ).toEqual(['AT', 'DE']);

    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 100);
    expect((await w.api.call('GET', '/v1/geo_ip', { headers: from('DE') })).body.country).toBe('DE');
    const blocked: [string, string, unknown?][] = [
      ['GET', `/v1/users/${creator.user.username}`],
      ['GET', `/v1/chat?recipient_id=${creator.user._id}`],
      ['POST', '/v1/chat', { recipient_id: creator.user._id }],
      ['POST', '/v1/messages', { type: 'text', recipient_id: creator.user._id, text: 'hi' }],
      ['GET', `/v1/feed?model_id=${creator.user._id}`],
      ['POST', '/v1/tips', { recipient_id: creator.user._id, amount: 10 }],
      ['POST', '/v1/subscriptions', { model_id: creator.user._id }],
    ];
    for (const [method, path, body] of blocked) {
      const res = await w.api.request(method, path, { token: fan.token, headers: from('DE'), body });
      expect(res.status, `${method} ${path}`).toBe(451);
      expect(res.body.message).toBe(ERRORS.notInCountry);
    }
    // A visitor without an account from there too.
    expect(
      (await w.api.call('GET', `/v1/users/${creator.user.username}`, { headers: from('AT') })).status,
    ).toBe(451);
    // Routes for signed-in users still answer a visitor 401 first.
    expect(
      (
        await w.api.call('POST', '/v1/chat', {
          headers: from('DE'),
          body: { recipient_id: creator.user._id },
        })
      ).status,
    ).toBe(401);
    // Discover leaves her out for that fan.
    const discover = await w.api.call('GET', `/v1/users/discover?q=${creator.user.username}`, {
      token: fan.token,
      headers: from('DE'),
    });
    expect(discover.status).toBe(200);
    expect(discover.body.data.map((c: { _id: string }) => c._id)).not.toContain(creator.user._id);
    const elsewhere = await w.api.call('GET', `/v1/users/discover?q=${creator.user.username}`, {
      token: fan.token,
      headers: from('FR'),
    });
    expect(elsewhere.body.data.map((c: { _id: string }) => c._id)).toContain(creator.user._id);

    // From elsewhere, or with no known country, everything works.
    expect(
      (
        await w.api.call('GET', `/v1/users/${creator.user.username}`, {
          token: fan.token,
          headers: from('FR'),
        })
      ).status,
    ).toBe(200);
    expect((await w.send(fan.token, creator.user._id, 'hello', {})).status).toBe(200);
    // The creator herself is never refused.
    expect(
      (
        await w.api.call('GET', `/v1/users/${creator.user.username}`, {
          token: creator.token,
          headers: from('DE'),
        })
      ).status,
    ).toBe(200);
    // The country the fan set counts when the request carries none.
    await server.app.ctx.db
      .updateTable('users')
      .set({ country: 'AT' })
      .where('id', '=', fan.user._id)
      .execute();
    expect((await w.api.call('GET', `/v1/users/${creator.user.username}`, { token: fan.token })).status).toBe(
      451,
    );
  });

  it('is a creator setting: fans get 403, unknown codes 400', async ({ w }) => {
    const fan = await w.fan();
    const res = await w.api.call('PUT', '/v1/users/blocked-countries', {
      token: fan.token,
      body: { countries: ['DE'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CREATORS_ONLY_MESSAGE);
    const creator = await w.creator();
    expect(
      (
        await w.api.call('PUT', '/v1/users/blocked-countries', {
          token: creator.token,
          body: { countries: ['XX'] },
        })
      ).status,
    ).toBe(400);
    expect((await w.api.call('PUT', '/v1/users/blocked-countries', { body: { countries: [] } })).status).toBe(
      401,
    );
  });
});

describe('profile boost', () => {
  const boost = (w: World, token: string) => w.api.call('POST', '/v1/users/boost', { token, body: {} });
  const boostRows = (server: TestServer, userId: string) =>
    server.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['delta'])
      .where('user_id', '=', userId)
      .where('reason', '=', 'boost')
      .execute();

  it('charges the exact price once under concurrent requests, never below zero, and ranks her first', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    await server.app.ctx.db
      .updateTable('users')
      .set({ discover_status: 'featured' })
      .where('id', '=', creator.user._id)
      .execute();
    const poor = await boost(w, creator.token);
    expect(poor.status).toBe(402);
    expect(await boostRows(server, creator.user._id)).toEqual([]);

    await w.giveCredits(creator.user._id, BOOST_PRICE_CREDITS * 2 + 50);
    const socket = await connectSocket(server.url, creator.token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => boost(w, creator.token)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe(BOOST_ACTIVE_MESSAGE);
    }
    expect(ok[0]?.body.credits).toBe(BOOST_PRICE_CREDITS + 50);
    expect(new Date(ok[0]?.body.boost_until).getTime()).toBe(
      clock.now().getTime() + BOOST_DURATION_HOURS * 3_600_000,
    );
    expect(await boostRows(server, creator.user._id)).toEqual([{ delta: -BOOST_PRICE_CREDITS }]);
    expect(await balanceOf(server.app.ctx.db, creator.user._id, 'credits')).toBe(BOOST_PRICE_CREDITS + 50);
    const update = await socket.next('user.update', (u) => u.boost_until !== null);
    expect(update.data.boost_until).toBe(ok[0]?.body.boost_until);
    socket.close();

    // First in Discover while the boost runs.
    const fan = await w.fan();
    const page = await w.api.call('GET', '/v1/users/discover?limit=5', { token: fan.token });
    expect(page.body.data[0]._id).toBe(creator.user._id);
    expect((await w.api.call('GET', '/v1/users/me', { token: creator.token })).body.boost_until).toBe(
      ok[0]?.body.boost_until,
    );

    // After it ended she may boost again; then her 50 credits are not enough.
    clock.advance(BOOST_DURATION_HOURS * 3_600_000 + 1000);
    const again = await boost(w, creator.token);
    expect(again.status).toBe(200);
    expect(again.body.credits).toBe(50);
    clock.advance(BOOST_DURATION_HOURS * 3_600_000 + 1000);
    const broke = await boost(w, creator.token);
    expect(broke.status).toBe(402);
    expect(await balanceOf(server.app.ctx.db, creator.user._id, 'credits')).toBe(50);
    expect(await boostRows(server, creator.user._id)).toHaveLength(2);
  });

  it('is for creators only', async ({ w }) => {
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 500);
    expect((await boost(w, fan.token)).status).toBe(403);
    expect((await w.api.call('POST', '/v1/users/boost', { body: {} })).status).toBe(401);
  });
});

describe('scheduled deletion', () => {
  async function subscription(
    server: TestServer,
    fanId: string,
    creatorId: string,
    status: 'active' | 'canceled',
    endsInMs: number,
  ) {
    await server.app.ctx.db
      .insertInto('subscriptions')
      .values({
        fan_id: fanId,
        creator_id: creatorId,
        status,
        price: 50,
        current_period_end: new Date(clock.now().getTime() + endsInMs),
      })
      .execute();
  }
  const schedule = (w: World, token: string, password = 'secret123') =>
    w.api.call('POST', '/v1/users/deletion', { token, body: { password } });

  it('sets delete_at, tells every tab, and can be cancelled until then', async ({ server, w }) => {
    const fan = await w.fan();
    const socket = await connectSocket(server.url, fan.token);
    const res = await schedule(w, fan.token);
    expect(res.status).toBe(200);
    expect(res.body.deleted_scheduled).toBe(true);
    const event = await socket.next('deletion-scheduled');
    expect(event.data).toEqual(res.body);
    expect((await w.api.call('DELETE', '/v1/users/deletion', { token: fan.token })).body).toEqual({
      deleted_scheduled: false,
      delete_at: null,
    });
    socket.close();
  });

  it("refuses with the spec's messages while subscriptions remain", async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await subscription(server, fan.user._id, creator.user._id, 'active', 86_400_000);
    const fanAnswer = await schedule(w, fan.token);
    expect(fanAnswer.status).toBe(409);
    expect(fanAnswer.body.message).toBe(ERRORS.cancelSubscriptionsFirst);
    const creatorAnswer = await schedule(w, creator.token);
    expect(creatorAnswer.status).toBe(409);
    expect(creatorAnswer.body.message).toBe(ERRORS.subscriptionsActive);

    // A canceled subscription no longer holds the fan; its paid period still holds the creator.
    await server.app.ctx.db
      .updateTable('subscriptions')
      .set({ status: 'canceled', canceled_at: clock.now() })
      .where('fan_id', '=', fan.user._id)
      .execute();
    expect((await schedule(w, fan.token)).status).toBe(200);
    expect((await schedule(w, creator.token)).status).toBe(409);
    clock.advance(86_400_000 + 1000);
    expect((await schedule(w, creator.token)).status).toBe(200);
  });
});

describe('the bio', () => {
  it('may not mention exclusive content', async ({ w }) => {
    const creator = await w.creator();
    const res = await w.api.call('PATCH', `/v1/users/${creator.user._id}`, {
      token: creator.token,
      body: { bio: 'Exclusive content every day' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ERRORS.exclusiveInBio);
    const ok = await w.api.call('PATCH', `/v1/users/${creator.user._id}`, {
      token: creator.token,
      body: { bio: 'Chatting every day' },
    });
    expect(ok.status).toBe(200);
  });
});
