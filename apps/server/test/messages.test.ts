import { CONTENT_FLAGGED_MESSAGE, ERRORS, MessagePage, VALIDATION } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { appendMessageSoon } from '../src/modules/messages/repository';
import { apiTest } from './support/api-test';
import type { World } from './support/world';

const it = apiTest();

async function pair(w: World) {
  const fan = await w.fan();
  const creator = await w.creator();
  const chat = await w.openChat(fan.token, creator.user._id);
  return { fan, creator, chatId: chat.chat_id };
}

describe('sending', () => {
  it('stores a text message and answers it with the credits', async ({ w }) => {
    const { fan, creator, chatId } = await pair(w);
    const res = await w.send(fan.token, creator.user._id, '  Hello there  ', {
      clientSideReceiveId: 'c-1',
      sender_id: creator.user._id,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      chat_id: chatId,
      sender_id: fan.user._id,
      recipient_id: creator.user._id,
      text: 'Hello there',
      type: 'text',
      clientSideReceiveId: 'c-1',
      is_read: false,
    });
    expect(res.body.credits).toBe(0);
  });

  it('stores a retried send once, also when the retries race', async ({ w, call }) => {
    const { fan, creator, chatId } = await pair(w);
    await w.giveCredits(fan.user._id, 100);
    await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 3 },
    });
    const sends = await Promise.all(
      Array.from({ length: 8 }, () =>
        w.send(fan.token, creator.user._id, 'only once', { clientSideReceiveId: 'same-id' }),
      ),
    );
    expect(sends.every((s) => s.status === 200)).toBe(true);
    expect(new Set(sends.map((s) => s.body.message._id)).size).toBe(1);
    const page = await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect(page.body.data.filter((m: { text: string }) => m.text === 'only once').length).toBe(1);
    expect(page.body.credits).toBe(97);
  });

  it('stores every message when both sides send at the same moment', async ({ w, call }) => {
    const { fan, creator, chatId } = await pair(w);
    const sends = await Promise.all(
      Array.from({ length: 15 }, (_, i) => [
        w.send(fan.token, creator.user._id, `fan ${i}`),
        w.send(creator.token, fan.user._id, `creator ${i}`),
      ]).flat(),
    );
    expect(sends.map((s) => s.status)).toEqual(sends.map(() => 200));
    const page = await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect(page.body.data.length).toBe(30);
  });

  it('stores every message when a fan paying the rate and the creator send at the same moment', async ({
    w,
    call,
  }) => {
    // A paid send locks the fan's and creator's accounts; a reply in the same chat holds the member
    // rows and checks those accounts' keys. Those two orders once deadlocked (a 500 for one side).
    const { fan, creator, chatId } = await pair(w);
    await w.giveCredits(fan.user._id, 1_000);
    await call('POST', '/v1/chats/change-rate', {
      token: creator.token,
      body: { user_id: fan.user._id, rate: 2 },
    });
    for (let round = 0; round < 5; round++) {
      const sends = await Promise.all(
        Array.from({ length: 6 }, (_, i) => [
          w.send(fan.token, creator.user._id, `paid ${round}.${i}`),
          w.send(creator.token, fan.user._id, `reply ${round}.${i}`),
        ]).flat(),
      );
      expect(sends.map((s) => s.status)).toEqual(sends.map(() => 200));
    }
    const page = await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect(page.body.data.length).toBe(50);
    expect(page.body.credits).toBe(1_000 - 30 * 2);
  });

  it('stores messages sent at the same moment in one statement exactly as one by one', async ({
    server,
    w,
    call,
  }) => {
    // Calls in one tick share one statement: two chats, a crossing reply, a repeated send id.
    const a = await pair(w);
    const b = await pair(w);
    const db = server.app.ctx.db;
    const msg = (from: string, to: string, chatId: string, text: string, id: string) => ({
      chatId,
      senderId: from,
      recipientId: to,
      type: 'text' as const,
      text,
      clientSendId: id,
    });
    const [a1, a2, aReply, b1, again] = await Promise.all([
      appendMessageSoon(db, msg(a.fan.user._id, a.creator.user._id, a.chatId, 'a1', 'batch-a1')),
      appendMessageSoon(db, msg(a.fan.user._id, a.creator.user._id, a.chatId, 'a2', 'batch-a2')),
      appendMessageSoon(db, msg(a.creator.user._id, a.fan.user._id, a.chatId, 'reply', 'batch-r')),
      appendMessageSoon(db, msg(b.fan.user._id, b.creator.user._id, b.chatId, 'b1', 'batch-b1')),
      appendMessageSoon(db, msg(a.fan.user._id, a.creator.user._id, a.chatId, 'a1 again', 'batch-a1')),
    ]);
    expect([a1?.text, a2?.text, aReply?.text, b1?.text, again]).toEqual([
      'a1',
      'a2',
      'reply',
      'b1',
      undefined,
    ]);
    // Ids follow the order of the calls; each carries the unread count right after it.
    expect(a1!.id).toBeLessThan(a2!.id);
    expect([
      a1!.recipient_unread,
      a2!.recipient_unread,
      aReply!.recipient_unread,
      b1!.recipient_unread,
    ]).toEqual([1, 2, 1, 1]);

    const creatorA = await call('GET', `/v1/chats/${a.chatId}/messages`, { token: a.creator.token });
    expect(creatorA.body.data.map((m: { text: string }) => m.text)).toEqual(['a1', 'a2', 'reply']);
    const inbox = await call('GET', '/v1/chats?v=2&limit=20&type=all', { token: a.creator.token });
    expect(inbox.body.data[0]).toMatchObject({ unread_messages: 2, last_message: { text: 'reply' } });
    expect(inbox.body.unread_messages).toBe(2);
    const fanInbox = await call('GET', '/v1/chats?v=2&limit=20&type=all', { token: a.fan.token });
    expect(fanInbox.body.unread_messages).toBe(1);
  });

  it('stores every one of many messages sent at once to many chats', async ({ w, call }) => {
    const pairs = await Promise.all(Array.from({ length: 6 }, () => pair(w)));
    const sends = await Promise.all(
      pairs.flatMap((p, i) =>
        Array.from({ length: 4 }, (_, k) =>
          w.send(p.fan.token, p.creator.user._id, `burst ${i}.${k}`, {
            clientSideReceiveId: `burst-${i}-${k}`,
          }),
        ),
      ),
    );
    expect(sends.map((s) => s.status)).toEqual(sends.map(() => 200));
    for (const [i, p] of pairs.entries()) {
      const page = await call('GET', `/v1/chats/${p.chatId}/messages`, { token: p.creator.token });
      expect(page.body.data.map((m: { text: string }) => m.text).sort()).toEqual(
        [0, 1, 2, 3].map((k) => `burst ${i}.${k}`),
      );
      const totals = await call('GET', '/v1/chats?v=2&limit=20&type=all', { token: p.creator.token });
      expect(totals.body.unread_messages).toBe(4);
    }
  });

  it('refuses empty, oversize, flagged and self-addressed messages', async ({ w, call }) => {
    const { fan, creator } = await pair(w);
    const empty = await w.send(fan.token, creator.user._id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(VALIDATION.required);
    expect((await w.send(fan.token, creator.user._id, 'x'.repeat(5001))).status).toBe(400);
    const flagged = await w.send(fan.token, creator.user._id, 'hi\u200Bthere\u202E');
    expect(flagged.status).toBe(422);
    expect(flagged.body.message).toBe(CONTENT_FLAGGED_MESSAGE);
    expect(flagged.body.flagged).toEqual(['\u200B', '\u202E']);
    const self = await w.send(fan.token, fan.user._id, 'me');
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(ERRORS.messageSelf);
    const noType = await call('POST', '/v1/messages', {
      token: fan.token,
      body: { type: 'sticker', recipient_id: creator.user._id },
    });
    expect(noType.status).toBe(400);
    const page = await call(
      'GET',
      `/v1/chats/${(await w.openChat(fan.token, creator.user._id)).chat_id}/messages`,
      { token: fan.token },
    );
    expect(page.body.data).toEqual([]);
  });

  it('answers 423 with the server message for a frozen account', async ({ server, w }) => {
    const { fan, creator } = await pair(w);
    await server.app.ctx.db
      .updateTable('users')
      .set({ frozen_at: new Date() })
      .where('id', '=', fan.user._id)
      .execute();
    const res = await w.send(fan.token, creator.user._id, 'hello');
    expect(res.status).toBe(423);
    expect(res.body.message).toBe(ERRORS.frozen);
  });
});

describe('reading', () => {
  it('pages 50 at a time, oldest first, by offset or by last_message_id', async ({ w, api, call }) => {
    const { fan, creator, chatId } = await pair(w);
    for (let i = 1; i <= 60; i++)
      await w.send(i % 2 ? fan.token : creator.token, i % 2 ? creator.user._id : fan.user._id, `m${i}`);
    const first = MessagePage.parse(
      (await call('GET', `/v1/chats/${chatId}/messages?limit=50&offset=0`, { token: fan.token })).body,
    );
    expect(first.data.length).toBe(50);
    expect(first.data[0]!.text).toBe('m11');
    expect(first.data[49]!.text).toBe('m60');
    expect(first.chat.chat_id).toBe(chatId);
    const older = await api.request('GET', first.next!, { token: fan.token });
    expect(older.body.data.map((m: { text: string }) => m.text)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
      'm8',
      'm9',
      'm10',
    ]);
    expect(older.body.next).toBeNull();
    const byOffset = await call('GET', `/v1/chats/${chatId}/messages?offset=50`, {
      token: creator.token,
    });
    expect(byOffset.body.data.length).toBe(10);
    const ids = first.data
      .slice(0, 3)
      .map((m) => m._id)
      .join(',');
    const byIds = await call('GET', `/v1/messages?ids=${ids}`, { token: creator.token });
    expect(byIds.body.data.map((m: { text: string }) => m.text)).toEqual(['m11', 'm12', 'm13']);
    expect((await call('GET', '/v1/messages?ids=abc', { token: creator.token })).status).toBe(400);
  });

  it('lets no third user read or change anything in the chat', async ({ w, call }) => {
    const { fan, creator, chatId } = await pair(w);
    const sent = await w.send(fan.token, creator.user._id, 'secret');
    const id = sent.body.message._id;
    const stranger = await w.creator();
    const t = stranger.token;
    const list = await call('GET', `/v1/chats/${chatId}/messages`, { token: t });
    expect(list.status).toBe(404);
    expect(list.body.message).toBe(ERRORS.chatNotFound);
    expect((await call('GET', `/v1/messages?ids=${id}`, { token: t })).body.data).toEqual([]);
    expect((await call('PATCH', `/v1/messages/${id}/hide-for-me`, { token: t })).status).toBe(404);
    expect((await call('DELETE', `/v1/messages/${id}`, { token: t })).status).toBe(404);
    expect((await call('POST', '/v1/chats/note', { token: t, body: { id: chatId, note: 'x' } })).status).toBe(
      404,
    );
    const still = await call('GET', `/v1/chats/${chatId}/messages`, { token: creator.token });
    expect(still.body.data[0].text).toBe('secret');
  });
});

describe('hiding and deleting', () => {
  it('hides a message for me only, and lets only its sender delete it', async ({ w, call }) => {
    const { fan, creator, chatId } = await pair(w);
    const sent = await w.send(fan.token, creator.user._id, 'oops');
    const id = sent.body.message._id;
    const hidden = await call('PATCH', `/v1/messages/${id}/hide-for-me`, { token: creator.token });
    expect(hidden.body).toMatchObject({ _id: id, is_hidden: true, text: null });
    expect((await call('GET', `/v1/chats/${chatId}/messages`, { token: creator.token })).body.data).toEqual(
      [],
    );
    expect((await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token })).body.data.length).toBe(
      1,
    );

    const notMine = await call('DELETE', `/v1/messages/${id}`, { token: creator.token });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe(ERRORS.cannotDeleteMessage);
    const deleted = await call('DELETE', `/v1/messages/${id}`, { token: fan.token });
    expect(deleted.body).toMatchObject({ _id: id, is_deleted: true, text: null });
    const after = await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect(after.body.data[0]).toMatchObject({ is_deleted: true, text: null });
    expect((await call('DELETE', '/v1/messages/not-a-number', { token: fan.token })).status).toBe(404);
  });
});
