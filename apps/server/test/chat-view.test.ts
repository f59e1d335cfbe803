import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { connectSocket } from './support/socket';

// What a Chat answers besides its list membership: the last-message preview, the intro fields,
// the caller's credits.

const it = apiTest();

describe('the last-message preview', () => {
  it('says the last message was deleted, for both sides', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const sent = await w.send(fan.token, creator.user._id, 'oops');
    const before = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(before.body.last_message).toMatchObject({ text: 'oops', is_deleted: false });
    const del = await call('DELETE', `/v1/messages/${sent.body.message._id}`, { token: fan.token });
    expect(del.status).toBe(200);
    for (const [token, other] of [
      [creator.token, fan.user._id],
      [fan.token, creator.user._id],
    ]) {
      const after = await call('GET', `/v1/chat?recipient_id=${other}`, { token });
      expect(after.body.last_message).toMatchObject({ text: null, is_deleted: true });
    }
  });
});

describe('intro fields', () => {
  const intro = (body: Record<string, unknown>) => ({
    intro_enabled: body.intro_enabled,
    can_intro: body.can_intro,
    is_intro: body.is_intro,
    intro_ended: body.intro_ended,
  });

  it('make a new chat with a creator who has intros on an intro for both sides, until the first message', async ({
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const fanView = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, {
      token: fan.token,
    });
    expect(intro(fanView.body)).toEqual({
      intro_enabled: true,
      can_intro: true,
      is_intro: true,
      intro_ended: false,
    });
    const creatorView = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, {
      token: creator.token,
    });
    expect(intro(creatorView.body)).toEqual({
      intro_enabled: true,
      can_intro: false,
      is_intro: true,
      intro_ended: false,
    });

    await w.send(fan.token, creator.user._id, 'hello, I am new here');
    const after = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
    expect(intro(after.body)).toEqual({
      intro_enabled: true,
      can_intro: false,
      is_intro: false,
      intro_ended: true,
    });
  });

  it('are off when the creator turned intros off', async ({ server, w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await server.app.ctx.db
      .updateTable('users')
      .set({ intro_enabled: false })
      .where('id', '=', creator.user._id)
      .execute();
    await w.openChat(fan.token, creator.user._id);
    const fanView = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, {
      token: fan.token,
    });
    expect(intro(fanView.body)).toEqual({
      intro_enabled: false,
      can_intro: false,
      is_intro: false,
      intro_ended: false,
    });
  });
});

describe('credits on a chat', () => {
  it("carries the asking user's balance wherever a chat is answered", async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.giveCredits(fan.user._id, 120);
    const opened = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    expect(opened.body.credits).toBe(120);
    const one = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
    expect(one.body.credits).toBe(120);
    const list = await call('GET', '/v1/chats?v=2', { token: fan.token });
    expect(list.body.data.map((c: { credits: number }) => c.credits)).toEqual([120]);
    const page = await call('GET', `/v1/chats/${one.body.chat_id}/messages`, { token: fan.token });
    expect(page.body.chat.credits).toBe(120);
    const theirs = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(theirs.body.credits).toBe(0);
  });
});

describe('blocking media', () => {
  it('tells both sides, and the Chat keeps the blocker’s setting', async ({ server, w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const { chat_id } = await w.openChat(fan.token, creator.user._id);
    const fanSocket = await connectSocket(server.url, fan.token);
    const creatorSocket = await connectSocket(server.url, creator.token);
    await Promise.all([fanSocket.next('init'), creatorSocket.next('init')]);
    const patch = (action: string) =>
      call('PATCH', '/v1/chats', { token: fan.token, body: { action, ids: creator.user._id } });

    expect((await patch('block_media')).body).toEqual({ action: 'block_media', updated: 1 });
    const expected = { chat_id, user_id: fan.user._id };
    expect((await creatorSocket.next('block_chat_media')).data).toEqual(expected);
    expect((await fanSocket.next('block_chat_media')).data).toEqual(expected);
    const mine = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
    expect(mine.body.is_media_blocked).toBe(true);
    expect(mine.body.is_media_blocked_by_other).toBe(false);
    // The creator learns it from the chat too, after a reload.
    const theirs = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(theirs.body).toMatchObject({ is_media_blocked: false, is_media_blocked_by_other: true });

    await patch('allow_media');
    expect((await creatorSocket.next('allow_chat_media')).data).toEqual(expected);
    expect((await fanSocket.next('allow_chat_media')).data).toEqual(expected);
    fanSocket.close();
    creatorSocket.close();
  });
});

describe('blocking', () => {
  it('tells the blocked side at once, and the blocker’s other sessions', async ({ server, w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const { chat_id } = await w.openChat(fan.token, creator.user._id);
    const fanSocket = await connectSocket(server.url, fan.token);
    const creatorSocket = await connectSocket(server.url, creator.token);
    await Promise.all([fanSocket.next('init'), creatorSocket.next('init')]);
    const patch = (action: string) =>
      call('PATCH', '/v1/chats', { token: creator.token, body: { action, ids: fan.user._id } });

    expect((await patch('block')).body).toEqual({ action: 'block', updated: 1 });
    const expected = { chat_id, user_id: creator.user._id };
    expect((await fanSocket.next('block_chat')).data).toEqual(expected);
    expect((await creatorSocket.next('block_chat')).data).toEqual(expected);
    const theirs = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
    expect(theirs.body.is_blocked_by_other).toBe(true);

    await patch('unblock');
    expect((await fanSocket.next('unblock_chat')).data).toEqual(expected);
    expect((await creatorSocket.next('unblock_chat')).data).toEqual(expected);
    fanSocket.close();
    creatorSocket.close();
  });
});

describe('reading a page at a time', () => {
  it('takes off the unread count what the loaded pages showed, and the rest when they are loaded', async ({
    w,
    call,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    for (let i = 1; i <= 60; i++) await w.send(fan.token, creator.user._id, `message ${i}`);
    const chat = await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(chat.body.unread_messages).toBe(60);
    const unread = async () =>
      (await call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token })).body
        .unread_messages;
    const read = (from: string) =>
      call('PATCH', '/v1/chats', {
        token: creator.token,
        body: { action: 'read', ids: fan.user._id, from_message_id: from },
      });

    const newest = await call('GET', `/v1/chats/${chat.body.chat_id}/messages`, {
      token: creator.token,
    });
    expect(newest.body.data).toHaveLength(50);
    expect((await read(newest.body.data[0]._id)).body).toEqual({ action: 'read', updated: 1 });
    expect(await unread()).toBe(10);
    const totals = await call('GET', '/v1/chats?v=2', { token: creator.token });
    expect(totals.body.unread_messages).toBe(10);

    // Reading the same page again changes nothing; the older page reads the rest.
    expect((await read(newest.body.data[0]._id)).body.updated).toBe(0);
    const older = await call('GET', newest.body.next, { token: creator.token });
    expect(older.body.data.every((m: { is_read: boolean }) => !m.is_read)).toBe(true);
    await read(older.body.data[0]._id);
    expect(await unread()).toBe(0);
    const all = await call('GET', `/v1/chats/${chat.body.chat_id}/messages`, { token: fan.token });
    expect(all.body.data.every((m: { is_read: boolean }) => m.is_read)).toBe(true);
  });

  it('refuses a malformed message id', async ({ w, call }) => {
    const fan = await w.fan();
    const res = await call('PATCH', '/v1/chats', {
      token: fan.token,
      body: { action: 'read', ids: fan.user._id, from_message_id: 'abc' },
    });
    expect(res.status).toBe(400);
  });
});

describe('presence of chat partners', () => {
  it('says in init whether the online list is complete', async ({ server, w }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const creatorSocket = await connectSocket(server.url, creator.token);
    await creatorSocket.next('init');
    const fanSocket = await connectSocket(server.url, fan.token);
    expect((await fanSocket.next('init')).data).toEqual({
      user_id: fan.user._id,
      online_user_ids: [creator.user._id],
      online_complete: true,
    });
    fanSocket.close();
    creatorSocket.close();
  });

  it('answers the online state of chat partners only, up to 100 at a time', async ({ server, w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const stranger = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const creatorSocket = await connectSocket(server.url, creator.token);
    await creatorSocket.next('init');
    const ask = (ids: string) => call('GET', `/v1/chats/presence?ids=${ids}`, { token: fan.token });
    const res = await ask(`${creator.user._id},${stranger.user._id},junk`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { user_id: creator.user._id, is_online: true, last_online: expect.any(String) },
    ]);
    creatorSocket.close();
    await expect
      .poll(async () => (await ask(creator.user._id)).body.data[0].is_online, { timeout: 5000 })
      .toBe(false);

    expect((await ask('')).status).toBe(400);
    expect((await ask(Array.from({ length: 101 }, () => creator.user._id).join(','))).status).toBe(400);
    expect((await call('GET', `/v1/chats/presence?ids=${creator.user._id}`)).status).toBe(401);
  });
});
