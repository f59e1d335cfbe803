import type { FeedPost, Message } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { findLedgerMismatches } from '../src/modules/ledger/service';
import { DEMO_PASSWORD, seedDemo } from '../src/scripts/seed/demo';
import { apiTest } from './support/api-test';

// Seeded once, in a hook: every test reads the demo data, also those that do not ask for logins.
const it = apiTest().extend('logins', { scope: 'file' }, ({ server }) => seedDemo(server.app.ctx));
it.beforeAll(({ logins }) => void logins);

describe('demo data', () => {
  it('offers creators, fans and an admin who can all sign in', async ({ api, logins }) => {
    expect(new Set(logins.map((l) => l.role))).toEqual(new Set(['creator', 'fan', 'admin']));
    for (const login of logins) {
      const res = await api.call('POST', '/v1/auth', {
        body: { login: login.login, password: login.password },
      });
      expect(res.status, login.login).toBe(200);
      expect(res.body.user.avatar_url).toMatch(/^\/v1\/avatars\//);
    }
  });

  it('lists the demo creators in Discover, the one Alex follows marked so', async ({ api }) => {
    const sam = await api.call('POST', '/v1/auth', { body: { login: 'sam', password: DEMO_PASSWORD } });
    const alex = await api.call('POST', '/v1/auth', { body: { login: 'alex', password: DEMO_PASSWORD } });
    const page = await api.call('GET', '/v1/users/discover', { token: sam.body.access_token });
    expect(page.status).toBe(200);
    const names = (page.body.data as { username: string }[]).map((c) => c.username);
    expect(names).toEqual(expect.arrayContaining(['mila', 'sofia', 'luna']));
    expect(names).not.toContain('alex');
    const forAlex = await api.call('GET', '/v1/users/discover?gender=female', {
      token: alex.body.access_token,
    });
    const mila = (forAlex.body.data as { username: string; is_followee: boolean }[]).find(
      (c) => c.username === 'mila',
    );
    expect(mila?.is_followee).toBe(true);
  });

  it('gives fans credits through the ledger, so every balance matches its ledger', async ({ server }) => {
    const db = server.app.ctx.db;
    const alex = await db
      .selectFrom('users')
      .select(['credits'])
      .where('username', '=', 'alex')
      .executeTakeFirstOrThrow();
    expect(alex.credits).toBeGreaterThan(0);
    expect(await findLedgerMismatches(db)).toEqual([]);
  });

  it('shows photos in the chat of Mila and Alex: one free, one locked until Alex buys it', async ({
    server,
    api,
  }) => {
    const signIn = async (login: string) =>
      (await api.call('POST', '/v1/auth', { body: { login, password: DEMO_PASSWORD } })).body as {
        access_token: string;
        user: { _id: string };
      };
    const alex = await signIn('alex');
    const mila = await signIn('mila');
    const chat = await api.call('GET', `/v1/chat?recipient_id=${mila.user._id}`, {
      token: alex.access_token,
    });
    const page = await api.call('GET', `/v1/chats/${chat.body.chat_id}/messages`, {
      token: alex.access_token,
    });
    const photos = (page.body.data as Message[]).filter((m) => m.type === 'image');
    expect(photos).toHaveLength(2);
    const [free, paid] = photos as [Message, Message];

    expect(free.price).toBe(0);
    const file = await fetch(`${server.url}${free.media?.st}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    // Dimensions come along, so the bubble reserves its box before the picture loads.
    expect(free.media?.height).toBeGreaterThan(free.media?.width ?? Infinity);

    expect(paid.price).toBeGreaterThan(0);
    expect(paid.is_paid).toBe(false);
    expect(paid.media).toMatchObject({ th: null, st: null, sr: null, rt: null, media_id: null });
    expect((await fetch(`${server.url}${paid.media?.blur}`)).status).toBe(200);

    const bought = await api.call('PATCH', `/v1/messages/${paid._id}/buy`, { token: alex.access_token });
    expect(bought.status).toBe(200);
    expect(bought.body.message.media.st).toMatch(/^\/v1\/media\/files\//);
  });

  it('fills Mila’s vault with photos that have every variant', async ({ server, api }) => {
    const mila = await api.call('POST', '/v1/auth', { body: { login: 'mila', password: DEMO_PASSWORD } });
    const vault = await api.call('GET', '/v1/media', { token: mila.body.access_token });
    expect(vault.body.data.length).toBeGreaterThanOrEqual(4);
    for (const item of vault.body.data) {
      expect(item.type).toBe('image');
      for (const variant of ['th', 'st', 'sr', 'rt', 'blur']) expect(item[variant], variant).toBeTruthy();
    }
    const th = await fetch(`${server.url}${vault.body.data[0].th}`);
    expect(th.status).toBe(200);
  });

  it('has chats with messages', async ({ server }) => {
    const db = server.app.ctx.db;
    const chats = await db.selectFrom('chats').select('id').execute();
    const messages = await db.selectFrom('messages').select('id').execute();
    expect(chats.length).toBeGreaterThanOrEqual(3);
    expect(messages.length).toBeGreaterThanOrEqual(10);
  });

  it('gives every demo creator a public, a private and a paid post, locked for a fan who has not paid', async ({
    server,
    api,
  }) => {
    const alex = await api.call('POST', '/v1/auth', { body: { login: 'alex', password: DEMO_PASSWORD } });
    for (const username of ['mila', 'sofia', 'luna']) {
      const creator = await server.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const page = await api.call('GET', `/v1/feed?model_id=${creator.id}`, {
        token: alex.body.access_token,
      });
      expect(page.status).toBe(200);
      const posts = page.body.data as FeedPost[];
      expect(posts, username).toHaveLength(3);
      const pub = posts.find((p) => !p.private_feed && p.price === 0);
      const priv = posts.find((p) => p.private_feed);
      const paid = posts.find((p) => p.price > 0);
      expect(pub).toMatchObject({ locked: false, type: 'image' });
      expect(pub?.media?.st).toMatch(/^\/v1\/media\/files\//);
      expect(priv).toMatchObject({ locked: true, media: { st: null, rt: null } });
      expect(paid).toMatchObject({ locked: true, is_paid: false, media: { st: null, rt: null } });
    }
  });
});
