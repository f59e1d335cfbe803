import { randomUUID } from 'node:crypto';
import { ERRORS, TIP_CREATORS_ONLY_MESSAGE, TIPS_DISABLED_MESSAGE, type TipResponse } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { assertCanReceivePayments, assertNotFrozen, isUuid } from '../../lib/users';
import { chatForTip } from '../chats/service';
import { idempotent, ledger } from '../ledger/service';
import { toMessage } from '../messages/dto';
import { appendMessage, findBySendId } from '../messages/repository';
import { publishNewMessage } from '../messages/service';
import { featuresFor } from '../users/features';
import { usersRepository } from '../users/repository';

export interface TipInput {
  recipient_id: string;
  chat_id?: string | undefined;
  amount: number;
  text?: string | null | undefined;
  idempotency_key?: string | undefined;
}

/**
 * POST /v1/tips: the fan's credits go to the creator's earnings and the tip appears in the chat as a
 * `tip` message, in one transaction. The idempotency key (also the message's send id) makes a
 * retried tip charge and show once. The creator gets `new_message` with `unread_tip`.
 */
export async function sendTip(ctx: AppContext, fan: UserRow, input: TipInput): Promise<TipResponse> {
  assertNotFrozen(fan);
  if (!featuresFor(fan).tips) throw forbidden(TIPS_DISABLED_MESSAGE, 'tips_disabled');
  if (input.recipient_id === fan.id) throw badRequest(ERRORS.messageSelf, 'message_self');
  const creator = isUuid(input.recipient_id)
    ? await usersRepository.findById(ctx.db, input.recipient_id)
    : undefined;
  if (!creator || creator.banned_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
  if (creator.type !== 'featured')
    throw badRequest(TIP_CREATORS_ONLY_MESSAGE, 'not_a_creator', 'recipient_id');
  if (!featuresFor(creator).tips) throw forbidden(TIPS_DISABLED_MESSAGE, 'tips_disabled');
  await assertCanReceivePayments(ctx.db, creator);

  // The chat exists before the money moves, so concurrent tips contend only on the balance.
  const chatId = await chatForTip(ctx, fan, creator);
  if (input.chat_id && input.chat_id !== chatId) throw notFound(ERRORS.chatNotFound, 'chat_not_found');

  const key = `tip:${input.idempotency_key ?? randomUUID()}`;
  const result = await idempotent(ctx.db, async (trx) => {
    const paid = await ledger.transfer(trx, {
      fromUserId: fan.id,
      toUserId: creator.id,
      amount: input.amount,
      reason: 'tip',
      idempotencyKey: key,
      reference: chatId,
    });
    if (paid.replayed) {
      const row = await findBySendId(trx, fan.id, key);
      if (!row) throw new Error('tip ledger entry without its message');
      return { row, balance: paid.balance, replayed: true };
    }
    const row = await appendMessage(trx, {
      chatId,
      senderId: fan.id,
      recipientId: creator.id,
      type: 'tip',
      text: input.text?.trim() || null,
      price: input.amount,
      clientSendId: key,
    });
    // The ledger key is the send id, so a stored twin would have replayed above.
    if (!row) throw new Error('tip message already stored without its ledger entry');
    return { row, balance: paid.balance, replayed: false };
  });
  if (!result.replayed) {
    await publishNewMessage(ctx, result.row, { unread_tip: input.amount });
    ctx.hub.publish(fan.id, 'total_credits', { credits: result.balance });
  }
  return { message: toMessage(result.row, fan.id), credits: result.balance };
}
