import { LIST_MESSAGES, LISTS_MAX } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import {
  addMembers,
  createList,
  creatorWithFans,
  expectListHolds,
  fanOf,
  listsById,
  listTab,
} from './support/lists';
import { mailbox } from './support/mailbox';
import { teamSeat } from './support/team';
import type { World } from './support/world';

// Fan lists (docs/lists.md): keeping lists, a custom list's members, list tabs of the inbox, and who
// may do what. Smart rules: lists-rules.test.ts; broadcast audiences: lists-broadcasts.test.ts.

const it = apiTest().extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

describe('keeping lists', () => {
  it('creates, lists oldest first, renames and deletes a list', async ({ w, call }) => {
    const { creator } = await creatorWithFans(w, 1);
    const token = creator.token;
    const vip = await createList(w, token, { name: '  Best fans ', kind: 'custom' });
    expect(vip).toMatchObject({ name: 'Best fans', kind: 'custom', rule: null, count: 0 });
    const smart = await createList(w, token, {
      name: 'Big spenders',
      kind: 'smart',
      rule: { spent_min: 50 },
    });
    expect(smart).toMatchObject({ kind: 'smart', rule: { spent_min: 50 }, count: 0 });
    const all = await call('GET', '/v1/lists', { token });
    expect(all.body.data.map((l: { name: string }) => l.name)).toEqual(['Best fans', 'Big spenders']);

    const renamed = await call('PATCH', `/v1/lists/${vip._id}`, { token, body: { name: 'Favourites' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ _id: vip._id, name: 'Favourites' });
    const ruled = await call('PATCH', `/v1/lists/${smart._id}`, {
      token,
      body: { rule: { follower: true } },
    });
    // A new rule replaces the old one whole.
    expect(ruled.body.rule).toEqual({ follower: true });

    expect((await call('DELETE', `/v1/lists/${vip._id}`, { token })).status).toBe(204);
    expect([...(await listsById(w, token)).keys()]).toEqual([smart._id]);
    expect((await call('DELETE', `/v1/lists/${vip._id}`, { token })).status).toBe(404);
  });

  it('refuses a name already taken in any case, and more than the most lists', async ({ w, call }) => {
    const creator = await w.creator();
    const token = creator.token;
    const first = await createList(w, token, { name: 'VIP', kind: 'custom' });
    const taken = await call('POST', '/v1/lists', { token, body: { name: 'vip', kind: 'custom' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(LIST_MESSAGES.nameTaken);
    const other = await createList(w, token, { name: 'Other', kind: 'custom' });
    const rename = await call('PATCH', `/v1/lists/${other._id}`, { token, body: { name: 'Vip' } });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe(LIST_MESSAGES.nameTaken);
    // The same name in another case is the list itself: allowed.
    const own = await call('PATCH', `/v1/lists/${first._id}`, { token, body: { name: 'Vip' } });
    expect(own.status).toBe(200);
    // Another creator may use the name.
    await createList(w, (await w.creator()).token, { name: 'VIP', kind: 'custom' });

    await fillLists(w, token, LISTS_MAX - 2);
    const tooMany = await call('POST', '/v1/lists', { token, body: { name: 'One more', kind: 'custom' } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(LIST_MESSAGES.tooMany);
    expect((await listsById(w, token)).size).toBe(LISTS_MAX);
  });

  it.for([
    [{ name: '   ', kind: 'custom' }, LIST_MESSAGES.nameRequired],
    [{ name: 'Rules', kind: 'smart' }, LIST_MESSAGES.ruleRequired],
    [{ name: 'Rules', kind: 'smart', rule: {} }, LIST_MESSAGES.ruleRequired],
    [{ name: 'Rules', kind: 'custom', rule: { follower: true } }, LIST_MESSAGES.customHasNoRule],
    [{ name: 'Rules', kind: 'smart', rule: { spent_days: 30 } }, LIST_MESSAGES.spentDaysNeedsMin],
    [{ name: 'Rules', kind: 'smart', rule: { sparkles: true } }, 'sparkles'],
    [{ name: 'Rules', kind: 'smart', rule: { spent_min: 10, spent_days: 0 } }, 'at least 1 day'],
    [{ name: 'Rules', kind: 'smart', rule: { never_bought: false } }, ''],
    [{ name: 'Rules', kind: 'smart', rule: { bought_media_id: '999999999' } }, 'Media not found'],
    [{ name: 'Rules', kind: 'mixed' }, ''],
  ] as const)('refuses %j with a 400 that says why', async ([body, message], { w, call }) => {
    const creator = await w.creator();
    const res = await call('POST', '/v1/lists', { token: creator.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await listsById(w, creator.token)).size).toBe(0);
  });

  it('refuses a rule on a custom list and an empty rule on a smart one when changed', async ({ w, call }) => {
    const creator = await w.creator();
    const token = creator.token;
    const custom = await createList(w, token, { name: 'Mine', kind: 'custom' });
    const smart = await createList(w, token, { name: 'Ruled', kind: 'smart', rule: { follower: true } });
    const onCustom = await call('PATCH', `/v1/lists/${custom._id}`, {
      token,
      body: { rule: { follower: true } },
    });
    expect(onCustom.status).toBe(400);
    expect(onCustom.body.message).toBe(LIST_MESSAGES.customHasNoRule);
    const empty = await call('PATCH', `/v1/lists/${smart._id}`, { token, body: { rule: {} } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(LIST_MESSAGES.ruleRequired);
    expect((await listsById(w, token)).get(smart._id)).toMatchObject({ name: 'Ruled' });
  });
});

/** Fills the creator's lists up with `n` more custom ones. */
async function fillLists(w: World, token: string, n: number) {
  for (let i = 0; i < n; i++) await createList(w, token, { name: `List ${i}`, kind: 'custom' });
}

describe('a custom list', () => {
  it('adds fans with a chat once, leaves others out, removes them, and its tab shows them', async ({
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 3);
    const [a, b, c] = fans as [(typeof fans)[0], (typeof fans)[0], (typeof fans)[0]];
    const stranger = await w.fan();
    const token = creator.token;
    const list = await createList(w, token, { name: 'Regulars', kind: 'custom' });

    const added = await addMembers(w, token, list._id, [a.user._id, b.user._id, stranger.user._id, 'nope']);
    expect(added).toEqual({ changed: 2, count: 2 });
    // Adding again changes nothing: the same fans stay on it once.
    expect(await addMembers(w, token, list._id, [a.user._id, b.user._id])).toEqual({ changed: 0, count: 2 });
    await expectListHolds(w, token, list._id, [a, b]);
    // A fan without a chat with the creator is not on it whatever was asked.
    expect((await listsById(w, token, stranger.user._id)).get(list._id)?.includes).toBe(false);

    const removed = await call('DELETE', `/v1/lists/${list._id}/members?ids=${a.user._id},${c.user._id}`, {
      token,
    });
    expect(removed.body).toEqual({ changed: 1, count: 1 });
    await expectListHolds(w, token, list._id, [b]);
    const lists = await listsById(w, token, b.user._id);
    expect(lists.get(list._id)).toMatchObject({ includes: true, count: 1 });
    expect((await listsById(w, token, a.user._id)).get(list._id)?.includes).toBe(false);

    const none = await call('POST', `/v1/lists/${list._id}/members`, { token, body: { ids: [] } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(LIST_MESSAGES.noFans);
  });

  it('keeps its fans off and on the tab with the inbox: a hidden chat leaves the tab and the count', async ({
    w,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 2);
    const [a, b] = fans as [(typeof fans)[0], (typeof fans)[0]];
    const list = await createList(w, creator.token, { name: 'Two', kind: 'custom' });
    await addMembers(w, creator.token, list._id, [a.user._id, b.user._id]);
    const hide = await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'hide', ids: a.user._id },
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    await expectListHolds(w, creator.token, list._id, [b]);
    // Still on the list: the conversation's header says so.
    expect((await listsById(w, creator.token, a.user._id)).get(list._id)?.includes).toBe(true);
  });

  it('pages its tab across pages with next links, in inbox order, with search and type too', async ({
    w,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 7);
    const outside = await fanOf(w, creator);
    const list = await createList(w, creator.token, { name: 'Seven', kind: 'custom' });
    await addMembers(
      w,
      creator.token,
      list._id,
      fans.map((f) => f.user._id),
    );
    const tab = await listTab(w, creator.token, list._id, 3);
    // Newest message first: the fans wrote in turn.
    expect(tab.ids).toEqual(fans.map((f) => f.user._id).reverse());
    expect(tab.pages).toBe(3);
    expect(tab.ids).not.toContain(outside.user._id);
    const one = fans[2] as (typeof fans)[0];
    const searched = await listTab(w, creator.token, list._id, 3, `&search=${one.user.username}`);
    expect(searched.ids).toEqual([one.user._id]);
    const unreplied = await listTab(w, creator.token, list._id, 3, '&type=unreplied');
    expect(unreplied.ids.length).toBe(7);
    const favorites = await listTab(w, creator.token, list._id, 3, '&type=favorites');
    expect(favorites.ids).toEqual([]);
  });

  it('takes no members by hand on a smart list', async ({ w, call }) => {
    const { creator, fans } = await creatorWithFans(w, 1);
    const smart = await createList(w, creator.token, {
      name: 'Ruled',
      kind: 'smart',
      rule: { follower: true },
    });
    const fan = (fans[0] as (typeof fans)[0]).user._id;
    for (const res of [
      await call('POST', `/v1/lists/${smart._id}/members`, { token: creator.token, body: { ids: [fan] } }),
      await call('DELETE', `/v1/lists/${smart._id}/members?ids=${fan}`, { token: creator.token }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(LIST_MESSAGES.smartMembers);
    }
  });
});

describe('whose lists', () => {
  it("answers another creator's list as not found everywhere", async ({ w, call }) => {
    const { creator, fans } = await creatorWithFans(w, 1);
    const fan = (fans[0] as (typeof fans)[0]).user._id;
    const other = await w.creator();
    const theirs = await createList(w, other.token, { name: 'Theirs', kind: 'custom' });
    const token = creator.token;
    const id = theirs._id;
    for (const res of [
      await w.api.request('GET', `/v1/chats?list=${id}`, { token }),
      await w.api.request('GET', '/v1/chats?list=not-a-list', { token }),
      await call('PATCH', `/v1/lists/${id}`, { token, body: { name: 'Mine now' } }),
      await call('DELETE', `/v1/lists/${id}`, { token }),
      await call('POST', `/v1/lists/${id}/members`, { token, body: { ids: [fan] } }),
      await call('DELETE', `/v1/lists/${id}/members?ids=${fan}`, { token }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.message).toBe(LIST_MESSAGES.notFound);
    }
    expect((await listsById(w, other.token)).get(id)).toMatchObject({ name: 'Theirs', count: 0 });
  });

  it('refuses a fan every list call with 403', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const list = await createList(w, creator.token, { name: 'Theirs', kind: 'custom' });
    for (const res of [
      await call('GET', '/v1/lists', { token: fan.token }),
      await call('POST', '/v1/lists', { token: fan.token, body: { name: 'Mine', kind: 'custom' } }),
      await call('PATCH', `/v1/lists/${list._id}`, { token: fan.token, body: { name: 'x' } }),
      await call('DELETE', `/v1/lists/${list._id}`, { token: fan.token }),
      await call('POST', `/v1/lists/${list._id}/members`, {
        token: fan.token,
        body: { ids: [fan.user._id] },
      }),
      await w.api.request('GET', `/v1/chats?list=${list._id}`, { token: fan.token }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toBe(LIST_MESSAGES.creatorsOnly);
    }
  });

  it("lets a seat with chats keep and open the creator's lists; a seat without is refused", async ({
    w,
    mail,
    call,
  }) => {
    const { creator, fans } = await creatorWithFans(w, 2);
    const [a] = fans as [(typeof fans)[0]];
    const { seat } = await teamSeat(w, mail, creator, ['chats']);
    const list = await createList(w, seat, { name: 'By the team', kind: 'custom' });
    await addMembers(w, seat, list._id, [a.user._id]);
    // The creator sees what her team made, and the seat sees her lists.
    await expectListHolds(w, creator.token, list._id, [a]);
    await expectListHolds(w, seat, list._id, [a]);
    const { seat: vaultOnly } = await teamSeat(w, mail, creator, ['vault']);
    const refused = await call('GET', '/v1/lists', { token: vaultOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('team_permission');
  });
});
