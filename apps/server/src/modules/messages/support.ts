import type { AppContext } from '../../context';
import type { DomainEvents } from '../../events/types';
import { chats } from '../chats/service';
import { publishNewMessage } from './publish';
import { appendMessage } from './repository';

/**
 * After an admin froze an account: its chat with that admin (the chat's `is_staff` is true) comes
 * to the top of its inbox with the frozen message, so "respond to your chat with support" has a
 * chat to respond in. The admin answers it from her own inbox.
 */
export async function openSupportChat(ctx: AppContext, e: DomainEvents['account_frozen']): Promise<void> {
  const chatId = await chats.create(ctx, e.admin, e.user);
  const stored = await appendMessage(ctx.db, {
    chatId,
    senderId: e.admin.id,
    recipientId: e.user.id,
    type: 'text',
    text: e.message,
  });
  if (stored) await publishNewMessage(ctx, stored);
}
