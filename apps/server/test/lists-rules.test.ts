import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { buyPost, createPost } from '../src/modules/feed/service';
import { users } from '../src/modules/users/service';
import { apiTest } from './support/api-test';
import { photo, subscribe } from './support/feed';
import {
  type Account,
  createList,
  creatorWithFans,
  expectListHolds,
  fanOf,
  listsById,
  listTab,
} from './support/lists';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// Smart lists (docs/lists.md): each rule against fans made for it: exactly the right fans on the
// list, its count equal to its inbox tab read page by page.

const it = apiTest();
const DAY_MS = 86_400_000;

async function tip(w: World, fan: Account, creator: Account, amount: number) {
  await w.giveCredits(fan.user._id, amount);
  const res = await w.api.call('POST', '/v1/tips', {
    token: fan.token,
    body: { recipient_id: creator.user._id, amount },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Moves what the fan paid the creator `days` into the past. */
async function spentDaysAgo(server: TestServer, fan: Account, days: number) {
  await server.app.ctx.db
    .updateTable('ledger_entries')
    .set({ created_at: new Date(Date.now() - days * DAY_MS) })
    .where('user_id', '=', fan.user._id)
    .where('account', '=', 'credits')
    .where('delta', '<', 0)
    .execute();
}

/** The fan's messages to the creator were written `days` ago (and the chat's record of it with them). */
async function wroteDaysAgo(server: TestServer, fan: Account, creator: Account, days: number) {
  const at = new Date(Date.now() - days * DAY_MS);
  const db = server.app.ctx.db;
  await db.updateTable('messages').set({ created_at: at }).where('sender_id', '=', fan.user._id).execute();
  await db
    .updateTable('chat_members')
    .set({ last_received_at: at })
    .where('user_id', '=', creator.user._id)
    .where('other_user_id', '=', fan.user._id)
    .execute();
}

/**
 * A paid post with the photo, bought by the fan: through the feed module's own service functions,
 * so the purchase and its payment are stored as buying a post stores them.
 */
async function boughtPost(
  server: TestServer,
  creator: Account,
  fan: Account,
  publicId: string,
  price: number,
) {
  const ctx = server.app.ctx;
  const [owner, buyer] = [await users.byId(ctx.db, creator.user._id), await users.byId(ctx.db, fan.user._id)];
  if (!owner || !buyer) throw new Error('no such user');
  const created = await createPost(ctx, owner, {
    text: 'the set',
    public_id: publicId,
    price,
    private_feed: false,
  });
  await buyPost(ctx, buyer, created._id);
}

async function smart(w: World, creator: Account, rule: Record<string, unknown>) {
  return createList(w, creator.token, { name: `Rule ${JSON.stringify(rule)}`, kind: 'smart', rule });
}

describe('smart lists', () => {
  it('spent_min counts every credit the fan paid the creator, ever or in the last spent_days', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 5);
    const [once, twice, little, longAgo, elsewhere] = fans as Account[] as [
      Account,
      Account,
      Account,
      Account,
      Account,
    ];
    await tip(w, once, creator, 60);
    await tip(w, twice, creator, 30);
    await tip(w, twice, creator, 20);
    await tip(w, little, creator, 49);
    await tip(w, longAgo, creator, 100);
    await spentDaysAgo(server, longAgo, 40);
    await tip(w, elsewhere, await w.creator(), 500);
    // A paid post bought before the fan ever wrote counts too.
    const buyer = await w.fan();
    await w.giveCredits(buyer.user._id, 50);
    await boughtPost(server, creator, buyer, (await photo(server, creator, '#304050')).public_id, 50);
    expect((await w.send(buyer.token, creator.user._id, 'thanks')).status).toBe(200);

    // So does a paid message bought.
    const unlocked = await fanOf(w, creator);
    const paidPhoto = await w.api.call('POST', '/v1/messages', {
      token: creator.token,
      body: {
        type: 'image',
        recipient_id: unlocked.user._id,
        public_id: (await photo(server, creator, '#405060')).public_id,
        price: 55,
      },
    });
    await w.giveCredits(unlocked.user._id, 55);
    const buy = await w.api.call('PATCH', `/v1/messages/${paidPhoto.body.message._id}/buy`, {
      token: unlocked.token,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);

    const ever = await smart(w, creator, { spent_min: 50 });
    expect(ever.count).toBe(5);
    await expectListHolds(w, creator.token, ever._id, [once, twice, longAgo, buyer, unlocked]);
    const month = await smart(w, creator, { spent_min: 50, spent_days: 30 });
    await expectListHolds(w, creator.token, month._id, [once, twice, buyer, unlocked]);
    const fortyFive = await smart(w, creator, { spent_min: 100, spent_days: 45 });
    await expectListHolds(w, creator.token, fortyFive._id, [longAgo]);
  });

  it('subscribed, not subscribed, and subscriptions ending within a number of days', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 4);
    const [active, canceled, endingSoon, never] = fans as [Account, Account, Account, Account];
    for (const fan of [active, canceled, endingSoon]) await subscribe(w, fan, creator);
    const subs = await server.app.ctx.db
      .selectFrom('subscriptions')
      .select(['id', 'fan_id'])
      .where('creator_id', '=', creator.user._id)
      .execute();
    const subOf = (fan: Account) => subs.find((s) => s.fan_id === fan.user._id)?.id as string;
    const cancel = await w.api.call('DELETE', `/v1/subscriptions?ids=${subOf(canceled)}`, {
      token: canceled.token,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await server.app.ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() + 3 * DAY_MS) })
      .where('id', '=', subOf(endingSoon))
      .execute();

    await expectListHolds(w, creator.token, (await smart(w, creator, { subscribed: true }))._id, [
      active,
      endingSoon,
    ]);
    await expectListHolds(w, creator.token, (await smart(w, creator, { subscribed: false }))._id, [
      canceled,
      never,
    ]);
    const week = await smart(w, creator, { subscription_ends_within_days: 7 });
    await expectListHolds(w, creator.token, week._id, [endingSoon]);
    const month = await smart(w, creator, { subscription_ends_within_days: 31 });
    await expectListHolds(w, creator.token, month._id, [active, canceled, endingSoon]);
    // Lapsing: canceled and still in its paid time.
    const lapsing = await smart(w, creator, { subscribed: false, subscription_ends_within_days: 31 });
    await expectListHolds(w, creator.token, lapsing._id, [canceled]);
  });

  it("last_message_within_days and no_message_for_days look at the fan's own messages", async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const [recent, answered, quiet] = fans as [Account, Account, Account];
    // The creator wrote last in this chat; the fan still wrote today.
    expect((await w.send(creator.token, answered.user._id, 'thanks!')).status).toBe(200);
    await wroteDaysAgo(server, quiet, creator, 40);
    // A fan the creator wrote to first, who never answered.
    const silent = await w.fan();
    await w.openChat(creator.token, silent.user._id);
    expect((await w.send(creator.token, silent.user._id, 'welcome')).status).toBe(200);

    const week = await smart(w, creator, { last_message_within_days: 7 });
    await expectListHolds(w, creator.token, week._id, [recent, answered]);
    const month = await smart(w, creator, { no_message_for_days: 30 });
    await expectListHolds(w, creator.token, month._id, [quiet, silent]);
    const fiftyDays = await smart(w, creator, { last_message_within_days: 50 });
    await expectListHolds(w, creator.token, fiftyDays._id, [recent, answered, quiet]);

    // A fan who writes again is back on the first list and off the second at once.
    expect((await w.send(quiet.token, creator.user._id, 'back')).status).toBe(200);
    await expectListHolds(w, creator.token, week._id, [recent, answered, quiet]);
    await expectListHolds(w, creator.token, month._id, [silent]);
  });

  it("counts a fan's message stored in the same statement as the creator's answer after it", async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 1);
    const fan = fans[0] as Account;
    await wroteDaysAgo(server, fan, creator, 40);
    const week = await smart(w, creator, { last_message_within_days: 7 });
    await expectListHolds(w, creator.token, week._id, []);
    const chat = await w.openChat(fan.token, creator.user._id);
    // Sends of the same moment share one statement: here the fan's, then the creator's reply.
    const [f, c] = [fan.user._id, creator.user._id];
    await sql`SELECT * FROM append_messages(
      ${[chat.chat_id, chat.chat_id]}::uuid[], ${[f, c]}::uuid[], ${[c, f]}::uuid[], ${['text', 'text']}::text[],
      ${['still here', 'welcome back']}::text[], ${[0, 0]}::int[], ${[false, false]}::boolean[],
      ${[null, null]}::bigint[], ${[null, null]}::text[], ${[false, false]}::boolean[], ${[null, null]}::bigint[],
      ${[null, null]}::text[], ${[null, null]}::int[], ${[null, null]}::int[], ${[null, null]}::timestamptz[],
      ${[0, 0]}::int[])`.execute(server.app.ctx.db);
    await expectListHolds(w, creator.token, week._id, [fan]);
  });

  it('bought_media_id finds the buyers of a vault item in messages and posts; never_bought the rest', async ({
    server,
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 5);
    const [inMessage, notBought, inPost, otherItem, nothing] = fans as [
      Account,
      Account,
      Account,
      Account,
      Account,
    ];
    const set = await photo(server, creator, '#aa0000');
    const other = await photo(server, creator, '#00aa00');
    const sell = async (fan: Account, publicId: string) => {
      const paid = await call('POST', '/v1/messages', {
        token: creator.token,
        body: { type: 'image', recipient_id: fan.user._id, public_id: publicId, price: 20 },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      return paid.body.message._id as string;
    };
    await w.giveCredits(inMessage.user._id, 20);
    await call('PATCH', `/v1/messages/${await sell(inMessage, set.public_id)}/buy`, {
      token: inMessage.token,
    });
    await sell(notBought, set.public_id);
    await w.giveCredits(otherItem.user._id, 20);
    await call('PATCH', `/v1/messages/${await sell(otherItem, other.public_id)}/buy`, {
      token: otherItem.token,
    });
    await w.giveCredits(inPost.user._id, 30);
    await boughtPost(server, creator, inPost, set.public_id, 30);
    const vault = await call('GET', '/v1/media', { token: creator.token });
    const vaultId = (vault.body.data as { _id: string; public_id: string }[]).find(
      (m) => m.public_id === set.public_id,
    )?._id;
    // Named by its public id, kept by its vault id.
    const bought = await smart(w, creator, { bought_media_id: set.public_id });
    expect(bought.rule).toEqual({ bought_media_id: vaultId });
    await expectListHolds(w, creator.token, bought._id, [inMessage, inPost]);
    const byVaultId = await smart(w, creator, { bought_media_id: vaultId, follower: false });
    await expectListHolds(w, creator.token, byVaultId._id, [inMessage, inPost]);
    const never = await smart(w, creator, { never_bought: true });
    await expectListHolds(w, creator.token, never._id, [notBought, nothing]);

    // Another creator's vault item is no rule of mine.
    const theirs = await photo(server, await w.creator(), '#0000aa');
    const refused = await call('POST', '/v1/lists', {
      token: creator.token,
      body: { name: 'Theirs', kind: 'smart', rule: { bought_media_id: theirs.public_id } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Media not found');
  });

  it('follower true and false; rules together must all hold; a new rule applies at once', async ({
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const [follows, spends, both] = fans as [Account, Account, Account];
    for (const fan of [follows, both])
      expect(
        (await call('POST', '/v1/users/following', { token: fan.token, body: { user_id: creator.user._id } }))
          .status,
      ).toBe(200);
    await call('POST', '/v1/users/following', {
      token: spends.token,
      body: { user_id: (await w.creator()).user._id },
    });
    await tip(w, spends, creator, 80);
    await tip(w, both, creator, 80);

    const followers = await smart(w, creator, { follower: true });
    await expectListHolds(w, creator.token, followers._id, [follows, both]);
    await expectListHolds(w, creator.token, (await smart(w, creator, { follower: false }))._id, [spends]);
    const together = await smart(w, creator, { follower: true, spent_min: 50 });
    await expectListHolds(w, creator.token, together._id, [both]);
    // A conversation's header: which lists this fan is on.
    const onLists = await listsById(w, creator.token, spends.user._id);
    expect(onLists.get(followers._id)?.includes).toBe(false);
    expect(onLists.get(together._id)?.includes).toBe(false);
    expect((await listsById(w, creator.token, both.user._id)).get(together._id)?.includes).toBe(true);

    const changed = await call('PATCH', `/v1/lists/${followers._id}`, {
      token: creator.token,
      body: { rule: { spent_min: 50 } },
    });
    expect(changed.body.count).toBe(2);
    await expectListHolds(w, creator.token, followers._id, [spends, both]);
  });

  it('pages a smart list tab across pages, its count agreeing with the pages', async ({ w, call }) => {
    const creator = await w.creator();
    const followers: Account[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await fanOf(w, creator, `hello ${i}`);
      await call('POST', '/v1/users/following', { token: fan.token, body: { user_id: creator.user._id } });
      followers.push(fan);
      await fanOf(w, creator, 'not following');
    }
    const list = await smart(w, creator, { follower: true });
    expect(list.count).toBe(5);
    const tab = await listTab(w, creator.token, list._id, 2);
    expect(tab.pages).toBe(3);
    expect(tab.ids).toEqual(followers.map((f) => f.user._id).reverse());
  });
});
