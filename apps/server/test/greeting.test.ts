import type { Message } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { connectSocket } from './support/socket';

const it = apiTest();

const GREETING = 'Welcome! Ask me anything about my sets.';

describe('PUT /v1/users/greeting', () => {
  it('sets a creator’s greeting, trims it, and an empty text clears it', async ({ w, call }) => {
    const creator = await w.creator();
    const set = await call('PUT', '/v1/users/greeting', {
      token: creator.token,
      body: { text: `  ${GREETING} ` },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ greeting: GREETING });
    expect((await call('GET', '/v1/users/greeting', { token: creator.token })).body).toEqual({
      greeting: GREETING,
    });
    const cleared = await call('PUT', '/v1/users/greeting', { token: creator.token, body: { text: '   ' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ greeting: null });
    expect((await call('GET', '/v1/users/greeting', { token: creator.token })).body).toEqual({
      greeting: null,
    });
  });

  it('refuses a greeting too long (400), flagged characters (422), a fan (403) and a visitor (401)', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const long = await call('PUT', '/v1/users/greeting', {
      token: creator.token,
      body: { text: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Greetings cannot exceed 500 characters');
    const exact = await call('PUT', '/v1/users/greeting', {
      token: creator.token,
      body: { text: 'x'.repeat(500) },
    });
    expect(exact.status).toBe(200);
    const flagged = await call('PUT', '/v1/users/greeting', {
      token: creator.token,
      body: { text: 'hi\u202Ethere' },
    });
    expect(flagged.status).toBe(422);
    expect(
      (await call('PUT', '/v1/users/greeting', { token: creator.token, body: {} as never })).status,
    ).toBe(400);

    const fan = await w.fan();
    const refused = await call('PUT', '/v1/users/greeting', { token: fan.token, body: { text: 'Hi!' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('creators_only');
    expect((await call('GET', '/v1/users/greeting', { token: fan.token })).body.greeting).toBeNull();
    expect((await call('PUT', '/v1/users/greeting', { body: { text: 'Hi!' } })).status).toBe(401);
  });
});

describe('a fan’s new chat with a creator who set a greeting', () => {
  it('starts with the greeting, once, as a message from her, and the fan hears it', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    await call('PUT', '/v1/users/greeting', { token: creator.token, body: { text: GREETING } });
    const fan = await w.fan();
    const socket = await connectSocket(server.url, fan.token);
    const chat = await w.openChat(fan.token, creator.user._id);
    const frame = await socket.next('new_message', (d) => d.chat_id === chat.chat_id);
    socket.close();
    expect(frame.data.info.message).toMatchObject({ sender_id: creator.user._id, text: GREETING });

    // Opening again, and writing, greets no more.
    await w.openChat(fan.token, creator.user._id);
    expect((await w.send(fan.token, creator.user._id, 'Thanks!')).status).toBe(200);
    const page = await call('GET', `/v1/chats/${chat.chat_id}/messages`, { token: fan.token });
    expect(page.body.data.map((m: Message) => [m.sender_id, m.text])).toEqual([
      [creator.user._id, GREETING],
      [fan.user._id, 'Thanks!'],
    ]);
    // The creator's own view has it as hers.
    const hers = await call('GET', `/v1/chats/${chat.chat_id}/messages`, { token: creator.token });
    expect(hers.body.data[0]).toMatchObject({ sender_id: creator.user._id, text: GREETING });
  });

  it('is greeted once when the first opens race, and by the first message alone too', async ({ w, call }) => {
    const creator = await w.creator();
    await call('PUT', '/v1/users/greeting', { token: creator.token, body: { text: GREETING } });
    const fan = await w.fan();
    const opens = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/v1/chat', { token: fan.token, body: { recipient_id: creator.user._id } }),
      ),
    );
    expect(opens.every((o) => o.status === 200)).toBe(true);
    const chatId = opens[0]?.body.chat_id as string;
    const page = await call('GET', `/v1/chats/${chatId}/messages`, { token: fan.token });
    expect(page.body.data.map((m: Message) => m.text)).toEqual([GREETING]);

    // A fan whose first step is a message: the greeting comes first, then the message.
    const other = await w.fan();
    const sent = await w.send(other.token, creator.user._id, 'Hello!');
    expect(sent.status).toBe(200);
    const theirs = await call('GET', `/v1/chats/${sent.body.message.chat_id}/messages`, {
      token: other.token,
    });
    expect(theirs.body.data.map((m: Message) => m.text)).toEqual([GREETING, 'Hello!']);
  });

  it('does not greet when she has none or cleared it, nor a chat of two creators', async ({ w, call }) => {
    const plain = await w.creator();
    const fan = await w.fan();
    const none = await w.openChat(fan.token, plain.user._id);
    expect((await call('GET', `/v1/chats/${none.chat_id}/messages`, { token: fan.token })).body.data).toEqual(
      [],
    );

    const greeter = await w.creator();
    await call('PUT', '/v1/users/greeting', { token: greeter.token, body: { text: GREETING } });
    const another = await w.creator();
    const creators = await call('POST', '/v1/chat', {
      token: another.token,
      body: { recipient_id: greeter.user._id },
    });
    if (creators.status === 200) {
      const msgs = await call('GET', `/v1/chats/${creators.body.chat_id}/messages`, { token: another.token });
      expect(msgs.body.data).toEqual([]);
    }
    // Cleared: a new fan is not greeted.
    await call('PUT', '/v1/users/greeting', { token: greeter.token, body: { text: '' } });
    const late = await w.fan();
    const chat = await w.openChat(late.token, greeter.user._id);
    expect(
      (await call('GET', `/v1/chats/${chat.chat_id}/messages`, { token: late.token })).body.data,
    ).toEqual([]);
  });
});
