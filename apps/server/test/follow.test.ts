import { ERRORS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const it = apiTest();

const follow = (w: World, token: string, userId: unknown) =>
  w.api.call('POST', '/v1/users/following', { token, body: { user_id: userId } });
const unfollow = (w: World, token: string, userId: string) =>
  w.api.call('DELETE', `/v1/users/following?user_id=${encodeURIComponent(userId)}`, { token });
const following = (w: World, token: string, query = '') =>
  w.api.call('GET', `/v1/users/following${query}`, { token });

describe('follow and unfollow', () => {
  it('are idempotent, answer is_followee and keep the follower count', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    for (let i = 0; i < 2; i++) {
      const res = await follow(w, fan.token, creator.user._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ is_followee: true });
    }
    const [twin1, twin2] = await Promise.all([
      follow(w, fan.token, creator.user._id),
      follow(w, fan.token, creator.user._id),
    ]);
    expect([twin1.status, twin2.status]).toEqual([200, 200]);
    const profile = `/v1/users/${creator.user.username}` as const;
    expect((await call('GET', profile)).body.followers).toBe(1);
    const list = await following(w, fan.token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { _id: string }) => u._id)).toEqual([creator.user._id]);
    expect(list.body.data[0]).toMatchObject({
      username: creator.user.username,
      type: 'featured',
      is_online: false,
    });
    expect(list.body.next).toBeNull();
    for (let i = 0; i < 2; i++) {
      const res = await unfollow(w, fan.token, creator.user._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ is_followee: false });
    }
    expect((await call('GET', profile)).body.followers).toBe(0);
    expect((await following(w, fan.token)).body.data).toEqual([]);
  });

  it('lists whom I follow most recent first, paged', async ({ w, call }) => {
    const fan = await w.fan();
    const creators = [await w.creator(), await w.creator(), await w.creator()];
    for (const c of creators) {
      await follow(w, fan.token, c.user._id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await following(w, fan.token, '?limit=2');
    expect(first.body.data.map((u: { _id: string }) => u._id)).toEqual([
      creators[2]!.user._id,
      creators[1]!.user._id,
    ]);
    expect(first.body.next).toBe('/v1/users/following?offset=2&limit=2');
    const second = await call('GET', first.body.next, { token: fan.token });
    expect(second.body.data.map((u: { _id: string }) => u._id)).toEqual([creators[0]!.user._id]);
  });

  it('is refused across a block either way with the spec message; unfollow still works', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await follow(w, fan.token, creator.user._id);
    await w.openChat(fan.token, creator.user._id);
    await server.app.ctx.db
      .updateTable('chat_members')
      .set({ blocked: true })
      .where('user_id', '=', creator.user._id)
      .where('other_user_id', '=', fan.user._id)
      .execute();
    const res = await follow(w, fan.token, creator.user._id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ERRORS.blocked);
    expect(res.body.message).toBe('Sorry this action is not available because of user or model block');
    // The creator following the fan back is refused too.
    expect((await follow(w, creator.token, fan.user._id)).status).toBe(403);
    expect((await unfollow(w, fan.token, creator.user._id)).body).toEqual({ is_followee: false });
  });

  it('answers 404 for unknown, banned or deleted accounts and 400 for oneself or bad input', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const banned = await w.creator();
    await server.app.ctx.db
      .updateTable('users')
      .set({ banned_at: new Date() })
      .where('id', '=', banned.user._id)
      .execute();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', banned.user._id]) {
      const res = await follow(w, fan.token, id);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe(ERRORS.userNotFound);
      expect((await unfollow(w, fan.token, id)).status).toBe(404);
    }
    const self = await follow(w, fan.token, fan.user._id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot follow yourself.');
    for (const body of [{}, { user_id: 5 }, { user_id: 'x'.repeat(65) }]) {
      const res = await call('POST', '/v1/users/following', { token: fan.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('DELETE', '/v1/users/following', { token: fan.token })).status).toBe(400);
    expect((await following(w, fan.token, '?limit=0')).status).toBe(400);
    expect((await call('POST', '/v1/users/following', { body: { user_id: fan.user._id } })).status).toBe(401);
  });

  it('sends new_fan to the creator the first time a user follows, after the follow is stored', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const socket = await connectSocket(server.url, creator.token);
    try {
      await follow(w, fan.token, creator.user._id);
      const frame = await socket.next('new_fan');
      expect(frame.data).toEqual({
        user_id: fan.user._id,
        username: fan.user.username,
        relationship: 'follower',
      });
      // Stored before it was sent.
      const stored = await server.app.ctx.db
        .selectFrom('follows')
        .select('follower_id')
        .where('followee_id', '=', creator.user._id)
        .execute();
      expect(stored).toHaveLength(1);
      // Following again, or after unfollowing, is not a new fan.
      await follow(w, fan.token, creator.user._id);
      await unfollow(w, fan.token, creator.user._id);
      await follow(w, fan.token, creator.user._id);
      const other = await w.fan();
      await follow(w, other.token, creator.user._id);
      const second = await socket.next('new_fan');
      expect(second.data.user_id).toBe(other.user._id);
      expect(socket.frames.filter((f) => f.event === 'new_fan')).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
