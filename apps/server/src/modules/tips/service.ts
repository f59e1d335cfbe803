import { randomUUID } from 'node:crypto';
import { ERRORS, TIP_CREATORS_ONLY_MESSAGE, TIPS_DISABLED_MESSAGE, type TipResponse } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { featuresFor } from '../../lib/features';
import { assertCanReceivePayments, assertNotFrozen, isUuid } from '../../lib/users';
import { chatForTip } from '../chats/service';
import { keyExpired, keyFor, priorUse, referenceOf } from '../ledger/idempotency';
import { balanceTooLow, idempotentWithEvents, ledger } from '../ledger/service';
import { toMessage } from '../messages/dto';
import { publishNewMessage } from '../messages/publish';
import { messages, type NewMessage } from '../messages/service';
import { users } from '../users/service';
import { TIP_BALANCE_TOO_LOW, TIP_LEDGER_KEY_POSTED, tipsRepository } from './repository';

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
  // The key's earlier use and the creator are read side by side; the key still answers first.
  const [prior, creator] = await Promise.all([
    priorUse(ctx.db, idempotencyKey),
    isUuid(input.recipient_id) && input.recipient_id !== fan.id
      ? users.byId(ctx.db, input.recipient_id)
      : undefined,
  ]);
  if (prior !== undefined) return tipSent(ctx, fan, prior);
  if (!featuresFor(fan).tips) throw forbidden(TIPS_DISABLED_MESSAGE, 'tips_disabled');
  if (input.recipient_id === fan.id) throw badRequest(ERRORS.messageSelf, 'message_self');
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
  const tip: NewMessage = {
    chatId,
    senderId: fan.id,
    recipientId: creator.id,
    type: 'tip',
    text,
    price: input.amount,
  };
  const at = ctx.clock.now();
  const result = await idempotentWithEvents(ctx.events, ctx.db, async (trx, tx) => {
    const paid = await tipsRepository
      .pay(trx, {
        fanId: fan.id,
        creatorId: creator.id,
        chatId,
        amount: input.amount,
        text,
        ledgerKey,
        key: idempotencyKey,
        at,
      })
      .catch(refusal);
    // A key claimed by an earlier request answers what that request made.
    if (paid.outcome === 'twin' && idempotencyKey) return { twin: referenceOf(idempotencyKey, paid) };
    if (paid.outcome !== 'paid') throw new Error('tip key answered without a key');
    const row = messages.storedRow(tip, paid);
    await tx.publish('tip_sent', {
      messageId: row.id,
      fan: { id: fan.id, username: fan.username },
      creatorId: creator.id,
      amount: input.amount,
      at,
      newFan: paid.newFan,
    });
    await ledger.creditShares(trx, creator.id, input.amount);
    return { row, balance: paid.balance };
  });
  if (result.twin !== undefined) return tipSent(ctx, fan, result.twin);
  await publishNewMessage(ctx, result.row, { unread_tip: input.amount });
  ctx.hub.publish(fan.id, 'total_credits', { credits: result.balance });
  return { message: toMessage(result.row, fan.id), credits: result.balance };
}

/** The refusals `send_tip` raises, as their answers; anything else stays the error it is. */
function refusal(e: unknown): never {
  const err = e as { code?: string; detail?: string };
  // The key was claimed in this statement, so a ledger entry under it is from a key since expired.
  if (err?.code === TIP_LEDGER_KEY_POSTED) throw keyExpired();
  if (err?.code === TIP_BALANCE_TOO_LOW) throw balanceTooLow(Number(err.detail));
  throw e;
}
