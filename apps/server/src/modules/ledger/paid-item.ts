import { ERRORS } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventTransaction } from '../../events/bus';
import type { Actor } from '../../events/types';
import { conflict } from '../../lib/errors';
import { assertCanReceivePayments } from '../../lib/users';
import { ledger } from './service';

/** A paid message or post, as buying it needs it. */
export interface PaidItem {
  item: 'message' | 'post';
  id: number;
  sellerId: string;
  price: number;
  /** What the ledger entry points at (the chat of a message, the post itself). */
  reference: string;
}

/**
 * The step every purchase of a paid item shares, inside the buyer's transaction: the seller must be
 * able to receive payments; the price moves through the ledger keyed by the item, so a replayed or
 * concurrent buy charges nothing and is 409; `record` stores the purchase; `item_bought` is
 * published with it. Answers the buyer's balance.
 */
export async function buyPaidItem(
  trx: Kysely<DB>,
  tx: EventTransaction,
  buyer: Actor,
  item: PaidItem,
  at: Date,
  record: () => Promise<void>,
): Promise<number> {
  await assertCanReceivePayments(trx, item.sellerId);
  const reason = item.item === 'message' ? 'paid_message' : 'paid_post';
  const paid = await ledger.transfer(trx, {
    fromUserId: buyer.id,
    toUserId: item.sellerId,
    amount: item.price,
    reason,
    idempotencyKey: `${reason}:${item.id}`,
    reference: item.reference,
  });
  if (paid.replayed) throw conflict(ERRORS.alreadyPurchased, 'already_purchased');
  await record();
  await tx.publish('item_bought', {
    item: item.item,
    itemId: item.id,
    buyer: { id: buyer.id, username: buyer.username },
    sellerId: item.sellerId,
    price: item.price,
    at,
  });
  return paid.balance;
}
