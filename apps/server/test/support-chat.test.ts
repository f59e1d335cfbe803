import { type Chat, ERRORS, type Message } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { World } from './support/world';

const it = apiTest();

async function frozenBy(w: World, message?: string) {
  const admin = await w.admin();
  const fan = await w.fan();
  const res = await w.api.call('POST', `/v1/admin/users/${fan.user._id}/freeze`, {
    token: admin.token,
    body: message ? { message } : {},
  });
  expect(res.status).toBe(200);
  return { admin, fan };
}

describe('a frozen account', () => {
  it('finds a chat with support in its inbox, with the frozen message from the admin', async ({
    w,
    call,
    server,
  }) => {
    const { admin, fan } = await frozenBy(w, 'Please confirm your identity here.');
    await server.app.ctx.events.settled();
    const inbox = await call('GET', '/v1/chats', { token: fan.token });
    const support = inbox.body.data.find((c: Chat) => c.other_user._id === admin.user._id);
    expect(support?.is_staff).toBe(true);
    const page = await call('GET', `/v1/chats/${support?.chat_id}/messages`, { token: fan.token });
    expect(page.body.data.map((m: Message) => [m.sender_id, m.text])).toEqual([
      [admin.user._id, 'Please confirm your identity here.'],
    ]);
  });

  it('can answer support, and the admin reads it in her inbox; every other write stays 423', async ({
    w,
    call,
    server,
  }) => {
    const creator = await w.creator();
    const { admin, fan } = await frozenBy(w);
    await server.app.ctx.events.settled();
    const reply = await w.send(fan.token, admin.user._id, 'I sent my ID yesterday');
    expect(reply.status).toBe(200);
    const adminInbox = await call('GET', '/v1/chats', { token: admin.token });
    const row = adminInbox.body.data.find((c: Chat) => c.other_user._id === fan.user._id);
    expect(row?.last_message?.text).toBe('I sent my ID yesterday');
    const read = await call('PATCH', '/v1/chats', {
      token: fan.token,
      body: { action: 'read', ids: admin.user._id },
    });
    expect(read.status).toBe(200);

    // Anyone else, and anything else, is still refused.
    const toCreator = await w.send(fan.token, creator.user._id, 'hi');
    expect(toCreator.status).toBe(423);
    expect(toCreator.body.message).toBe(ERRORS.frozen);
    for (const [method, path, body] of [
      ['POST', '/v1/chat', { recipient_id: creator.user._id }],
      ['PATCH', '/v1/chats', { action: 'block', ids: admin.user._id }],
      ['PATCH', '/v1/chats', { action: 'read', ids: `${admin.user._id},${creator.user._id}` }],
      ['POST', '/v1/messages', { type: 'text', recipient_id: admin.user._id, text: 'x', price: 10 }],
    ] as const) {
      const res = await w.api.request(method, path, { token: fan.token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(423);
    }
  });

  it('after the unfreeze writes as before', async ({ w, call }) => {
    const creator = await w.creator();
    const { admin, fan } = await frozenBy(w);
    await call('POST', `/v1/admin/users/${fan.user._id}/unfreeze`, { token: admin.token });
    await w.openChat(fan.token, creator.user._id);
    expect((await w.send(fan.token, creator.user._id, 'back')).status).toBe(200);
  });
});
