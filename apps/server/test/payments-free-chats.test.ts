import { ERRORS, FREE_CHAT_LIMIT } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { DomainError } from '../src/lib/errors';
import { getOrCreateChat } from '../src/modules/chats/repository';
import { assertMayOpenChat } from '../src/modules/payments/free-chats';
import { usersRepository } from '../src/modules/users/repository';
import { apiTest } from './support/api-test';
import type { TestServer } from './support/server';

const it = apiTest();

async function attempt(server: TestServer, fanId: string, creatorId: string) {
  const db = server.app.ctx.db;
  const fan = (await usersRepository.findById(db, fanId))!;
  try {
    await db.transaction().execute(async (trx) => {
      await assertMayOpenChat(trx, fan, creatorId);
      await getOrCreateChat(trx, fanId, creatorId);
    });
    return 'ok';
  } catch (e) {
    if (e instanceof DomainError) return `${e.status} ${e.message}`;
    throw e;
  }
}

describe('free chats', () => {
  it(`a fan with no purchase gets ${FREE_CHAT_LIMIT} free chats, then the limit message; reopening is free`, async ({
    server,
    w,
  }) => {
    const fan = await w.api.signUp('user');
    const creators = await Promise.all(Array.from({ length: FREE_CHAT_LIMIT + 1 }, () => w.creator()));
    for (const c of creators.slice(0, FREE_CHAT_LIMIT))
      expect(await attempt(server, fan.user._id, c.user._id)).toBe('ok');
    expect(await attempt(server, fan.user._id, creators[FREE_CHAT_LIMIT]!.user._id)).toBe(
      `402 ${ERRORS.freeChatLimit}`,
    );
    expect(await attempt(server, fan.user._id, creators[0]!.user._id)).toBe('ok');
  });

  it('without force_free_chats a new chat needs a purchase first', async ({ server, w, call }) => {
    const fan = await w.api.signUp('user');
    const creator = await w.creator();
    await server.app.ctx.db
      .updateTable('users')
      .set({ features: JSON.stringify({ force_free_chats: false }) })
      .where('id', '=', fan.user._id)
      .execute();
    expect(await attempt(server, fan.user._id, creator.user._id)).toBe(`402 ${ERRORS.purchaseRequired}`);
    // Buying credits makes the fan a customer: every chat opens.
    const card = {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 1,
      cvc: '123',
      name: 'Fan',
    };
    const paid = await call('POST', '/v1/payment', {
      token: fan.token,
      body: { card, package_id: 'starter', idempotency_key: 'free-chat-unlock' },
    });
    expect(paid.body.result).toBe(true);
    expect(await attempt(server, fan.user._id, creator.user._id)).toBe('ok');
  });

  it('POST /v1/chat answers 402 with the limit message for the chat after the free ones', async ({
    w,
    call,
  }) => {
    const fan = await w.api.signUp('user');
    const creators = await Promise.all(Array.from({ length: FREE_CHAT_LIMIT + 1 }, () => w.creator()));
    for (const c of creators.slice(0, FREE_CHAT_LIMIT)) {
      const res = await call('POST', '/v1/chat', {
        token: fan.token,
        body: { recipient_id: c.user._id },
      });
      expect(res.status).toBe(200);
    }
    const res = await call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creators[FREE_CHAT_LIMIT]!.user._id },
    });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ message: ERRORS.freeChatLimit, code: 'free_chat_limit' });
  });

  it('creators and chats with support are never limited', async ({ server, w }) => {
    const creator = await w.creator();
    const other = await w.creator();
    expect(await attempt(server, creator.user._id, other.user._id)).toBe('ok');
  });
});
