import type { Updateable } from 'kysely';
import { describe, expect } from 'vitest';
import type { UsersTable } from '../src/db/schema';
import { DISCOVER_RANK_JOB } from '../src/modules/discover/service';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';
import type { World } from './support/world';

const it = apiTest();

let tagCounter = 0;
/** A code no other test's accounts carry: filtering by it isolates a test's creators. */
const newTag = () => `d${Date.now().toString(36)}${++tagCounter}`;

async function set(server: TestServer, userId: string, state: Updateable<UsersTable>) {
  await server.app.ctx.db.updateTable('users').set(state).where('id', '=', userId).execute();
}

/** A creator listed in Discover (featured, approved), under `tag`. */
async function listedCreator(w: World, server: TestServer, tag: string, state: Updateable<UsersTable> = {}) {
  const c = await w.creator();
  await set(server, c.user._id, { discover_status: 'featured', code_used: tag, ...state });
  return c;
}

async function discover(w: World, token: string, query: Record<string, string>) {
  const res = await w.api.call('GET', `/v1/users/discover?${new URLSearchParams(query)}`, { token });
  return res;
}

async function names(w: World, token: string, query: Record<string, string>) {
  const res = await discover(w, token, query);
  expect(res.status).toBe(200);
  return (res.body.data as { username: string }[]).map((c) => c.username);
}

describe('GET /v1/users/discover', () => {
  it('answers cards in the contract DiscoverPage shape, ordered by rank then most recently online', async ({
    server,
    w,
  }) => {
    const tag = newTag();
    const fan = await w.fan();
    const now = Date.now();
    const low = await listedCreator(w, server, tag, { rank: 1, last_online: new Date(now - 1000) });
    const highOld = await listedCreator(w, server, tag, { rank: 5, last_online: new Date(now - 3_600_000) });
    const highNew = await listedCreator(w, server, tag, {
      rank: 5,
      last_online: new Date(now - 10_000),
      online: true,
      tags: ['yoga'],
      bio: 'Hello',
      gender: 'female',
      punishment_alert: true,
    });
    const res = await discover(w, fan.token, { code_used: tag });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { _id: string }) => c._id)).toEqual([
      highNew.user._id,
      highOld.user._id,
      low.user._id,
    ]);
    expect(res.body.data[0]).toEqual({
      _id: highNew.user._id,
      type: 'featured',
      username: highNew.user.username,
      avatar: null,
      bio: 'Hello',
      tags: ['yoga'],
      gender: 'female',
      is_followee: false,
      is_online: true,
      last_online: new Date(now - 10_000).toISOString(),
      rank: 5,
      punishment_alert: true,
      final_punishment_alert: false,
      distance_km: null,
      profileFeed: [],
    });
    expect(res.body.data[1].is_online).toBe(false);
    expect(res.body.next).toBeNull();
    expect(res.body.warnings).toEqual({
      punishment_alert: false,
      final_punishment_alert: false,
      not_listed: false,
    });
  });

  it("answers the discover warnings: a creator's own penalty flags, and not_listed while her card is not shown", async ({
    server,
    w,
  }) => {
    const tag = newTag();
    const creator = await listedCreator(w, server, tag, { punishment_alert: true });
    const listed = await discover(w, creator.token, { code_used: tag });
    expect(listed.status).toBe(200);
    expect(listed.body.warnings).toEqual({
      punishment_alert: true,
      final_punishment_alert: false,
      not_listed: false,
    });
    await set(server, creator.user._id, { profile_invisible: true, final_punishment_alert: true });
    const hidden = await discover(w, creator.token, { code_used: tag });
    expect(hidden.body.warnings).toEqual({
      punishment_alert: true,
      final_punishment_alert: true,
      not_listed: true,
    });
    await set(server, creator.user._id, { profile_invisible: false, discover_status: 'hidden' });
    expect((await discover(w, creator.token, { code_used: tag })).body.warnings.not_listed).toBe(true);
    await set(server, creator.user._id, { force_discover: true });
    expect((await discover(w, creator.token, { code_used: tag })).body.warnings.not_listed).toBe(false);
  });

  it("carries the creator's newest public posts on the card, a paid one locked without its media URLs", async ({
    server,
    w,
    call,
  }) => {
    const tag = newTag();
    const fan = await w.fan();
    const creator = await listedCreator(w, server, tag);
    const postless = await listedCreator(w, server, tag, { rank: -1 });
    const post = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/v1/feed', { token: creator.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body._id as string;
    };
    const photo = async (colour: string) => {
      const res = await upload(server.url, creator.token, await photoWithGps(400, 300, colour));
      expect(res.status).toBe(200);
      return res.body.media.public_id as string;
    };
    await post({ text: 'the oldest, past the three newest' });
    const free = await post({ text: 'free to see', public_id: await photo('#102030') });
    await post({ text: 'for subscribers', private_feed: true });
    const paid = await post({ text: 'buy me', public_id: await photo('#304050'), price: 30 });
    const deleted = await post({ text: 'taken back' });
    expect((await call('DELETE', `/v1/feed/${deleted}`, { token: creator.token })).status).toBe(200);
    const newest = await post({ text: 'newest' });

    const res = await discover(w, fan.token, { code_used: tag });
    expect(res.status).toBe(200);
    const [card, other] = res.body.data;
    expect([card._id, other._id]).toEqual([creator.user._id, postless.user._id]);
    expect(other.profileFeed).toEqual([]);
    const feed = card.profileFeed;
    expect(feed.map((p: { _id: string }) => p._id)).toEqual([newest, paid, free]);
    const [, locked, open] = feed;
    expect(locked).toMatchObject({ text: 'buy me', price: 30, locked: true, private_feed: false });
    expect(locked.media).toMatchObject({
      th: null,
      st: null,
      sr: null,
      rt: null,
      video_url: null,
      media_id: null,
    });
    expect(locked.media.blur).toMatch(/\/blur\?/);
    expect(open).toMatchObject({ text: 'free to see', locked: false, model: { _id: creator.user._id } });
    expect(open.media.th).toMatch(/\/th\?/);
  });

  it('never lists invisible, banned, frozen, deleted, hidden, blocked accounts, fans or the asker', async ({
    server,
    w,
  }) => {
    const tag = newTag();
    const fan = await w.fan();
    const visible = await listedCreator(w, server, tag);
    const forced = await w.creator();
    await set(server, forced.user._id, { discover_status: 'hidden', force_discover: true, code_used: tag });
    await listedCreator(w, server, tag, { profile_invisible: true });
    await listedCreator(w, server, tag, { banned_at: new Date() });
    await listedCreator(w, server, tag, { frozen_at: new Date() });
    await listedCreator(w, server, tag, { deleted_scheduled: true });
    await listedCreator(w, server, tag, { deleted_at: new Date() });
    await listedCreator(w, server, tag, { discover_status: 'hidden' });
    await listedCreator(w, server, tag, { discover_status: 'denied' });
    const regular = await w.fan();
    await set(server, regular.user._id, { code_used: tag, discover_status: 'featured' });
    // Blocked both ways: the fan blocked one creator, another creator blocked the fan.
    const blockedByFan = await listedCreator(w, server, tag);
    const blockedTheFan = await listedCreator(w, server, tag);
    await w.openChat(fan.token, blockedByFan.user._id);
    await w.openChat(fan.token, blockedTheFan.user._id);
    const db = server.app.ctx.db;
    await db
      .updateTable('chat_members')
      .set({ blocked: true })
      .where('user_id', '=', fan.user._id)
      .where('other_user_id', '=', blockedByFan.user._id)
      .execute();
    await db
      .updateTable('chat_members')
      .set({ blocked: true })
      .where('user_id', '=', blockedTheFan.user._id)
      .where('other_user_id', '=', fan.user._id)
      .execute();
    expect((await names(w, fan.token, { code_used: tag })).sort()).toEqual(
      [visible.user.username, forced.user.username].sort(),
    );
    // A creator never sees herself; the blocks were the fan's only.
    expect((await names(w, visible.token, { code_used: tag })).sort()).toEqual(
      [forced.user.username, blockedByFan.user.username, blockedTheFan.user.username].sort(),
    );
    // featured=false applies the same visibility: a card is always a creator.
    expect((await names(w, fan.token, { code_used: tag, featured: 'false' })).sort()).toEqual(
      [visible.user.username, forced.user.username].sort(),
    );
  });

  it('filters by q over username, bio and tags ignoring case, with LIKE wildcards taken literally', async ({
    server,
    w,
  }) => {
    const tag = newTag();
    const fan = await w.fan();
    const byBio = await listedCreator(w, server, tag, { bio: `I love ${tag}Sunsets` });
    const byTag = await listedCreator(w, server, tag, { tags: ['cats', `${tag}SUNSETS`] });
    await listedCreator(w, server, tag, { bio: 'nothing here' });
    expect((await names(w, fan.token, { code_used: tag, q: `${tag}sunsets` })).sort()).toEqual(
      [byBio.user.username, byTag.user.username].sort(),
    );
    const byName = await names(w, fan.token, { q: byBio.user.username.toUpperCase() });
    expect(byName).toEqual([byBio.user.username]);
    expect(await names(w, fan.token, { code_used: tag, q: '%' })).toEqual([]);
    expect(await names(w, fan.token, { code_used: tag, q: '_' })).toEqual([]);
  });

  it('filters by a comma list of genders, `trans` meaning other', async ({ server, w }) => {
    const tag = newTag();
    const fan = await w.fan();
    const female = await listedCreator(w, server, tag, { gender: 'female' });
    const male = await listedCreator(w, server, tag, { gender: 'male' });
    const other = await listedCreator(w, server, tag, { gender: 'other' });
    const sorted = (xs: string[]) => [...xs].sort();
    expect(await names(w, fan.token, { code_used: tag, gender: 'female' })).toEqual([female.user.username]);
    expect(await names(w, fan.token, { code_used: tag, gender: 'trans' })).toEqual([other.user.username]);
    expect(sorted(await names(w, fan.token, { code_used: tag, gender: 'male,trans' }))).toEqual(
      sorted([male.user.username, other.user.username]),
    );
    expect(await names(w, fan.token, { code_used: tag })).toHaveLength(3);
  });

  it('type=near keeps creators in the country of the asker', async ({ server, w }) => {
    const tag = newTag();
    const fan = await w.fan();
    const fr = await listedCreator(w, server, tag, { country: 'FR' });
    await listedCreator(w, server, tag, { country: 'DE' });
    await listedCreator(w, server, tag);
    // Country unknown: nothing is near.
    expect(await names(w, fan.token, { code_used: tag, type: 'near' })).toEqual([]);
    await set(server, fan.user._id, { country: 'FR' });
    expect(await names(w, fan.token, { code_used: tag, type: 'near' })).toEqual([fr.user.username]);
    expect(await names(w, fan.token, { code_used: tag })).toHaveLength(3);
  });

  it('pages by offset and limit (20 by default) with a next address that continues the filters', async ({
    server,
    w,
    call,
  }) => {
    const tag = newTag();
    const fan = await w.fan();
    for (let i = 0; i < 23; i++) await listedCreator(w, server, tag, { rank: 100 - i, gender: 'female' });
    const first = await discover(w, fan.token, { code_used: tag, gender: 'female' });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.next).toContain('offset=20');
    const second = await call('GET', first.body.next, { token: fan.token });
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(3);
    expect(second.body.next).toBeNull();
    const all = [...first.body.data, ...second.body.data].map((c: { rank: number }) => c.rank);
    expect(all).toEqual(Array.from({ length: 23 }, (_, i) => 100 - i));
    const small = await discover(w, fan.token, { code_used: tag, limit: '5', offset: '5' });
    expect(small.body.data.map((c: { rank: number }) => c.rank)).toEqual([95, 94, 93, 92, 91]);
  });

  it('marks the creators the asker follows', async ({ server, w, call }) => {
    const tag = newTag();
    const fan = await w.fan();
    const followed = await listedCreator(w, server, tag, { rank: 2 });
    await listedCreator(w, server, tag, { rank: 1 });
    expect(
      (
        await call('POST', '/v1/users/following', {
          token: fan.token,
          body: { user_id: followed.user._id },
        })
      ).status,
    ).toBe(200);
    const res = await discover(w, fan.token, { code_used: tag });
    expect(res.body.data.map((c: { is_followee: boolean }) => c.is_followee)).toEqual([true, false]);
  });

  it('the rank job scores followers, earnings, recent activity and penalties', async ({
    server,
    w,
    call,
  }) => {
    const tag = newTag();
    const fan = await w.fan();
    const now = server.app.ctx.clock.now();
    const active = await listedCreator(w, server, tag, { last_online: now, earnings: 1_000 });
    const punished = await listedCreator(w, server, tag, { last_online: now, punishment_alert: true });
    await call('POST', '/v1/users/following', { token: fan.token, body: { user_id: active.user._id } });
    await server.app.ctx.jobs.runNow(DISCOVER_RANK_JOB);
    const res = await discover(w, fan.token, { code_used: tag });
    // 1 follower + 1000/100 earnings + 20 online today; 20 - 100.
    expect(res.body.data.map((c: { _id: string; rank: number }) => [c._id, c.rank])).toEqual([
      [active.user._id, 31],
      [punished.user._id, -80],
    ]);
  });

  it('refuses bad input with a 4xx and a message', async ({ w }) => {
    const fan = await w.fan();
    for (const query of <Record<string, string>[]>[
      { limit: '0' },
      { limit: '21' },
      { offset: '-1' },
      { featured: 'maybe' },
      { gender: 'robot' },
      { type: 'far' },
      { q: 'x'.repeat(65) },
    ]) {
      const res = await discover(w, fan.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('GET /v1/users/{username}', () => {
  it('adds is_followee and the follower count', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const path = `/v1/users/${creator.user.username}` as const;
    const before = await call('GET', path, { token: fan.token });
    expect(before.body).toMatchObject({ is_followee: false, followers: 0 });
    await call('POST', '/v1/users/following', {
      token: fan.token,
      body: { user_id: creator.user._id },
    });
    expect((await call('GET', path, { token: fan.token })).body).toMatchObject({
      is_followee: true,
      followers: 1,
    });
    // A visitor sees the count, never is_followee.
    expect((await call('GET', path)).body).toMatchObject({ is_followee: false, followers: 1 });
  });
});
