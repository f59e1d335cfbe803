import { randomUUID } from 'node:crypto';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  ERRORS,
  SUBSCRIBE_CREATORS_ONLY_MESSAGE,
  SUBSCRIPTION_PERIOD_MS,
  subscriptionPriceChangedMessage,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import { assertCanReceivePayments, assertNotFrozen, isUuid } from '../../lib/users';
import { claimKey, keyExpired, keyFor, priorUse, recordUse } from '../ledger/idempotency';
import { idempotentWithEvents, ledger } from '../ledger/service';
import { holdCard, usableCard } from '../payments/cards';
import { users } from '../users/service';
import { subscriptionsRepository, toSubscription } from './repository';

const isActivePairViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' &&
  String((e as { constraint?: string; message?: string }).constraint ?? (e as Error).message).includes(
    'active_pair',
  );

async function one(ctx: AppContext, id: string) {
  const [row] = await subscriptionsRepository.byIds(ctx.db, [id]);
  return toSubscription(row!);
}

async function subscribed(ctx: AppContext, fan: UserRow, id: string) {
  return { subscription: await one(ctx, id), credits: await ledger.balance(ctx.db, fan.id) };
}

/**
 * POST /v1/subscriptions: the first period is paid from credits at once (fan -> creator through the
 * ledger, with the subscription row, in one transaction). A saved `card_id` tops the balance up at
 * renewal when credits run short; that card cannot be deleted while the subscription is active.
 * The idempotency key answers a repeat (also a concurrent one) with the same subscription.
 */
export async function subscribe(
  ctx: AppContext,
  fan: UserRow,
  input: {
    model_id: string;
    card_id?: string | undefined;
    idempotency_key?: string | undefined;
    expected_price?: number | undefined;
  },
) {
  assertNotFrozen(fan);
  const idempotencyKey = keyFor(fan.id, 'subscribe', input.idempotency_key, {
    model_id: input.model_id,
    card_id: input.card_id,
  });
  const prior = await priorUse(ctx.db, idempotencyKey);
  if (prior !== undefined) return subscribed(ctx, fan, prior);
  if (input.model_id === fan.id)
    throw badRequest(SUBSCRIBE_CREATORS_ONLY_MESSAGE, 'not_a_creator', 'model_id');
  const creator = isUuid(input.model_id) ? await users.byId(ctx.db, input.model_id) : undefined;
  if (!creator || creator.banned_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
  if (creator.type !== 'featured')
    throw badRequest(SUBSCRIBE_CREATORS_ONLY_MESSAGE, 'not_a_creator', 'model_id');
  await assertCanReceivePayments(ctx.db, creator);
  // The fan agreed to the price they were shown: a change since then is not charged silently.
  if (input.expected_price !== undefined && input.expected_price !== creator.subscription_price) {
    throw conflict(subscriptionPriceChangedMessage(creator.subscription_price), 'price_changed');
  }
  const card = input.card_id ? await usableCard(ctx, fan.id, input.card_id) : null;
  const key = `subscribe:${input.idempotency_key ?? randomUUID()}`;
  // The creator's price now; the subscription keeps it, and renewals charge it (docs/payments.md).
  const price = creator.subscription_price;
  const now = ctx.clock.now();

  let result: { id: string; balance: number; replayed: boolean };
  try {
    result = await idempotentWithEvents(ctx.events, ctx.db, async (trx, tx) => {
      // A concurrent twin waits here for the first request and then answers its subscription.
      const twin = await claimKey(trx, idempotencyKey);
      if (twin !== undefined) return { id: twin, balance: await ledger.balance(trx, fan.id), replayed: true };
      // Hold the card so it cannot be deleted between the check above and this subscription.
      if (card) await holdCard(trx, card.id);
      const subId = await subscriptionsRepository.insert(trx, {
        fan_id: fan.id,
        creator_id: creator.id,
        status: 'active',
        price,
        card_id: card?.id ?? null,
        started_at: now,
        current_period_end: new Date(now.getTime() + SUBSCRIPTION_PERIOD_MS),
      });
      const paid = await ledger.transfer(trx, {
        fromUserId: fan.id,
        toUserId: creator.id,
        amount: price,
        reason: 'subscription',
        idempotencyKey: key,
        reference: subId,
      });
      // The key was claimed above, so a ledger entry under it is from a key since expired: this
      // subscription would be free. It is refused, and the row just inserted rolls back.
      if (paid.replayed) throw keyExpired();
      await subscriptionsRepository.markSubscriber(trx, creator.id, [fan.id], true);
      await recordUse(trx, idempotencyKey, subId);
      await tx.publish('subscription_started', {
        subscriptionId: subId,
        fan: { id: fan.id, username: fan.username },
        creatorId: creator.id,
        at: now,
      });
      return { id: subId, balance: paid.balance, replayed: false };
    });
  } catch (e) {
    if (isActivePairViolation(e)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE, 'already_subscribed');
    throw e;
  }
  if (!result.replayed) ctx.hub.publish(fan.id, 'total_credits', { credits: result.balance });
  return { subscription: await one(ctx, result.id), credits: result.balance };
}

/** GET /v1/subscriptions: `{ data, next, total }`, 20 a page. */
export async function listSubscriptions(ctx: AppContext, fan: UserRow, q: { limit: number; offset: number }) {
  const { rows, total } = await subscriptionsRepository.page(ctx.db, fan.id, q.limit, q.offset);
  return {
    data: rows.map(toSubscription),
    next: nextLink(
      '/v1/subscriptions',
      { limit: q.limit, offset: q.offset },
      rows.length === q.limit && q.offset + rows.length < total,
    ),
    total,
  };
}

/**
 * DELETE /v1/subscriptions?ids=: cancels the caller's active subscriptions among `ids` in one
 * statement. Access lasts until the paid period ends; nothing renews. Unknown ids are ignored.
 */
export async function cancelSubscriptions(ctx: AppContext, fan: UserRow, ids: string[]) {
  const valid = ids.filter(isUuid);
  const canceled = await ctx.db.transaction().execute(async (trx) => {
    const rows = await subscriptionsRepository.cancelActive(trx, fan.id, valid, ctx.clock.now());
    for (const row of rows)
      await subscriptionsRepository.markSubscriber(trx, row.creator_id, [fan.id], false);
    return rows;
  });
  const rows = await subscriptionsRepository.byIds(ctx.db, valid);
  return { data: rows.filter((r) => r.fan_id === fan.id).map(toSubscription), canceled: canceled.length };
}
