import { ERRORS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';

const it = apiTest();

// docs/decisions.md, "Chat was closed" and "Sorry, this user has ended the chat.".
describe('a chat that ended', () => {
  it('tells the sender the other user ended the chat when they blocked them', async ({ w, call }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    await call('PATCH', '/v1/chats', { token: creator.token, body: { action: 'block', ids: fan.user._id } });

    const send = await w.send(fan.token, creator.user._id, 'hello?');
    expect(send.status).toBe(403);
    expect(send.body).toMatchObject({
      message: 'Sorry, this user has ended the chat.',
      code: 'user_ended_chat',
    });
    // The one who blocked is told of the block, which they can lift.
    const back = await w.send(creator.token, fan.user._id, 'hi');
    expect(back.status).toBe(403);
    expect(back.body.message).toBe(ERRORS.blocked);
    // Both blocked: the block message, since the sender can lift their own part.
    await call('PATCH', '/v1/chats', { token: fan.token, body: { action: 'block', ids: creator.user._id } });
    expect((await w.send(fan.token, creator.user._id, 'and now?')).body.message).toBe(ERRORS.blocked);
  });

  it('answers 410 "Chat was closed" to a send into a chat whose other account is gone since', async ({
    server,
    w,
    call,
  }) => {
    const fan = await w.fan();
    const banned = await w.creator();
    const erased = await w.creator();
    const chatIds: string[] = [];
    for (const creator of [banned, erased]) {
      chatIds.push((await w.openChat(fan.token, creator.user._id)).chat_id);
      expect((await w.send(fan.token, creator.user._id, 'hi')).status).toBe(200);
    }
    const db = server.app.ctx.db;
    await db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', banned.user._id).execute();
    await db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', erased.user._id).execute();

    for (const creator of [banned, erased]) {
      const send = await w.send(fan.token, creator.user._id, 'still there?');
      expect(send.status).toBe(410);
      expect(send.body).toMatchObject({ message: 'Chat was closed', code: 'chat_closed' });
      // Opening it says why: the account no longer exists.
      const open = await call('GET', `/v1/chat?recipient_id=${creator.user._id}`, { token: fan.token });
      expect(open.status).toBe(410);
      expect(open.body.message).toBe(ERRORS.accountGone);
    }
    // The refused sends were not stored.
    for (const chatId of chatIds) {
      const page = await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
      expect(page.body.data.map((m: { text: string }) => m.text)).toEqual(['hi']);
    }
  });
});
