import {
  type BuyMessageResponse,
  creditsToDollars,
  ERRORS,
  type PurchasePage,
  type SalesSummary,
  SELF_DESTRUCT_AFTER_MS,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PeriodicTask } from '../../jobs/scheduler';
import { badRequest, conflict, DomainError, notFound } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import { assertNotFrozen } from '../../lib/users';
import { buyPaidItem } from '../ledger/paid-item';
import { idempotentWithEvents, ledger } from '../ledger/service';
import { messageFor, messagesFor } from './dto';
import { purchasesRepository } from './purchases-repository';

const messageNotFound = () => notFound('Message not found', 'message_not_found');
/** The client reloads a message answered with this error: it was deleted or destructed meanwhile. */
const messageChanged = () => new DomainError(410, 'message_changed', 'This message is no longer available.');

/**
 * PATCH /v1/messages/{id}/buy. The message row is locked for the purchase, so concurrent buys of one
 * message queue up: the first pays through the ledger (keyed by the message, so a replay cannot
 * charge twice) and every later one sees the purchase and gets 409.
 */
export async function buyMessage(ctx: AppContext, user: UserRow, id: string): Promise<BuyMessageResponse> {
  assertNotFrozen(user);
  if (!/^\d{1,18}$/.test(id)) throw messageNotFound();
  const result = await idempotentWithEvents(ctx.events, ctx.db, async (trx, tx) => {
    const row = await purchasesRepository.lockMessage(trx, Number(id));
    if (!row || (row.recipient_id !== user.id && row.sender_id !== user.id)) throw messageNotFound();
    if (row.sender_id === user.id) throw badRequest('You can not buy your own message.', 'own_message');
    if (row.deleted_at !== null || row.destructed_at !== null) throw messageChanged();
    const bought = (await purchasesRepository.purchased(trx, [row.id])).has(row.id);
    if (bought || row.price === 0) throw conflict(ERRORS.alreadyPurchased, 'already_purchased');
    const now = ctx.clock.now();
    const item = {
      item: 'message',
      id: row.id,
      sellerId: row.sender_id,
      price: row.price,
      reference: row.chat_id,
    } as const;
    const credits = await buyPaidItem(trx, tx, user, item, now, () =>
      purchasesRepository.insert(trx, {
        message_id: row.id,
        buyer_id: user.id,
        seller_id: row.sender_id,
        chat_id: row.chat_id,
        price: row.price,
        created_at: now,
      }),
    );
    // Buying self-destructing content starts its countdown.
    const updated = row.self_destruct
      ? await purchasesRepository.startCountdown(
          trx,
          row.id,
          new Date(now.getTime() + SELF_DESTRUCT_AFTER_MS),
        )
      : row;
    const earnings = await ledger.balance(trx, row.sender_id, 'earnings');
    return { row: updated, credits, earnings };
  });

  const { row } = result;
  const message = await messageFor(ctx, row, user.id);
  ctx.hub.publish(row.sender_id, 'message_paid', {
    chat_id: row.chat_id,
    message_id: String(row.id),
    buyer_id: user.id,
    price: row.price,
    earnings: result.earnings,
  });
  ctx.hub.publish(user.id, 'paid_content', { chat_id: row.chat_id, message_id: String(row.id), message });
  ctx.hub.publish(user.id, 'total_credits', { credits: result.credits });
  return { message, credits: result.credits };
}

/** GET /v1/message/paid: what the caller bought, newest first. */
export async function listPurchases(
  ctx: AppContext,
  user: UserRow,
  q: { state: 'all' | 'visible' | 'hidden'; limit: number; offset: number },
): Promise<PurchasePage> {
  const rows = await purchasesRepository.page(ctx.db, user.id, { ...q, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const messages = await messagesFor(
    ctx,
    page.map(({ purchase_hidden: _h, bought_at: _b, paid: _p, ...msg }) => msg),
    user.id,
  );
  return {
    data: page.map((r, i) => ({
      _id: String(r.id),
      message_id: String(r.id),
      chat_id: r.chat_id,
      seller_id: r.sender_id,
      price: r.paid,
      price_in_dollars: creditsToDollars(r.paid),
      created_at: r.bought_at.toISOString(),
      is_hidden: r.purchase_hidden,
      message: messages[i] as BuyMessageResponse['message'],
    })),
    next: nextLink(
      '/v1/message/paid',
      { state: q.state, limit: q.limit, offset: q.offset },
      rows.length > q.limit,
    ),
  };
}

/** PATCH /v1/messages/hide-paid and unhide-paid: the fan tidies their purchases list. */
export async function setPurchasesHidden(ctx: AppContext, user: UserRow, ids: string[], hidden: boolean) {
  const numeric = ids.filter((x) => /^\d{1,18}$/.test(x)).map(Number);
  if (numeric.length === 0) return { updated: 0 };
  return { updated: await purchasesRepository.setHidden(ctx.db, user.id, numeric, hidden) };
}

/** GET /v1/media/sales: what the caller earned, and how many of their paid messages were bought. */
export async function salesSummary(ctx: AppContext, user: UserRow): Promise<SalesSummary> {
  return {
    earnings: await ledger.balance(ctx.db, user.id, 'earnings'),
    sold: await purchasesRepository.countSold(ctx.db, user.id),
  };
}

export const SELF_DESTRUCT_JOB = 'media-self-destruct';
const DESTRUCT_BATCH = 500;

/** Hides self-destructing content whose time has come, for both sides, and tells them. */
export function selfDestructTask(ctx: AppContext): PeriodicTask {
  return {
    name: SELF_DESTRUCT_JOB,
    intervalMs: 15_000,
    async run(now) {
      let handled = 0;
      for (;;) {
        const due = await purchasesRepository.destructDue(ctx.db, now, DESTRUCT_BATCH);
        for (const m of due) {
          for (const viewer of [m.sender_id, m.recipient_id]) {
            ctx.hub.publish(viewer, 'message_hidden', { chat_id: m.chat_id, message_id: String(m.id) });
          }
        }
        handled += due.length;
        if (due.length < DESTRUCT_BATCH) return handled;
      }
    },
  };
}
