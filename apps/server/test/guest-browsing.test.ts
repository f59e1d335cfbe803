import type { Updateable } from 'kysely';
import { describe, expect } from 'vitest';
import type { UsersTable } from '../src/db/schema';
import { apiTest } from './support/api-test';
import { creatorWithPosts } from './support/feed';
import { BLUR_URL, FULL_URL } from './support/media';
import type { TestServer } from './support/server';

// A signed-out visitor browses Discover and creators' pages: public fields only, and never a URL
// of a paid or private photo (docs/decisions.md, "Guests browse Discover and creator pages").

const it = apiTest();

let counter = 0;
const newTag = () => `g${Date.now().toString(36)}${++counter}`;

async function set(server: TestServer, userId: string, state: Updateable<UsersTable>) {
  await server.app.ctx.db.updateTable('users').set(state).where('id', '=', userId).execute();
}

type Post = {
  _id: string;
  locked: boolean;
  text: string | null;
  media: Record<string, string | null> | null;
};

describe('a signed-out visitor', () => {
  it('sees Discover cards without moderation marks, and paid posts only blurred', async ({
    server,
    w,
    call,
  }) => {
    const tag = newTag();
    const { creator, pub, priv, paid } = await creatorWithPosts(w, server);
    await set(server, creator.user._id, {
      discover_status: 'featured',
      code_used: tag,
      punishment_alert: true,
    });

    const res = await call('GET', `/v1/users/discover?code_used=${tag}`);
    expect(res.status).toBe(200);
    const [card] = res.body.data;
    expect(card).toMatchObject({
      _id: creator.user._id,
      username: creator.user.username,
      is_followee: false,
      punishment_alert: false,
      final_punishment_alert: false,
    });
    expect(res.body.warnings).toEqual({
      punishment_alert: false,
      final_punishment_alert: false,
      not_listed: false,
    });
    const feed = card.profileFeed as Post[];
    // Private posts stay off the card; the paid one shows its blurred preview and nothing else.
    expect(feed.map((p) => p._id)).not.toContain(priv._id);
    const paidItem = feed.find((p) => p._id === paid._id);
    expect(paidItem).toMatchObject({ locked: true });
    expect(paidItem?.media?.blur).toMatch(BLUR_URL);
    expect(JSON.stringify(paidItem)).not.toMatch(FULL_URL);
    expect(feed.find((p) => p._id === pub._id)).toMatchObject({ locked: false });

    // A fan signed in still sees the mark on the same card: the server tells who asks.
    const fan = await w.fan();
    const signedIn = await call('GET', `/v1/users/discover?code_used=${tag}`, { token: fan.token });
    expect(signedIn.body.data[0]).toMatchObject({ punishment_alert: true });
  });

  it("reads a creator's page and posts as a stranger: private and paid posts locked, no full-size URL", async ({
    server,
    w,
    call,
  }) => {
    const { creator, pub, priv, paid } = await creatorWithPosts(w, server);
    const profile = await call('GET', `/v1/users/${creator.user.username}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ is_followee: false, is_subscribed: false, posts: 3 });
    expect(profile.body).not.toHaveProperty('email');
    expect(profile.body).not.toHaveProperty('credits');

    const page = await call('GET', `/v1/feed?model_id=${creator.user._id}`);
    expect(page.status).toBe(200);
    expect(page.body.is_subscribed).toBe(false);
    const posts = new Map((page.body.data as Post[]).map((p) => [p._id, p]));
    expect(posts.get(pub._id)).toMatchObject({ locked: false, text: 'hello all' });
    expect(posts.get(priv._id)).toMatchObject({ locked: true, text: null });
    expect(posts.get(paid._id)).toMatchObject({ locked: true });
    for (const locked of [posts.get(priv._id), posts.get(paid._id)]) {
      expect(locked?.media?.blur).toMatch(BLUR_URL);
      expect(JSON.stringify(locked)).not.toMatch(FULL_URL);
    }
  });

  it('is refused what needs an account: the home feed, chats, follow, buying a post', async ({
    server,
    w,
    call,
  }) => {
    const { creator, paid } = await creatorWithPosts(w, server);
    expect((await call('GET', '/v1/feed')).status).toBe(401);
    expect((await call('GET', '/v1/chats')).status).toBe(401);
    expect((await call('POST', '/v1/users/following', { body: { user_id: creator.user._id } })).status).toBe(
      401,
    );
    expect((await call('PATCH', `/v1/feed/${paid._id}/buy`)).status).toBe(401);
    expect((await call('POST', '/v1/chat', { body: { recipient_id: creator.user._id } })).status).toBe(401);
  });
});
