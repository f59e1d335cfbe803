import type { AdminUser } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { World } from './support/world';

const it = apiTest();

async function pair(w: World) {
  const fan = await w.fan();
  const creator = await w.creator();
  const chat = await w.openChat(fan.token, creator.user._id);
  return { fan, creator, chatId: chat.chat_id };
}

describe('POST /v1/messages/warned', () => {
  it('records a member who sent anyway, and the console counts it on the account', async ({
    w,
    call,
    server,
  }) => {
    const { fan, creator, chatId } = await pair(w);
    const admin = await w.admin();
    const before = await call('GET', `/v1/admin/users/${fan.user._id}`, { token: admin.token });
    expect(before.body.payment_warnings).toBe(0);

    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/v1/messages/warned', { token: fan.token, body: { chat_id: chatId } });
      expect(res.status).toBe(204);
    }
    const rows = await server.app.ctx.db
      .selectFrom('payment_warnings')
      .selectAll()
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ chat_id: chatId, other_user_id: creator.user._id });

    const after = await call('GET', `/v1/admin/users/${fan.user._id}`, { token: admin.token });
    expect(after.body.payment_warnings).toBe(2);
    const search = await call('GET', `/v1/admin/users?q=${fan.user.username}`, { token: admin.token });
    expect(search.body.data.find((u: AdminUser) => u._id === fan.user._id)?.payment_warnings).toBe(2);
    // The other member was warned of nothing.
    const other = await call('GET', `/v1/admin/users/${creator.user._id}`, { token: admin.token });
    expect(other.body.payment_warnings).toBe(0);
  });

  it('is a 404 for a chat the caller is not a member of, or no chat, and records nothing', async ({
    w,
    call,
    server,
  }) => {
    const { chatId } = await pair(w);
    const outsider = await w.fan();
    const theirs = await call('POST', '/v1/messages/warned', {
      token: outsider.token,
      body: { chat_id: chatId },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('chat_not_found');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-chat']) {
      const res = await call('POST', '/v1/messages/warned', { token: outsider.token, body: { chat_id: id } });
      expect(res.status).toBe(404);
    }
    const rows = await server.app.ctx.db
      .selectFrom('payment_warnings')
      .select('id')
      .where('user_id', '=', outsider.user._id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a missing chat id (400) and a visitor (401)', async ({ w, call }) => {
    const fan = await w.fan();
    expect((await call('POST', '/v1/messages/warned', { token: fan.token, body: {} as never })).status).toBe(
      400,
    );
    expect((await call('POST', '/v1/messages/warned', { body: { chat_id: 'x' } })).status).toBe(401);
  });
});
