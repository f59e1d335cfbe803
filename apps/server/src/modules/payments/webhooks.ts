import { PAYMENT_NOT_REFUNDABLE, type RefundResponse, WEBHOOK_SIGNATURE_MESSAGE } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { LedgerReason } from '../../db/schema';
import { badRequest, conflict, DomainError, notFound } from '../../lib/errors';
import { balanceOf, idempotent, ledger } from '../ledger/service';
import { type ProviderEvent, WebhookSignatureError } from './provider';
import { type PaymentRow, paymentsRepository, providerRepository, reversalsRepository } from './repository';
import { completePayment, paymentProvider } from './service';

/**
 * POST /v1/payment/webhook/{provider}: verifies the provider's signature over the raw body, then
 * applies the event once. Every effect is idempotent by the payment (a conditional status change,
 * ledger keys derived from the payment and the spend), and the event id is recorded after it, so a
 * redelivered event, or two events saying the same thing (checkout.session.completed and
 * payment_intent.succeeded), credit once.
 */
export async function receiveWebhook(
  ctx: AppContext,
  providerName: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true }> {
  const provider = paymentProvider(ctx);
  if (provider.name !== providerName || !provider.parseWebhook) throw notFound();
  let event: ProviderEvent;
  try {
    event = await provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw badRequest(WEBHOOK_SIGNATURE_MESSAGE, 'webhook_signature_invalid');
    throw error;
  }
  if (await providerRepository.eventSeen(ctx.db, provider.name, event.id)) return { received: true };
  const payment =
    event.kind === 'ignored'
      ? undefined
      : await paymentsRepository.forEvent(ctx.db, provider.name, event.paymentId, event.providerPayment);
  if (payment) await applyEvent(ctx, payment, event);
  await providerRepository.recordEvent(
    ctx.db,
    provider.name,
    event.id,
    event.kind === 'ignored' ? event.type : event.kind,
    payment?.id ?? null,
  );
  return { received: true };
}

async function applyEvent(ctx: AppContext, payment: PaymentRow, event: ProviderEvent) {
  switch (event.kind) {
    case 'paid': {
      const change: Parameters<typeof paymentsRepository.update>[2] = {};
      if (event.providerPayment && !payment.provider_payment) change.provider_payment = event.providerPayment;
      if (event.checkoutId && !payment.provider_checkout) change.provider_checkout = event.checkoutId;
      // The method the fan paid with, as the provider reports it: kept when the fan asked to save it.
      const m = event.method;
      if (m && payment.save_card && !payment.card_id && m.brand && payment.status !== 'succeeded') {
        Object.assign(change, {
          card_brand: m.brand,
          card_last4: m.last4,
          card_exp_month: m.expMonth,
          card_exp_year: m.expYear,
          card_name: m.name,
          card_fingerprint: m.fingerprint,
          provider_token: m.token,
        });
      }
      if (Object.keys(change).length > 0) await paymentsRepository.update(ctx.db, payment.id, change);
      // Money was taken: credit even a payment an earlier attempt marked failed (a retried checkout).
      await completePayment(ctx, payment.id, ['pending', 'requires_action', 'failed']);
      return;
    }
    case 'failed':
      // A hosted checkout lets the fan try another card on the same page: only a saved-card charge
      // fails for good here; the checkout stays open until it is paid or abandoned.
      if (payment.provider_checkout === null)
        await paymentsRepository.transition(ctx.db, payment.id, ['pending', 'requires_action'], {
          status: 'failed',
          failure_message: event.message,
          completed_at: ctx.clock.now(),
        });
      return;
    case 'refunded':
      await reversePayment(ctx, payment.id, takenBack(payment, event.refundedCents), 'refund');
      return;
    case 'chargeback':
      await reversePayment(ctx, payment.id, takenBack(payment, event.disputedCents), 'chargeback');
      return;
    case 'ignored':
      return;
  }
}

/** The payment's credits that `cents` of its price stand for (all of them for a full refund). */
const takenBack = (p: PaymentRow, cents: number) =>
  p.amount_cents <= 0 ? p.credits : Math.min(p.credits, Math.floor((p.credits * cents) / p.amount_cents));

/**
 * Takes back a refunded or charged-back payment's credits, up to `target` in all for this payment
 * (docs/payments.md "Refunds and chargebacks"):
 *
 * 1. from the fan's balance, as far as it goes (never below zero);
 * 2. what the fan had already spent becomes a debt on the account (`users.credits_debt`), which the
 *    next credits bought pay first;
 * 3. for that spent part, the creators who were paid with it give back their share: the fan's
 *    spends since the payment, oldest first, until the spent part is covered; each creator's share
 *    of the part attributed is taken from their earnings not yet paid out (never below zero; what
 *    was already paid out stays with the creator and is the platform's loss). A spend is reversed
 *    once, under the key `reversal:{spend}`.
 *
 * One transaction, the payment row locked: a refund and a dispute of one payment arriving together
 * take back at most its credits. Answers whether this call took anything back: of two at once, the
 * one that waited for the lock finds the work done.
 */
export async function reversePayment(
  ctx: AppContext,
  paymentId: string,
  target: number,
  reason: Extract<LedgerReason, 'refund' | 'chargeback'>,
): Promise<boolean> {
  const done = await idempotent(ctx.db, async (trx) => {
    const p = await paymentsRepository.lock(trx, paymentId);
    if (p?.status !== 'succeeded') return null;
    const delta = Math.min(target, p.credits) - p.reversed_credits;
    if (delta <= 0) return null;
    await reversalsRepository.lockDebt(trx, p.user_id);
    const balance = await balanceOf(trx, p.user_id, 'credits');
    const take = Math.min(balance, delta);
    let after = balance;
    if (take > 0)
      after = (
        await ledger.debit(trx, {
          userId: p.user_id,
          account: 'credits',
          amount: take,
          reason,
          idempotencyKey: `${reason}:${p.id}:${p.reversed_credits}`,
          reference: p.id,
        })
      ).balance;
    const spent = delta - take;
    const reversed: string[] = [];
    if (spent > 0) {
      await reversalsRepository.addDebt(trx, p.user_id, spent);
      let left = spent;
      for (const s of await reversalsRepository.spendsAfter(trx, p.user_id, p.id)) {
        if (left <= 0) break;
        if (s.reversed) continue;
        const part = Math.min(s.amount, left);
        left -= part;
        const share = Math.floor((s.creator_share * part) / s.amount);
        const available = await balanceOf(trx, s.creator_id, 'earnings');
        const back = Math.min(share, available);
        if (back <= 0) continue;
        await ledger.debit(trx, {
          userId: s.creator_id,
          account: 'earnings',
          amount: back,
          reason: 'payment_reversal',
          idempotencyKey: `reversal:${s.id}`,
          reference: p.id,
          counterpartyId: p.user_id,
        });
        reversed.push(s.creator_id);
      }
    }
    await paymentsRepository.update(trx, p.id, { reversed_credits: p.reversed_credits + delta });
    return { userId: p.user_id, balance: after };
  });
  if (!done) return false;
  ctx.hub.publish(done.userId, 'total_credits', { credits: done.balance });
  return true;
}

/**
 * POST /v1/admin/payments/{id}/refund: refunds what is left of a card payment. The sandbox moves no
 * money, so its credits come back at once; a real provider refunds, and its `charge.refunded`
 * webhook takes the credits back through `reversePayment` like any refund made in its dashboard.
 */
export async function refundPayment(ctx: AppContext, paymentId: string): Promise<RefundResponse> {
  const p = await paymentsRepository.byId(ctx.db, paymentId);
  if (!p) throw notFound('Payment not found', 'payment_not_found');
  if (p.kind !== 'card' || p.status !== 'succeeded' || p.reversed_credits >= p.credits)
    throw conflict(PAYMENT_NOT_REFUNDABLE, 'payment_not_refundable');
  const provider = paymentProvider(ctx);
  if (p.provider !== provider.name) throw conflict(PAYMENT_NOT_REFUNDABLE, 'payment_not_refundable');
  if (provider.cardForm) {
    // The check above read the payment unlocked: a refund racing this one may have taken the
    // credits back since, and then this one refunded nothing.
    if (!(await reversePayment(ctx, p.id, p.credits, 'refund')))
      throw conflict(PAYMENT_NOT_REFUNDABLE, 'payment_not_refundable');
    return { payment_id: p.id, status: 'refunded' };
  }
  const left = p.amount_cents - Math.ceil((p.reversed_credits * p.amount_cents) / p.credits);
  try {
    await provider.refund({ providerPayment: p.provider_payment, amountCents: left });
  } catch (error) {
    throw Object.assign(
      new DomainError(502, 'provider_unavailable', 'The payment provider refused or could not be reached.'),
      { cause: error },
    );
  }
  return { payment_id: p.id, status: 'refund_requested' };
}
