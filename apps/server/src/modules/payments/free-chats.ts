import { ERRORS, FREE_CHAT_LIMIT } from '@parlor/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import type { UserRow } from '../../plugins/auth';
import { featuresFor } from '../users/features';

/**
 * Whether a fan may open a new chat with a creator (part 2 §2, §4, §8). Creating a chat needs an
 * earlier purchase; with `force_free_chats` on, a fan who has bought nothing gets FREE_CHAT_LIMIT
 * free chats with creators first. Chats that already exist always reopen. Staff and creators are
 * never limited. Throws 402 with the spec's message; the client shows the Unlock Free Chat popup.
 */
export async function assertMayOpenChat(trx: Kysely<DB>, fan: UserRow, creatorId: string): Promise<void> {
  if (fan.type !== 'user' || fan.role === 'admin') return;
  const creator = await trx
    .selectFrom('users')
    .select(['type', 'role'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
  if (creator?.type !== 'featured' || creator.role === 'admin') return;
  const existing = await trx
    .selectFrom('chat_members')
    .select('chat_id')
    .where('user_id', '=', fan.id)
    .where('other_user_id', '=', creatorId)
    .executeTakeFirst();
  if (existing) return;
  // Read is_customer fresh and hold the fan's row, so two chats opened at once count one after the other.
  const me = await trx
    .selectFrom('users')
    .select(['is_customer'])
    .where('id', '=', fan.id)
    .forUpdate()
    .executeTakeFirst();
  if (me?.is_customer) return;
  if (!featuresFor(fan).force_free_chats) {
    throw new DomainError(402, 'purchase_required', ERRORS.purchaseRequired);
  }
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM chat_members m JOIN users u ON u.id = m.other_user_id
    WHERE m.user_id = ${fan.id} AND u.type = 'featured' AND u.role <> 'admin'`.execute(trx);
  if ((rows[0]?.n ?? 0) >= FREE_CHAT_LIMIT) {
    throw new DomainError(402, 'free_chat_limit', ERRORS.freeChatLimit);
  }
}
