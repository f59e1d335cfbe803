import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { EventTransaction } from '../../events/bus';
import type { DomainEvents } from '../../events/types';
import { AUTOMATION } from '../../lib/seat';
import { publishNewMessage } from '../messages/publish';
import { messages } from '../messages/service';
import { users } from '../users/service';

/**
 * A fan's new chat with a creator who set a greeting starts with it, as a message from her. Runs in
 * the transaction that created the chat, so it is stored exactly once: a concurrent second open of
 * the pair finds the chat made and creates (and greets) nothing.
 */
export async function greetNewChat(
  ctx: AppContext,
  trx: Kysely<DB>,
  tx: EventTransaction,
  e: DomainEvents['chat_created'],
): Promise<void> {
  const pair = [e.opener, e.other];
  const creator = pair.find((u) => u.type === 'featured');
  // Staff (support) chats are not a fan's: no greeting there.
  const fan = pair.find((u) => u.type === 'user' && u.role !== 'admin');
  if (!creator || !fan) return;
  const row = await users.byId(trx, creator.id);
  const text = row?.greeting?.trim();
  if (!row || !text || row.banned_at !== null || row.deleted_at !== null) return;
  const stored = await messages.store(trx, {
    chatId: e.chatId,
    senderId: creator.id,
    recipientId: fan.id,
    type: 'text',
    text,
    clientSendId: `greeting:${e.chatId}`,
    author: AUTOMATION,
  });
  if (stored) tx.afterCommit(() => publishNewMessage(ctx, stored));
}
