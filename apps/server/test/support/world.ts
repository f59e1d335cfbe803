import type { Updateable } from 'kysely';
import type { UsersTable } from '../../src/db/schema';
import { ledger } from '../../src/modules/ledger/service';
import { client } from './client';
import type { TestServer } from './server';

/** Helpers that set up people and money for chat tests through the real API and the ledger. */
export function world(server: TestServer) {
  const api = client(server.url);
  let grant = 0;
  /** A new account, then put in the state the tests start from. */
  async function signUpAs(type: 'user' | 'featured', state: Updateable<UsersTable>) {
    const account = await api.signUp(type);
    await server.app.ctx.db.updateTable('users').set(state).where('id', '=', account.user._id).execute();
    return account;
  }
  return {
    api,
    /** A creator moderation approved, so fans can pay them (a new one waits and cannot be paid). */
    creator: () => signUpAs('featured', { requires_moderation: false }),
    /** An admin (the role set on a new account). */
    admin: () => signUpAs('user', { role: 'admin' }),
    /** A fan who has bought before, so opening chats with creators needs no purchase (free-chat rules have their own tests). */
    fan: () => signUpAs('user', { is_customer: true }),
    async giveCredits(userId: string, amount: number) {
      grant++;
      await server.app.ctx.db.transaction().execute((trx) =>
        ledger.credit(trx, {
          userId,
          account: 'credits',
          amount,
          reason: 'admin_adjustment',
          idempotencyKey: `test-grant-${grant}`,
        }),
      );
    },
    async openChat(token: string, recipientId: string) {
      const res = await api.call('POST', '/v1/chat', { token, body: { recipient_id: recipientId } });
      if (res.status !== 200) throw new Error(`open chat failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { chat_id: string };
    },
    async send(token: string, recipientId: string, text: string, extra: Record<string, unknown> = {}) {
      return api.call('POST', '/v1/messages', {
        token,
        body: { type: 'text', recipient_id: recipientId, text, ...extra },
      });
    },
  };
}

export type World = ReturnType<typeof world>;
