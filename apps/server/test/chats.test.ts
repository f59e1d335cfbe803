import { ERRORS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { balances, creatorShare } from './support/balances';

const it = apiTest();

describe('opening a chat', () => {
  it('opens a chat between a fan and a creator, once, and both can read it', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const first = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(first.status).toBe(200);
    expect(first.body.recipient_id).toBe(creator.user._id);
    expect(first.body.other_user.username).toBe(creator.user.username);
    const again = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(again.body.chat_id).toBe(first.body.chat_id);
    const theirs = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.chat_id).toBe(first.body.chat_id);
  });

  it('answers the spec messages for own user, unknown users, two fans and missing chats', async ({
    w,
    call,
  }) => {
    const fan = await w.fan();
    const other = await w.fan();
    const own = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: fan.user._id },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(ERRORS.ownChat);
    const unknown = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ERRORS.userNotFound);
    const junk = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: "1' OR 1=1" },
    });
    expect(junk.status).toBe(404);
    const fans = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: other.user._id },
    });
    expect(fans.status).toBe(403);
    expect(fans.body.message).toBe(ERRORS.cannotCreateChat);
    const missing = await call('GET', `/v1/chat?recipient_id=${other.user._id}`, { token: fan.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ERRORS.chatNotFound);
    expect((await call('POST', '/v1/chat', { body: { recipient_id: other.user._id } })).status).toBe(401);
  });

  it('refuses to open or write in a chat where either side blocked the other', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const block = await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'block', ids: fan.user._id },
    });
    expect(block.body).toEqual({ action: 'block', updated: 1 });
    const send = await w.send(fan.token, creator.user._id, 'hello?');
    expect(send.status).toBe(403);
    expect(send.body.message).toBe(ERRORS.userEndedChat);
    await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'unblock', ids: fan.user._id },
    });
    expect((await w.send(fan.token, creator.user._id, 'hello again')).status).toBe(200);
  });
});

describe('bulk actions', () => {
  it('hides everything but the exceptions in select-all mode, and a new message brings a chat back', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    const res = await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'hide', except_ids: fans[0]!.user._id, type: 'all' },
    });
    expect(res.body).toEqual({ action: 'hide', updated: 2, hidden_at: expect.any(String) });
    const list = await call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(list.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([fans[0]!.user._id]);
    await w.send(fans[2]!.token, creator.user._id, 'still there?');
    const back = await call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(back.body.data.map((c: { recipient_id: string }) => c.recipient_id)).toEqual([
      fans[2]!.user._id,
      fans[0]!.user._id,
    ]);
  });

  it('favourites chats by ids and takes them out again, with the favourites tab and count following', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    const act = (action: string, ids: string) =>
      call('PATCH', '/v1/chats', { token: creator.token, body: { action, ids } });
    const favourites = async () => ({
      list: (await call('GET', '/v1/chats?v=2&type=favorites', { token: creator.token })).body.data.map(
        (c: { recipient_id: string; is_favorite: boolean }) => [c.recipient_id, c.is_favorite],
      ),
      count: (await call('GET', '/v1/chats/total', { token: creator.token })).body.favorites,
    });

    expect((await act('favorite', fans.map((f) => f.user._id).join(','))).body.updated).toBe(2);
    expect((await favourites()).count).toBe(2);
    expect((await act('remove_favorite', fans[0]!.user._id)).body).toEqual({
      action: 'remove_favorite',
      updated: 1,
    });
    expect(await favourites()).toEqual({ list: [[fans[1]!.user._id, true]], count: 1 });
  });

  it('deletes history for the deleter only', async ({ w, call }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'first');
    const chat = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'delete', ids: fan.user._id },
    });
    const mine = await call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: creator.token });
    expect(mine.body.data).toEqual([]);
    const theirs = await call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: fan.token });
    expect(theirs.body.data.map((m: { text: string }) => m.text)).toEqual(['first']);
  });

  it('marks chats read, reports users, and refuses malformed requests', async ({ server, w, call }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'one');
    await w.send(fan.token, creator.user._id, 'two');
    const read = await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'read', ids: fan.user._id },
    });
    expect(read.body.updated).toBe(1);
    const chat = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
    const msgs = await call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: fan.token });
    expect(msgs.status, JSON.stringify(msgs.body)).toBe(200);
    expect(msgs.body.data.every((m: { is_read: boolean }) => m.is_read)).toBe(true);
    const report = await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'report', ids: fan.user._id, reason: 'spam' },
    });
    expect(report.body.updated).toBe(1);
    const reports = await server.app.ctx.db
      .selectFrom('user_reports')
      .selectAll()
      .where('reported_id', '=', fan.user._id)
      .execute();
    expect(reports.length).toBe(1);
    const patch = (body: unknown) => call('PATCH', '/v1/chats', { token: creator.token, body });
    // A report without a reason is refused, and records nothing.
    for (const reason of [undefined, '', '   ']) {
      const bare = await patch({
        action: 'report',
        ids: fan.user._id,
        ...(reason === undefined ? {} : { reason }),
      });
      expect(bare.status).toBe(400);
      expect(bare.body.message).toBe('Choose a reason for your report.');
    }
    const still = await server.app.ctx.db
      .selectFrom('user_reports')
      .select('id')
      .where('reported_id', '=', fan.user._id)
      .execute();
    expect(still.length).toBe(1);
    expect((await patch({ action: 'explode', ids: fan.user._id })).status).toBe(400);
    expect((await patch({ action: 'hide' })).status).toBe(400);
    expect((await patch({ action: 'hide', ids: '' })).status).toBe(400);
    expect((await patch({ action: 'hide', ids: 'a', except_ids: 'b' })).status).toBe(400);
  });

  it("cannot touch another user's chats through ids", async ({ w, call }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    const stranger = await w.fan();
    await w.send(fan.token, creator.user._id, 'private');
    const res = await call('PATCH', '/v1/chats', {
      token: stranger.token,
      body: { action: 'delete', ids: `${fan.user._id},${creator.user._id}` },
    });
    expect(res.body.updated).toBe(0);
    const list = await call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(list.body.data.length).toBe(1);
  });
});

describe('rates and notes', () => {
  it('charges a fan the rate per message through the ledger and refuses when the balance is short', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.giveCredits(fan.user._id, 12);
    await w.openChat(fan.token, creator.user._id);
    const rate = await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 5 },
    });
    expect(rate.status).toBe(200);
    expect((await w.send(fan.token, creator.user._id, 'one')).body.credits).toBe(7);
    expect((await w.send(fan.token, creator.user._id, 'two')).body.credits).toBe(2);
    const short = await w.send(fan.token, creator.user._id, 'three');
    expect(short.status).toBe(402);
    expect(short.body.message).toBe(ERRORS.balanceTooLow);
    const db = server.app.ctx.db;
    expect((await balances(db, creator.user._id)).earnings).toBe(2 * creatorShare(5));
    // The creator replies for free.
    expect((await w.send(creator.token, fan.user._id, 'thanks')).status).toBe(200);
    const fanRate = await call('POST', '/v1/chats/change-rate', {
      token: fan.token,
      body: { user_id: creator.user._id, rate: 0 },
    });
    expect(fanRate.status).toBe(403);
    const bad = await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: -1 },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps notes private to their author', async ({ w, call }) => {
    const creator = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'hi');
    const note = await call('POST', '/v1/chats/note', {
      token: creator.token,
      body: { id: fan.user._id, note: 'Likes travel' },
    });
    expect(note.status).toBe(201);
    const chat = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(chat.body.notes.map((n: { text: string }) => n.text)).toEqual(['Likes travel']);
    const fanView = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, {
      token: fan.token,
    });
    expect(fanView.body.notes).toEqual([]);
    // The inbox list carries them too, for their author only.
    const inbox = await call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(inbox.body.data[0].notes.map((n: { text: string }) => n.text)).toEqual(['Likes travel']);
    const fanInbox = await call('GET', '/v1/chats?v=2', { token: fan.token });
    expect(fanInbox.body.data[0].notes).toEqual([]);
    expect(
      (await call('PATCH', `/v1/notes/${note.body._id}`, { token: fan.token, body: { text: 'x' } })).status,
    ).toBe(404);
    expect((await call('DELETE', `/v1/notes/${note.body._id}`, { token: fan.token })).status).toBe(404);
    const edited = await call('PATCH', `/v1/notes/${note.body._id}`, {
      token: creator.token,
      body: { text: 'Loves travel' },
    });
    expect(edited.body.text).toBe('Loves travel');
    expect((await call('DELETE', `/v1/notes/${note.body._id}`, { token: creator.token })).status).toBe(204);
    expect(
      (
        await call('POST', '/v1/chats/note', {
          token: creator.token,
          body: { id: fan.user._id, note: '   ' },
        })
      ).status,
    ).toBe(400);
  });
});
