import { randomUUID } from 'node:crypto';
import { ERRORS, TIP_CREATORS_ONLY_MESSAGE, TIPS_DISABLED_MESSAGE, type TipResponse } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { featuresFor } from '../../lib/features';
import { assertCanReceivePayments, assertNotFrozen, isUuid } from '../../lib/users';
import { chatForTip } from '../chats/service';
import { claimKey, keyExpired, keyFor, priorUse, recordUse } from '../ledger/idempotency';
import { idempotentWithEvents, ledger } from '../ledger/service';
import { toMessage } from '../messages/dto';
import { publishNewMessage } from '../messages/publish';
import { messages } from '../messages/service';
import { users } from '../users/service';

export interface TipInput {
  recipient_id: string;
  chat_id?: string | undefined;
  amount: number;
  text?: string | null | undefined;
  idempotency_key?: string | undefined;
}

/** The tip an earlier request with the same key sent, as that request answered it. */
async function tipSent(ctx: AppContext, fan: UserRow, messageId: string): Promise<TipResponse> {
  const row = await messages.ofMember(ctx.db, fan.id, Number(messageId));
  if (!row) throw notFound('Message not found', 'message_not_found');
  return { message: toMessage(row, fan.id), credits: await ledger.balance(ctx.db, fan.id) };
}

/**
 * POST /v1/tips: the fan's credits go to the creator's earnings and the tip appears in the chat as a
 * `tip` message, in one transaction. The idempotency key makes a retried tip charge and show once;
 * with another creator, amount or note it is 422. The creator gets `new_message` with `unread_tip`.
 */
export async function sendTip(ctx: AppContext, fan: UserRow, input: TipInput): Promise<TipResponse> {
  assertNotFrozen(fan);
  const text = input.text?.trim() || null;
  const idempotencyKey = keyFor(fan.id, 'tip', input.idempotency_key, {
    recipient_id: input.recipient_id,
    amount: input.amount,
    text,
  });
  const prior = await priorUse(ctx.db, idempotencyKey);
  if (prior !== undefined) return tipSent(ctx, fan, prior);
  if (!featuresFor(fan).tips) throw forbidden(TIPS_DISABLED_MESSAGE, 'tips_disabled');
  if (input.recipient_id === fan.id) throw badRequest(ERRORS.messageSelf, 'message_self');
  const creator = isUuid(input.recipient_id) ? await users.byId(ctx.db, input.recipient_id) : undefined;
  if (!creator || creator.banned_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
  if (creator.type !== 'featured')
    throw badRequest(TIP_CREATORS_ONLY_MESSAGE, 'not_a_creator', 'recipient_id');
  if (!featuresFor(creator).tips) throw forbidden(TIPS_DISABLED_MESSAGE, 'tips_disabled');
  await assertCanReceivePayments(ctx.db, creator);

  // The chat exists before the money moves, so concurrent tips contend only on the balance.
  const chatId = await chatForTip(ctx, fan, creator);
  if (input.chat_id && input.chat_id !== chatId) throw notFound(ERRORS.chatNotFound, 'chat_not_found');

  // The ledger key keeps the tip's own namespace; the message carries no send id, so a message send
  // id can never collide with a tip.
  const ledgerKey = `tip:${input.idempotency_key ?? randomUUID()}`;
  const result = await idempotentWithEvents(ctx.events, ctx.db, async (trx, tx) => {
    const twin = await claimKey(trx, idempotencyKey);
    if (twin !== undefined) return { twin };
    const paid = await ledger.transfer(trx, {
      fromUserId: fan.id,
      toUserId: creator.id,
      amount: input.amount,
      reason: 'tip',
      idempotencyKey: ledgerKey,
      reference: chatId,
    });
    // The key was claimed above, so a ledger entry under it is from a key since expired.
    if (paid.replayed) throw keyExpired();
    const row = await messages.store(trx, {
      chatId,
      senderId: fan.id,
      recipientId: creator.id,
      type: 'tip',
      text,
      price: input.amount,
    });
    if (!row) throw new Error('tip message not stored');
    await recordUse(trx, idempotencyKey, String(row.id));
    await tx.publish('tip_sent', {
      messageId: row.id,
      fan: { id: fan.id, username: fan.username },
      creatorId: creator.id,
      amount: input.amount,
      at: ctx.clock.now(),
    });
    return { row, balance: paid.balance };
  });
  if (result.twin !== undefined) return tipSent(ctx, fan, result.twin);
  await publishNewMessage(ctx, result.row, { unread_tip: input.amount });
  ctx.hub.publish(fan.id, 'total_credits', { credits: result.balance });
  return { message: toMessage(result.row, fan.id), credits: result.balance };
}
