import { ledger } from '../../src/modules/ledger/service';
import { client } from './client';
import type { TestServer } from './server';

/** Helpers that set up people and money for chat tests through the real API and the ledger. */
export function world(server: TestServer) {
  const api = client(server.url);
  let grant = 0;
  return {
    api,
    /** A creator moderation approved, so fans can pay them (a new one waits and cannot be paid). */
    async creator() {
      const creator = await api.signUp('featured');
      await server.app.ctx.db
        .updateTable('users')
        .set({ requires_moderation: false })
        .where('id', '=', creator.user._id)
        .execute();
      return creator;
    },
    /** A fan who has bought before, so opening chats with creators needs no purchase (free-chat rules have their own tests). */
    async fan() {
      const fan = await api.signUp('user');
      await server.app.ctx.db
        .updateTable('users')
        .set({ is_customer: true })
        .where('id', '=', fan.user._id)
        .execute();
      return fan;
    },
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
