import { SUBSCRIPTION_PERIOD_MS } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { PeriodicTask } from '../../jobs/scheduler';
import { DomainError } from '../../lib/errors';
import { idempotent, ledger } from '../ledger/service';
import { chargeSavedCardOffSession } from '../payments/service';
import { type SubscriptionRow, subscriptionsRepository } from './repository';

export const RENEWAL_JOB = 'subscriptions.renew';
const BATCH = 200;

const isBalanceTooLow = (e: unknown) => e instanceof DomainError && e.status === 402;

/**
 * Charges one period of one subscription. The ledger key names the period, and the period moves on
 * only if it is still the one charged, so a crash or a second process never charges a period twice.
 */
async function renewOne(ctx: AppContext, sub: SubscriptionRow): Promise<'renewed' | 'short'> {
  const period = sub.current_period_end.toISOString();
  try {
    const balance = await idempotent(ctx.db, async (trx) => {
      const next = new Date(sub.current_period_end.getTime() + SUBSCRIPTION_PERIOD_MS);
      const moved = await subscriptionsRepository.advancePeriod(trx, sub.id, sub.current_period_end, next);
      if (!moved) return null;
      const paid = await ledger.transfer(trx, {
        fromUserId: sub.fan_id,
        toUserId: sub.creator_id,
        amount: sub.price,
        reason: 'subscription',
        idempotencyKey: `renewal:${sub.id}:${period}`,
        reference: sub.id,
      });
      return paid.balance;
    });
    if (balance !== null) ctx.hub.publish(sub.fan_id, 'total_credits', { credits: balance });
    return 'renewed';
  } catch (e) {
    if (isBalanceTooLow(e)) return 'short';
    throw e;
  }
}

/**
 * Due subscriptions renew from credits; a saved card tops up what is missing; otherwise they lapse.
 * A subscription whose creator may not be paid now (awaiting moderation, denied, banned) lapses
 * without charging the fan, all of them in one statement; the fan may subscribe again later.
 */
export async function renewDue(ctx: AppContext, now: Date): Promise<number> {
  let handled = await subscriptionsRepository.lapseUnpayable(ctx.db, now, BATCH);
  const due = await subscriptionsRepository.due(ctx.db, now, BATCH);
  for (const sub of due) {
    let outcome = await renewOne(ctx, sub);
    if (outcome === 'short' && sub.card_id) {
      const period = sub.current_period_end.toISOString();
      const topped = await chargeSavedCardOffSession(
        ctx,
        sub.fan_id,
        sub.card_id,
        sub.price,
        `renewal-topup:${sub.id}:${period}`,
      );
      if (topped) outcome = await renewOne(ctx, sub);
    }
    if (outcome === 'short') {
      await subscriptionsRepository.cancelActive(ctx.db, sub.fan_id, [sub.id], now);
      await subscriptionsRepository.markSubscriber(ctx.db, sub.creator_id, [sub.fan_id], false);
    }
    handled++;
  }
  return handled;
}

export const renewalTask = (ctx: AppContext): PeriodicTask => ({
  name: RENEWAL_JOB,
  intervalMs: 60_000,
  run: (now) => renewDue(ctx, now),
});
