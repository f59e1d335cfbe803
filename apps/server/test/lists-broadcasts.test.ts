import { LIST_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { type Account, addMembers, createList, creatorWithFans } from './support/lists';
import type { TestServer } from './support/server';
import type { World } from './support/world';

// Fan lists as broadcast audiences (docs/lists.md): a list as the audience, lists left out of any
// audience, exactly one copy per chosen fan, and the lists named in the broadcast's figures.

const it = apiTest();

/** Sends the broadcast, lets its fan-out run, and answers its id. */
async function broadcast(server: TestServer, w: World, creator: Account, body: Record<string, unknown>) {
  const res = await w.api.call('POST', '/v1/broadcast/send', {
    token: creator.token,
    body: { type: 'text', text: 'New set tonight', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await server.app.ctx.queue.drain();
  return res.body as { _id: string; total: number };
}

/** How many copies of the broadcast each recipient has. */
async function copiesByRecipient(server: TestServer, broadcastId: string) {
  const rows = await server.app.ctx.db
    .selectFrom('messages')
    .select('recipient_id')
    .where('broadcast_id', '=', Number(broadcastId))
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.recipient_id, (counts.get(r.recipient_id) ?? 0) + 1);
  return counts;
}

const audience = (w: World, creator: Account, body: Record<string, unknown>) =>
  w.api.call('POST', '/v1/broadcast/audience', { token: creator.token, body });

async function follow(w: World, fan: Account, creator: Account) {
  const res = await w.api.call('POST', '/v1/users/following', {
    token: fan.token,
    body: { user_id: creator.user._id },
  });
  expect(res.status).toBe(200);
}

describe('broadcasts to lists', () => {
  it('sends one copy to each fan on the list less the fans on the lists left out, and names them', async ({
    server,
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 5);
    const [a, b, c, d, e] = fans as [Account, Account, Account, Account, Account];
    const chosen = await createList(w, creator.token, { name: 'Chosen', kind: 'custom' });
    await addMembers(w, creator.token, chosen._id, [a.user._id, b.user._id, c.user._id, e.user._id]);
    const followers = await createList(w, creator.token, {
      name: 'Followers',
      kind: 'smart',
      rule: { follower: true },
    });
    await follow(w, b, creator);
    const left = await createList(w, creator.token, { name: 'Left out', kind: 'custom' });
    await addMembers(w, creator.token, left._id, [c.user._id, d.user._id]);
    const body = { list_id: chosen._id, exclude_list_ids: `${followers._id},${left._id}` };

    expect((await audience(w, creator, body)).body).toEqual({ total: 2 });
    const sent = await broadcast(server, w, creator, body);
    expect(sent.total).toBe(2);
    expect(await copiesByRecipient(server, sent._id)).toEqual(
      new Map([
        [a.user._id, 1],
        [e.user._id, 1],
      ]),
    );

    const stats = async () => {
      const res = await call('GET', '/v1/broadcast', { token: creator.token });
      return res.body.data.find((x: { _id: string }) => x._id === sent._id);
    };
    expect(await stats()).toMatchObject({
      list: { _id: chosen._id, name: 'Chosen' },
      exclude_lists: [
        { _id: followers._id, name: 'Followers' },
        { _id: left._id, name: 'Left out' },
      ],
    });
    // Named as they are now: renamed, deleted.
    await call('PATCH', `/v1/lists/${chosen._id}`, { token: creator.token, body: { name: 'Chosen few' } });
    await call('DELETE', `/v1/lists/${left._id}`, { token: creator.token });
    expect(await stats()).toMatchObject({
      list: { _id: chosen._id, name: 'Chosen few' },
      exclude_lists: [{ _id: followers._id, name: 'Followers' }],
    });
    await call('DELETE', `/v1/lists/${chosen._id}`, { token: creator.token });
    expect((await stats()).list).toBeNull();
  });

  it('sends a smart list one copy per fan however many payments put them on it', async ({ server, w }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const [big, small] = fans as [Account, Account];
    await w.giveCredits(big.user._id, 90);
    for (const amount of [30, 30, 30])
      await w.api.call('POST', '/v1/tips', {
        token: big.token,
        body: { recipient_id: creator.user._id, amount },
      });
    await w.giveCredits(small.user._id, 10);
    await w.api.call('POST', '/v1/tips', {
      token: small.token,
      body: { recipient_id: creator.user._id, amount: 10 },
    });
    const spenders = await createList(w, creator.token, {
      name: 'Spenders',
      kind: 'smart',
      rule: { spent_min: 50 },
    });
    const sent = await broadcast(server, w, creator, { list_id: spenders._id });
    expect(await copiesByRecipient(server, sent._id)).toEqual(new Map([[big.user._id, 1]]));
  });

  it('leaves lists out of an inbox tab or chosen chats; a fan a rule cannot tell about stays in', async ({
    server,
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const [a, b, c] = fans as [Account, Account, Account];
    // Wrote nothing: "wrote this week" cannot hold for them, so leaving that list out keeps them.
    const silent = await w.fan();
    await w.openChat(creator.token, silent.user._id);
    const vip = await createList(w, creator.token, { name: 'VIP', kind: 'custom' });
    await addMembers(w, creator.token, vip._id, [a.user._id]);
    const writers = await createList(w, creator.token, {
      name: 'Wrote this week',
      kind: 'smart',
      rule: { last_message_within_days: 7 },
    });

    const all = await broadcast(server, w, creator, { category: 'all', exclude_list_ids: vip._id });
    expect(await copiesByRecipient(server, all._id)).toEqual(
      new Map([b, c, silent].map((f) => [f.user._id, 1])),
    );
    const quiet = await broadcast(server, w, creator, { category: 'all', exclude_list_ids: writers._id });
    expect(await copiesByRecipient(server, quiet._id)).toEqual(new Map([[silent.user._id, 1]]));
    const picked = await broadcast(server, w, creator, {
      ids: `${a.user._id},${b.user._id}`,
      exclude_list_ids: vip._id,
    });
    expect(await copiesByRecipient(server, picked._id)).toEqual(new Map([[b.user._id, 1]]));
    expect(
      (await audience(w, creator, { category: 'all', exclude_list_ids: `${vip._id},${writers._id}` })).body,
    ).toEqual({ total: 1 });
  });

  it("refuses another creator's list, as the audience or left out, with 404 and sends nothing", async ({
    server,
    w,
  }) => {
    const { creator } = await creatorWithFans(w, 1);
    const other = await w.creator();
    const theirs = await createList(w, other.token, { name: 'Theirs', kind: 'custom' });
    const mine = await createList(w, creator.token, { name: 'Mine', kind: 'custom' });
    for (const body of [
      { list_id: theirs._id },
      { list_id: 'not-a-list' },
      { category: 'all', exclude_list_ids: theirs._id },
      { list_id: mine._id, exclude_list_ids: `${mine._id},${theirs._id}` },
    ]) {
      for (const res of [
        await audience(w, creator, body),
        await w.api.call('POST', '/v1/broadcast/send', {
          token: creator.token,
          body: { type: 'text', text: 'Hi', ...body },
        }),
      ]) {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.message).toBe(LIST_MESSAGES.notFound);
      }
    }
    const rows = await server.app.ctx.db
      .selectFrom('broadcasts')
      .select('id')
      .where('creator_id', '=', creator.user._id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a list together with a tab or chosen chats, and an empty list, with 400', async ({ w }) => {
    const { creator } = await creatorWithFans(w, 1);
    const empty = await createList(w, creator.token, { name: 'Empty', kind: 'custom' });
    const both = await w.api.call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { type: 'text', text: 'Hi', list_id: empty._id, category: 'all' },
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Send to either a list or chats of the inbox.');
    const none = await w.api.call('POST', '/v1/broadcast/send', {
      token: creator.token,
      body: { type: 'text', text: 'Hi', list_id: empty._id },
    });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('empty_audience');
  });
});
