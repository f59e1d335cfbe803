import type { Message } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const it = apiTest();

async function pair(w: World) {
  const fan = await w.fan();
  const creator = await w.creator();
  const chat = await w.openChat(fan.token, creator.user._id);
  return { fan, creator, chatId: chat.chat_id };
}

const refused = { message: 'The message you are replying to is not in this chat.', code: 'invalid_parent' };

describe('a reply', () => {
  it('quotes its parent in the answer, the pages of both members, by id and in new_message', async ({
    server,
    w,
    call,
  }) => {
    const { fan, creator, chatId } = await pair(w);
    const parent = (await w.send(fan.token, creator.user._id, 'Which photo do you like?')).body
      .message as Message;
    const fanSocket = await connectSocket(server.url, fan.token);
    const reply = await w.send(creator.token, fan.user._id, 'The second one', {
      parent_message_id: parent._id,
    });
    expect(reply.status).toBe(200);
    const quote = {
      _id: parent._id,
      text: 'Which photo do you like?',
      sender_id: fan.user._id,
      type: 'text',
    };
    expect(reply.body.message).toMatchObject({ parent_message_id: parent._id, parent_message: quote });

    const frame = await fanSocket.next('new_message', (d) => d.chat_id === chatId);
    expect(frame.data.info.message.parent_message).toEqual(quote);
    fanSocket.close();
    for (const token of [fan.token, creator.token]) {
      const page = await call('GET', `/v1/chats/${chatId}/messages`, { token });
      const got = page.body.data.find((m: Message) => m._id === reply.body.message._id);
      expect(got?.parent_message).toEqual(quote);
      // The parent itself quotes nothing.
      expect(page.body.data.find((m: Message) => m._id === parent._id)?.parent_message).toBeNull();
    }
    const byId = await call('GET', `/v1/messages?ids=${reply.body.message._id}`, { token: fan.token });
    expect(byId.body.data[0]?.parent_message).toEqual(quote);
  });

  it('loses its quoted text when the parent is deleted, and keeps pointing at it', async ({ w, call }) => {
    const { fan, creator, chatId } = await pair(w);
    const parent = (await w.send(fan.token, creator.user._id, 'oops, wrong chat')).body.message as Message;
    const reply = (await w.send(creator.token, fan.user._id, 'what?', { parent_message_id: parent._id })).body
      .message as Message;
    expect((await call('DELETE', `/v1/messages/${parent._id}`, { token: fan.token })).status).toBe(200);
    const page = await call('GET', `/v1/chats/${chatId}/messages`, { token: creator.token });
    expect(page.body.data.find((m: Message) => m._id === reply._id)?.parent_message).toEqual({
      _id: parent._id,
      text: null,
      sender_id: fan.user._id,
      type: 'text',
    });
  });
});

describe('a reply to a locked paid message', () => {
  it('shows the parent’s caption only to whom it is unlocked for', async ({ server, w, call }) => {
    const { fan, creator, chatId } = await pair(w);
    await w.giveCredits(fan.user._id, 100);
    const media = (await upload(server.url, creator.token, await photoWithGps(600, 400))).body.media;
    const paid = await w.api.call('POST', '/v1/messages', {
      token: creator.token,
      body: {
        type: 'image',
        recipient_id: fan.user._id,
        public_id: media.public_id,
        price: 20,
        text: 'secret caption',
      },
    });
    expect(paid.status).toBe(200);
    const paidId = paid.body.message._id as string;
    const fanSocket = await connectSocket(server.url, fan.token);
    const reply = await w.send(creator.token, fan.user._id, 'you will love it', {
      parent_message_id: paidId,
    });
    expect(reply.status).toBe(200);
    // The creator sent it: her own view quotes the caption.
    expect(reply.body.message.parent_message).toMatchObject({
      _id: paidId,
      text: 'secret caption',
      type: 'image',
    });

    const frame = await fanSocket.next('new_message', (d) => d.message_id === reply.body.message._id);
    fanSocket.close();
    expect(frame.data.info.message.parent_message).toEqual({
      _id: paidId,
      text: null,
      sender_id: creator.user._id,
      type: 'image',
    });
    const fanPage = async () =>
      (await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token })).body.data.find(
        (m: Message) => m._id === reply.body.message._id,
      );
    expect((await fanPage())?.parent_message?.text).toBeNull();
    expect(JSON.stringify(await fanPage())).not.toContain('secret caption');

    expect((await call('PATCH', `/v1/messages/${paidId}/buy`, { token: fan.token })).status).toBe(200);
    expect((await fanPage())?.parent_message?.text).toBe('secret caption');
  });
});

describe('what a reply may answer', () => {
  it('is a 400 for an unknown id, a malformed id, or a message of another chat (other people’s)', async ({
    w,
    server,
  }) => {
    const { fan, creator } = await pair(w);
    const stranger = await w.fan();
    const other = await w.creator();
    await w.openChat(stranger.token, other.user._id);
    const theirs = (await w.send(stranger.token, other.user._id, 'private')).body.message as Message;

    const elsewhere = await w.send(fan.token, creator.user._id, 'reply', { parent_message_id: theirs._id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ ...refused, field: 'parent_message_id' });
    const missing = await w.send(fan.token, creator.user._id, 'reply', { parent_message_id: '999999999999' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject(refused);
    const malformed = await w.send(fan.token, creator.user._id, 'reply', { parent_message_id: 'abc' });
    expect(malformed.status).toBe(400);
    const stored = await server.app.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', fan.user._id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('is a 400 for a message its sender deleted, hid for themselves or cleared from their history', async ({
    w,
    call,
  }) => {
    const { fan, creator } = await pair(w);
    const deleted = (await w.send(creator.token, fan.user._id, 'deleted one')).body.message as Message;
    await call('DELETE', `/v1/messages/${deleted._id}`, { token: creator.token });
    const hidden = (await w.send(creator.token, fan.user._id, 'hidden one')).body.message as Message;
    await call('PATCH', `/v1/messages/${hidden._id}/hide-for-me`, { token: fan.token });
    for (const parent of [deleted, hidden]) {
      const res = await w.send(fan.token, creator.user._id, 'reply', { parent_message_id: parent._id });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(refused);
    }
    // The creator did not hide it: she may still answer it.
    const hers = await w.send(creator.token, fan.user._id, 'mine', { parent_message_id: hidden._id });
    expect(hers.status).toBe(200);

    const old = (await w.send(creator.token, fan.user._id, 'before the clear')).body.message as Message;
    const cleared = await call('PATCH', '/v1/chats', {
      token: fan.token,
      body: { action: 'delete', ids: creator.user._id },
    });
    expect(cleared.status).toBe(200);
    const afterClear = await w.send(fan.token, creator.user._id, 'reply', { parent_message_id: old._id });
    expect(afterClear.status).toBe(400);
    expect(afterClear.body).toMatchObject(refused);
    const fresh = (await w.send(creator.token, fan.user._id, 'after the clear')).body.message as Message;
    const ok = await w.send(fan.token, creator.user._id, 'reply', { parent_message_id: fresh._id });
    expect(ok.status).toBe(200);
    expect(ok.body.message.parent_message).toMatchObject({ _id: fresh._id, text: 'after the clear' });
  });
});
