import {
  ACCOUNT_MESSAGES,
  SAVED_REPLIES_MAX,
  SAVED_REPLY_MESSAGES,
  type SavedReply,
  TEAM_ERRORS,
} from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { type Account, photo } from './support/feed';
import { mailbox } from './support/mailbox';
import { FULL_URL } from './support/media';
import { teamSeat } from './support/team';
import type { World } from './support/world';

// Saved replies (docs/scheduling.md "Saved replies"): a creator's reusable replies, with her own
// vault media and a price; sending one is an ordinary message.

const it = apiTest().extend('mail', { scope: 'file' }, ({ server }) => mailbox(server));

async function create(w: World, token: string, body: Record<string, unknown>) {
  return w.api.call('POST', '/v1/saved-replies', { token, body });
}

async function listOf(w: World, who: Account | string) {
  const token = typeof who === 'string' ? who : who.token;
  const res = await w.api.call('GET', '/v1/saved-replies', { token });
  expect(res.status).toBe(200);
  return res.body.data as SavedReply[];
}

describe('saved replies', () => {
  it('creates, lists by title, edits and deletes; media is a preview of her own vault item', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const media = await photo(server, creator, '#334455');
    const text = await create(w, creator.token, { title: 'welcome', text: 'Hi {fan}, I am {me}!' });
    expect(text.status, JSON.stringify(text.body)).toBe(201);
    expect(text.body).toMatchObject({
      title: 'welcome',
      text: 'Hi {fan}, I am {me}!',
      media_id: null,
      public_id: null,
      media: null,
      price: 0,
    });
    const paid = await create(w, creator.token, {
      title: 'Beach set',
      text: 'Just for you',
      public_id: media.public_id,
      price: 25,
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ media_id: media.media_id, public_id: media.public_id, price: 25 });
    expect(JSON.stringify(paid.body.media)).toMatch(FULL_URL);
    const byMd5 = await create(w, creator.token, { title: 'another photo', media_id: media.media_id });
    expect(byMd5.body).toMatchObject({ text: null, public_id: media.public_id });
    expect((await listOf(w, creator)).map((r) => r.title)).toEqual(['another photo', 'Beach set', 'welcome']);

    const edited = await w.api.call('PATCH', `/v1/saved-replies/${paid.body._id}`, {
      token: creator.token,
      body: { title: 'Beach set (cheaper)', price: 10 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Beach set (cheaper)', text: 'Just for you', price: 10 });
    expect(edited.body.public_id).toBe(media.public_id);
    const dropped = await w.api.call('PATCH', `/v1/saved-replies/${paid.body._id}`, {
      token: creator.token,
      body: { media_id: null, price: 0 },
    });
    expect(dropped.body).toMatchObject({ media: null, media_id: null, public_id: null, price: 0 });
    const withMedia = await w.api.call('PATCH', `/v1/saved-replies/${text.body._id}`, {
      token: creator.token,
      body: { public_id: media.public_id, text: null },
    });
    expect(withMedia.body).toMatchObject({ text: null, public_id: media.public_id });

    const deleted = await w.api.call('DELETE', `/v1/saved-replies/${byMd5.body._id}`, {
      token: creator.token,
    });
    expect(deleted.status).toBe(204);
    expect((await listOf(w, creator)).map((r) => r._id)).not.toContain(byMd5.body._id);
    const twice = await w.api.call('DELETE', `/v1/saved-replies/${byMd5.body._id}`, { token: creator.token });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(SAVED_REPLY_MESSAGES.notFound);
  });

  it('refuses bad input with the reason, and media that is not her own', async ({ server, w }) => {
    const creator = await w.creator();
    const other = await w.creator();
    const theirs = await photo(server, other, '#556677');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '  ', text: 'hi' }, 400, SAVED_REPLY_MESSAGES.titleRequired],
      [{ title: 'empty', text: '   ' }, 400, SAVED_REPLY_MESSAGES.contentRequired],
      [{ title: 'priced words', text: 'pay me', price: 10 }, 400, SAVED_REPLY_MESSAGES.priceNeedsMedia],
      [{ title: 'x'.repeat(61), text: 'hi' }, 400, 'Titles cannot exceed 60 characters'],
      [{ title: 'not mine', public_id: theirs.public_id }, 404, 'Media not found'],
      [{ title: 'nobody’s', public_id: 'no-such-media' }, 404, 'Media not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(w, creator.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const reply = await create(w, creator.token, { title: 'words', text: 'hello' });
    for (const [body, status, message] of [
      [{ price: 5 }, 400, SAVED_REPLY_MESSAGES.priceNeedsMedia],
      [{ text: null }, 400, SAVED_REPLY_MESSAGES.contentRequired],
      [{ public_id: theirs.public_id }, 404, 'Media not found'],
    ] as const) {
      const res = await w.api.call('PATCH', `/v1/saved-replies/${reply.body._id}`, {
        token: creator.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await listOf(w, creator)).map((r) => r.text)).toEqual(['hello']);
  });

  it(`keeps at most ${SAVED_REPLIES_MAX}, even when several are added at once`, async ({ server, w }) => {
    const creator = await w.creator();
    await server.app.ctx.db
      .insertInto('saved_replies')
      .values(
        Array.from({ length: SAVED_REPLIES_MAX - 2 }, (_, i) => ({
          creator_id: creator.user._id,
          title: `reply ${i}`,
          text: 'hi',
          created_at: new Date(),
        })),
      )
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create(w, creator.token, { title: `at once ${i}`, text: 'hi' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.message).toBe(SAVED_REPLY_MESSAGES.tooMany);
    expect(await listOf(w, creator)).toHaveLength(SAVED_REPLIES_MAX);
    const first = answers.find((a) => a.status === 201);
    await w.api.call('DELETE', `/v1/saved-replies/${first?.body._id}`, { token: creator.token });
    expect((await create(w, creator.token, { title: 'room again', text: 'hi' })).status).toBe(201);
  });

  it('another creator’s reply is not found; fans have none; a seat with `chats` uses hers', async ({
    server,
    w,
    mail,
  }) => {
    const creator = await w.creator();
    const mine = await create(w, creator.token, { title: 'mine', text: 'hello' });
    const stranger = await w.creator();
    for (const res of [
      await w.api.call('PATCH', `/v1/saved-replies/${mine.body._id}`, {
        token: stranger.token,
        body: { title: 'theirs now' },
      }),
      await w.api.call('DELETE', `/v1/saved-replies/${mine.body._id}`, { token: stranger.token }),
      await w.api.call('DELETE', '/v1/saved-replies/not-an-id', { token: creator.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SAVED_REPLY_MESSAGES.notFound);
    }
    expect(await listOf(w, stranger)).toEqual([]);
    expect((await listOf(w, creator)).map((r) => r.title)).toEqual(['mine']);

    const fan = await w.fan();
    for (const res of [
      await w.api.call('GET', '/v1/saved-replies', { token: fan.token }),
      await create(w, fan.token, { title: 'fan', text: 'hi' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ACCOUNT_MESSAGES.creatorsOnly);
    }

    const { seat } = await teamSeat(w, mail, creator, ['chats']);
    expect((await listOf(w, seat)).map((r) => r.title)).toEqual(['mine']);
    const byTeam = await create(w, seat, { title: 'from the team', text: 'hi {fan}' });
    expect(byTeam.status).toBe(201);
    expect((await listOf(w, creator)).map((r) => r.title)).toEqual(['from the team', 'mine']);
    const media = await photo(server, creator, '#778899');
    const priced = await create(w, seat, { title: 'priced', public_id: media.public_id, price: 10 });
    expect(priced.status).toBe(403);
    expect(priced.body.message).toBe(TEAM_ERRORS.permission);
    const { seat: feedOnly } = await teamSeat(w, mail, creator, ['feed']);
    const refused = await w.api.call('GET', '/v1/saved-replies', { token: feedOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('team_permission');
  });
});
