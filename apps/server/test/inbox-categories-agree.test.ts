import {
  type Chat,
  ChatList,
  inboxTypeFor,
  SUBSCRIPTION_PRICE,
  VIP_MIN_SPENT_CREDITS,
} from '@parlor/contract';
import { describe, expect } from 'vitest';
// The web client's own definition: it moves chats between tabs on events, so it must agree with
// the SQL that answers the lists. It imports nothing but the contract, so it runs here as it is.
import { INBOX_CATEGORIES, isInCategory } from '../../web/src/features/chats/inboxCategories';
import { apiTest } from './support/api-test';
import type { Api } from './support/client';
import { connectSocket } from './support/socket';

const it = apiTest();

type Viewer = { token: string; user: { _id: string } };

async function list(call: Api['call'], viewer: Viewer, query: string): Promise<Chat[]> {
  const res = await call('GET', `/v1/chats?v=2&limit=100${query}`, { token: viewer.token });
  expect(res.status, query).toBe(200);
  return ChatList.parse(res.body).data;
}

/**
 * Every chat of the viewer's inbox, classified three ways: by the server's lists (SQL), by the
 * `category` tags the server puts on each chat, and by the client's rules.
 */
async function classify(call: Api['call'], viewer: Viewer) {
  const chats = await list(call, viewer, '');
  const server: Record<string, string[]> = {};
  const tagged: Record<string, string[]> = {};
  const client: Record<string, string[]> = {};
  for (const category of INBOX_CATEGORIES) {
    server[category] = (await list(call, viewer, `&type=${inboxTypeFor(category)}`))
      .map((c) => c.other_user.username)
      .sort();
    tagged[category] = chats
      .filter((c) => c.category.includes(category))
      .map((c) => c.other_user.username)
      .sort();
    const now = Date.now();
    client[category] = chats
      .filter((c) => isInCategory(c, category, now))
      .map((c) => c.other_user.username)
      .sort();
  }
  return { server, tagged, client };
}

describe('inbox categories', () => {
  it('the web client and the server tags put every chat in the same tabs as the server lists it', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = async (name: string) => ({ name, ...(await w.fan()) });
    const talker = await fan('talker'); // wrote last: unreplied for the creator, sent for the fan
    const answered = await fan('answered'); // the creator replied last
    const favorite = await fan('favorite');
    const payer = await fan('payer'); // spent a little: a fan
    const vip = await fan('vip'); // spent enough to be a VIP
    const subscriber = await fan('subscriber');
    const online = await fan('online');
    const old = await fan('old'); // last message long ago: not recent
    const silent = await fan('silent'); // an open chat without messages
    const everyone = [talker, answered, favorite, payer, vip, subscriber, online, old, silent];

    await w.openChat(silent.token, creator.user._id);
    for (const f of everyone.filter((f) => f !== silent)) await w.send(f.token, creator.user._id, 'hello');
    await w.send(creator.token, answered.user._id, 'thanks!');
    await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'favorite', ids: favorite.user._id },
    });
    for (const [f, rate] of [
      [payer, 5],
      [vip, VIP_MIN_SPENT_CREDITS],
    ] as const) {
      await w.giveCredits(f.user._id, rate);
      await call('POST', '/v1/chats/change-rate', {
        token: creator.token,
        body: { user_id: f.user._id, rate },
      });
      expect((await w.send(f.token, creator.user._id, 'paid')).status).toBe(200);
    }
    await w.giveCredits(subscriber.user._id, SUBSCRIPTION_PRICE);
    const subscribed = await call('POST', '/v1/subscriptions', {
      token: subscriber.token,
      body: { model_id: creator.user._id },
    });
    expect(subscribed.status).toBe(200);
    // Twenty minutes pass for one chat only (the server's clock is real time here).
    await server.app.ctx.db
      .updateTable('chat_members')
      .set({ last_message_at: new Date(Date.now() - 20 * 60_000) })
      .where('chat_id', 'in', (eb) =>
        eb.selectFrom('chat_members').select('chat_id').where('user_id', '=', old.user._id),
      )
      .execute();
    const socket = await connectSocket(server.url, online.token);
    await socket.next('init');

    try {
      const { server: byServer, tagged, client: byClient } = await classify(call, creator);
      // Each category holds some chats and leaves some out, so agreement says something.
      for (const category of INBOX_CATEGORIES.filter((c) => c !== 'all')) {
        expect(byServer[category]?.length, category).toBeGreaterThan(0);
        expect(byServer[category]?.length, category).toBeLessThan(everyone.length);
      }
      expect(byClient).toEqual(byServer);
      expect(tagged).toEqual(byServer);

      for (const f of [talker, answered, silent]) {
        const seen = await classify(call, f);
        expect(seen.client, f.name).toEqual(seen.server);
        expect(seen.tagged, f.name).toEqual(seen.server);
      }
    } finally {
      socket.close();
    }
  });
});
