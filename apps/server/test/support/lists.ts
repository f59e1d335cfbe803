import { expect } from 'vitest';
import type { World } from './world';

// What the fan lists' API tests share: fans in a creator's inbox, lists, and a list tab read to its end.

export type Account = Awaited<ReturnType<World['creator']>>;

/** A creator with `n` fans, each of whom wrote to them once. */
export async function creatorWithFans(w: World, n: number) {
  const creator = await w.creator();
  const fans: Account[] = [];
  for (let i = 0; i < n; i++) fans.push(await fanOf(w, creator));
  return { creator, fans };
}

/** A new fan who wrote to the creator. */
export async function fanOf(w: World, creator: Account, text = 'hi') {
  const fan = await w.fan();
  const res = await w.send(fan.token, creator.user._id, text);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return fan;
}

export async function createList(w: World, token: string, body: Record<string, unknown>) {
  const res = await w.api.call('POST', '/v1/lists', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; name: string; count: number; rule: Record<string, unknown> | null };
}

export async function addMembers(w: World, token: string, listId: string, ids: string[]) {
  const res = await w.api.call('POST', `/v1/lists/${listId}/members`, { token, body: { ids } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { changed: number; count: number };
}

/** My lists by id, as GET /v1/lists answers them (with `includes` for the fan `memberId`). */
export async function listsById(w: World, token: string, memberId?: string) {
  const res = await (memberId === undefined
    ? w.api.call('GET', '/v1/lists', { token })
    : w.api.call('GET', `/v1/lists?member_id=${memberId}`, { token }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as { _id: string; name: string; count: number; includes?: boolean }[];
  return new Map(data.map((l) => [l._id, l]));
}

/**
 * Every chat of a list tab, in order, following each page's `next` link (`after=` pagination) as
 * the web client does: the other users' ids and how many pages it took.
 */
export async function listTab(w: World, token: string, listId: string, limit = 20, extra = '') {
  const ids: string[] = [];
  let pages = 0;
  let path: string | null = `/v1/chats?v=2&limit=${limit}&list=${listId}${extra}`;
  while (path) {
    const res = await w.api.request('GET', path, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...(res.body.data as { other_user: { _id: string } }[]).map((c) => c.other_user._id));
    pages++;
    path = res.body.next as string | null;
    expect(pages).toBeLessThan(100);
  }
  return { ids, pages };
}

/** The list's count and its tab's chats agree, and the tab holds exactly `expected` (in any order). */
export async function expectListHolds(w: World, token: string, listId: string, expected: Account[]) {
  const tab = await listTab(w, token, listId);
  expect(new Set(tab.ids)).toEqual(new Set(expected.map((f) => f.user._id)));
  expect(tab.ids.length).toBe(expected.length);
  expect((await listsById(w, token)).get(listId)?.count).toBe(expected.length);
}
