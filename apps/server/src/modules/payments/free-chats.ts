import { ERRORS, FREE_CHAT_LIMIT } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import { featuresFor } from '../../lib/features';
import { freeChatsRepository } from './repository';

/**
 * Whether a fan may open a new chat with a creator. Creating a chat needs an
 * earlier purchase; with `force_free_chats` on, a fan who has bought nothing gets FREE_CHAT_LIMIT
 * free chats with creators first. Chats that already exist always reopen. Staff and creators are
 * never limited. Throws 402 with the spec's message; the client shows the Unlock Free Chat popup.
 */
export async function assertMayOpenChat(trx: Kysely<DB>, fan: UserRow, creatorId: string): Promise<void> {
  if (fan.type !== 'user' || fan.role === 'admin') return;
  const creator = await freeChatsRepository.userKind(trx, creatorId);
  if (creator?.type !== 'featured' || creator.role === 'admin') return;
  if (await freeChatsRepository.hasChat(trx, fan.id, creatorId)) return;
  // Read is_customer fresh and hold the fan's row, so two chats opened at once count one after the other.
  if (await freeChatsRepository.lockIsCustomer(trx, fan.id)) return;
  if (!featuresFor(fan).force_free_chats) {
    throw new DomainError(402, 'purchase_required', ERRORS.purchaseRequired);
  }
  if ((await freeChatsRepository.chatsWithCreators(trx, fan.id)) >= FREE_CHAT_LIMIT) {
    throw new DomainError(402, 'free_chat_limit', ERRORS.freeChatLimit);
  }
}
