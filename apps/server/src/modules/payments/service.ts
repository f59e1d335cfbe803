import {
  CARD_ON_PROVIDER_PAGE_MESSAGE,
  CHOOSE_CARD_MESSAGE,
  CREDIT_PACKAGES,
  type CreditPackage,
  cardBrand,
  type PaymentData,
  type PaymentResponse,
} from '@parlor/contract';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, DomainError, notFound } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import {
  claimKey,
  type IdempotencyKey,
  isKeyExpired,
  keyExpired,
  keyFor,
  priorUse,
  recordUse,
} from '../ledger/idempotency';
import { idempotent, ledger } from '../ledger/service';
import { cardFingerprint, usableCard } from './cards';
import { challengeUrl } from './challenge';
import { type ChargeResult, createSandboxProvider, DECLINE_MESSAGES, type PaymentProvider } from './provider';
import {
  cardsRepository,
  type PaymentRow,
  paymentsRepository,
  providerRepository,
  reversalsRepository,
} from './repository';
import { createStripeProvider } from './stripe';
import { callbackUrl } from './urls';

export type { PaymentRow } from './repository';

type Db = AppContext['db'];

const sandbox = createSandboxProvider();
const providers = new WeakMap<Config, PaymentProvider>();
/** PAYMENT_PROVIDER picks the provider: the built-in sandbox, or Stripe with its keys. */
export function paymentProvider(ctx: Pick<AppContext, 'config'>): PaymentProvider {
  const { config } = ctx;
  if (config.paymentProvider !== 'stripe' || !config.stripe) return sandbox;
  let provider = providers.get(config);
  if (!provider) {
    provider = createStripeProvider(config.stripe);
    providers.set(config, provider);
  }
  return provider;
}

export const PROVIDER_UNAVAILABLE =
  'The payment provider could not be reached. No money was taken; please try again.';
const providerUnavailable = () => new DomainError(502, 'provider_unavailable', PROVIDER_UNAVAILABLE);

export const PACKAGE_NOT_FOUND = 'Credit package not found';
export function findPackage(id: string): CreditPackage {
  const pkg = CREDIT_PACKAGES.find((p) => p._id === id);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND, 'package_not_found');
  return pkg;
}

/** A twin request with the same key may still be charging: wait for it to settle (a few seconds at most). */
async function settled(db: Db, paymentId: string): Promise<PaymentRow> {
  for (let i = 0; i < 100; i++) {
    const row = await paymentsRepository.byId(db, paymentId);
    if (row?.status !== 'pending') return row!;
    await new Promise((r) => setTimeout(r, 50));
  }
  return (await paymentsRepository.byId(db, paymentId))!;
}

/**
 * Inserts a pending payment under a key claimed in the same transaction. Answers the new payment, or
 * the payment an earlier request with this key made (a concurrent twin waits for that one's commit).
 */
export async function startPayment(
  db: Db,
  k: IdempotencyKey,
  values: Parameters<typeof paymentsRepository.insertPending>[1],
): Promise<{ payment: PaymentRow; first: boolean }> {
  const started = await db.transaction().execute(async (trx) => {
    const prior = await claimKey(trx, k);
    if (prior !== undefined) return { prior };
    // Claimed anew, yet a payment has the key: the key expired. Never a second charge for it.
    if (await paymentsRepository.keyUsed(trx, values.user_id, values.kind, values.idempotency_key))
      throw keyExpired();
    const payment = await paymentsRepository.insertPending(trx, values);
    await recordUse(trx, k, payment.id);
    return { payment };
  });
  if (started.payment) return { payment: started.payment, first: true };
  return { payment: (await paymentsRepository.byId(db, started.prior))!, first: false };
}

async function answer(ctx: AppContext, p: PaymentRow): Promise<PaymentResponse> {
  // Waiting for the fan (a page to go to) or for the provider to confirm.
  const threeDs = p.status === 'requires_action';
  // Only the sandbox's payments have its challenge page; a provider's are at the provider.
  const redirect = threeDs ? (p.provider === 'sandbox' ? challengeUrl(ctx, p.id) : p.redirect_url) : null;
  const processing = p.status === 'pending' || (threeDs && redirect === null);
  return {
    result: p.status === 'succeeded',
    three_ds: threeDs,
    redirect_url: redirect,
    credits: await ledger.balance(ctx.db, p.user_id),
    payment_id: p.id,
    message: p.status === 'failed' ? p.failure_message : processing ? 'Payment is processing.' : null,
  };
}

/**
 * Marks a payment succeeded and credits the fan, once: the conditional status change and the ledger
 * row (keyed by the payment) commit together, so a replayed success or a second challenge answer
 * changes nothing. Saves the card when the fan asked. Answers null when it was already settled.
 */
export async function completePayment(
  ctx: AppContext,
  paymentId: string,
  from: PaymentRow['status'] | PaymentRow['status'][],
): Promise<{ payment: PaymentRow; balance: number } | null> {
  const done = await idempotent(ctx.db, async (trx) => {
    const p = await paymentsRepository.transition(trx, paymentId, from, {
      status: 'succeeded',
      completed_at: ctx.clock.now(),
    });
    if (!p) return null;
    if (p.save_card && !p.card_id && p.card_fingerprint && p.provider_token && p.card_brand && p.card_last4) {
      const card = await cardsRepository.save(trx, {
        user_id: p.user_id,
        brand: p.card_brand,
        last4: p.card_last4,
        exp_month: p.card_exp_month ?? 1,
        exp_year: p.card_exp_year ?? 0,
        name: p.card_name ?? '',
        fingerprint: p.card_fingerprint,
        provider_token: p.provider_token,
      });
      await paymentsRepository.update(trx, p.id, { card_id: card.id });
    }
    // The provider token of an unsaved card is of no further use: drop it.
    if (!p.save_card) await paymentsRepository.update(trx, p.id, { provider_token: null });
    const posted = await ledger.credit(trx, {
      userId: p.user_id,
      account: 'credits',
      amount: p.credits,
      reason: p.kind === 'crypto' ? 'crypto_topup' : 'package',
      idempotencyKey: `payment:${p.id}`,
      reference: p.id,
    });
    let balance = posted.balance;
    // A debt left by a refund or chargeback of spent credits is paid first from new credits.
    const debt = await reversalsRepository.lockDebt(trx, p.user_id);
    if (debt > 0) {
      const repay = Math.min(debt, p.credits);
      balance = (
        await ledger.debit(trx, {
          userId: p.user_id,
          account: 'credits',
          amount: repay,
          reason: 'debt_repaid',
          idempotencyKey: `debt_repaid:${p.id}`,
          reference: p.id,
        })
      ).balance;
      await reversalsRepository.addDebt(trx, p.user_id, -repay);
    }
    // A first purchase makes the account a customer (is_customer); a package also completes the profile config.
    const profileConfig = await paymentsRepository.markCustomer(trx, p.user_id, p.package_id !== null);
    return { payment: p, balance, profileConfig };
  });
  if (!done) return null;
  ctx.hub.publish(done.payment.user_id, 'total_credits', { credits: done.balance });
  if (done.profileConfig)
    ctx.hub.publish(done.payment.user_id, 'profile_complete_config', done.profileConfig);
  return { payment: done.payment, balance: done.balance };
}

export async function failPayment(
  ctx: AppContext,
  paymentId: string,
  from: PaymentRow['status'],
  message: string,
) {
  await paymentsRepository.transition(ctx.db, paymentId, from, {
    status: 'failed',
    failure_message: message,
    completed_at: ctx.clock.now(),
    provider_token: null,
  });
}

interface CardSource {
  cardId: string | null;
  token: string;
  brand: 'VISA' | 'MASTER';
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  fingerprint: string | null;
}

/** Runs one card charge for a payment row already inserted as pending, and settles it. */
async function chargeAndSettle(ctx: AppContext, p: PaymentRow, offSession: boolean): Promise<PaymentRow> {
  const provider = paymentProvider(ctx);
  let result: ChargeResult;
  try {
    result = await provider.charge({
      token: p.provider_token ?? '',
      amountCents: p.amount_cents,
      paymentId: p.id,
      offSession,
      customerId: provider.cardForm
        ? undefined
        : await providerRepository.customer(ctx.db, p.user_id, provider.name),
      returnUrl: callbackUrl(ctx, p, 'success'),
    });
  } catch (error) {
    await failPayment(ctx, p.id, 'pending', DECLINE_MESSAGES.card_declined);
    if (provider.cardForm) throw error;
    throw providerUnavailable();
  }
  if (result.status !== 'failed' && result.providerPayment)
    await paymentsRepository.update(ctx.db, p.id, { provider_payment: result.providerPayment });
  // The provider's own answer to Parlor's server (never the browser's return) settles a saved-card
  // charge; its webhook says the same later and changes nothing then.
  if (result.status === 'succeeded') await completePayment(ctx, p.id, 'pending');
  else if (result.status === 'requires_action')
    await paymentsRepository.transition(ctx.db, p.id, 'pending', {
      status: 'requires_action',
      redirect_url: result.redirectUrl ?? null,
    });
  else await failPayment(ctx, p.id, 'pending', result.message);
  return (await paymentsRepository.byId(ctx.db, p.id))!;
}

/**
 * What decides a card payment, for its idempotency key: the card as its keyed fingerprint (never the
 * number or CVC); the return URLs and browser data, which the provider ignores, are left out.
 */
function paymentRequest(ctx: AppContext, body: PaymentData): Record<string, unknown> {
  const { card, idempotency_key: _k, success_url: _s, fail_url: _f, browser_info: _b, ...rest } = body;
  if (!card) return rest;
  const { number, cvc: _c, ...shown } = card;
  return { ...rest, card: { ...shown, fingerprint: cardFingerprint(ctx, number) } };
}

/** What a card payment row records of its request, whichever provider takes it. */
function cardPaymentFields(
  user: UserRow,
  body: PaymentData,
  pkg: CreditPackage | null,
  credits: number,
  amountCents: number,
) {
  return {
    user_id: user.id,
    idempotency_key: body.idempotency_key,
    kind: 'card' as const,
    package_id: pkg?._id ?? null,
    credits,
    amount_cents: amountCents,
    purpose: body.type ?? (body.message_id ? 'message' : body.feed_id ? 'feed' : 'package'),
    model_id: body.model_id ?? null,
    purpose_amount: body.amount ?? null,
    chat_id: body.chat_id ?? null,
    message_id: body.message_id ?? null,
    feed_id: body.feed_id ?? null,
  };
}

/**
 * POST /v1/payment: buys credits with a new or saved card. The idempotency key makes a retried or
 * doubled request charge once and answer the same payment; with another request it is 422.
 */
export async function pay(ctx: AppContext, user: UserRow, body: PaymentData): Promise<PaymentResponse> {
  assertNotFrozen(user);
  const key = keyFor(user.id, 'card_payment', body.idempotency_key, paymentRequest(ctx, body));
  const prior = await priorUse(ctx.db, key);
  if (prior !== undefined) return answer(ctx, await settled(ctx.db, prior));

  const pkg = body.package_id ? findPackage(body.package_id) : null;
  const credits = pkg ? pkg.credits : (body.amount ?? 0);
  // Credits without a package cost their dollar value: credits x 0.1 dollars = credits x 10 cents.
  const amountCents = pkg ? pkg.price_cents : credits * 10;

  const provider = paymentProvider(ctx);
  if (!provider.cardForm) {
    // Hosted checkout: the card number is typed on the provider's page, never sent here.
    if (body.card) throw badRequest(CARD_ON_PROVIDER_PAGE_MESSAGE, 'card_not_accepted', 'card');
    if (!body.card_id) return payHosted(ctx, user, body, key, pkg, credits, amountCents);
  } else if (!body.card && !body.card_id) {
    throw badRequest(CHOOSE_CARD_MESSAGE, 'card_required', 'card');
  }

  let source: CardSource;
  if (body.card_id) {
    const card = await usableCard(ctx, user.id, body.card_id);
    source = {
      cardId: card.id,
      token: card.provider_token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      name: card.name,
      fingerprint: card.fingerprint,
    };
  } else {
    // The schema checked Luhn, brand and expiry; the number goes to the provider and no further.
    const card = body.card!;
    source = {
      cardId: null,
      token: paymentProvider(ctx).tokenize(card.number),
      brand: cardBrand(card.number)!,
      last4: card.number.slice(-4),
      expMonth: card.exp_month,
      expYear: card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year,
      name: card.name,
      fingerprint: cardFingerprint(ctx, card.number),
    };
  }

  const { payment, first } = await startPayment(ctx.db, key, {
    ...cardPaymentFields(user, body, pkg, credits, amountCents),
    card_id: source.cardId,
    card_brand: source.brand,
    card_last4: source.last4,
    card_exp_month: source.expMonth,
    card_exp_year: source.expYear,
    card_name: source.name,
    card_fingerprint: source.fingerprint,
    provider_token: source.token,
    save_card: body.save_card && !body.card_id,
    provider: provider.name,
  });
  // A twin with the same key got in first: answer what it did.
  if (!first) return answer(ctx, await settled(ctx.db, payment.id));
  return answer(ctx, await chargeAndSettle(ctx, payment, false));
}

/**
 * Buys `credits` on a saved card without the fan present (subscription renewal top-up). 3-D Secure
 * cannot run here, so a card that needs it fails. Answers whether the credits landed.
 */
export async function chargeSavedCardOffSession(
  ctx: AppContext,
  userId: string,
  cardId: string,
  credits: number,
  idempotencyKey: string,
): Promise<boolean> {
  const card = await cardsRepository.findLive(ctx.db, userId, cardId);
  if (!card) return false;
  const key = keyFor(userId, 'renewal_topup', idempotencyKey, { card_id: cardId, credits });
  let started: Awaited<ReturnType<typeof startPayment>>;
  try {
    started = await startPayment(ctx.db, key, {
      user_id: userId,
      idempotency_key: idempotencyKey,
      kind: 'card',
      credits,
      amount_cents: credits * 10,
      purpose: 'subscription',
      card_id: card.id,
      card_brand: card.brand,
      card_last4: card.last4,
      provider_token: card.provider_token,
      provider: paymentProvider(ctx).name,
    });
  } catch (e) {
    // This period's top-up was made more than a day ago: its credits landed then, none land now.
    if (isKeyExpired(e)) return false;
    throw e;
  }
  const { payment, first } = started;
  const p = first ? await chargeAndSettle(ctx, payment, true) : await settled(ctx.db, payment.id);
  return p.status === 'succeeded';
}

/** The provider's customer of a user, created at the provider on first use. */
export async function providerCustomer(ctx: AppContext, user: UserRow): Promise<string | undefined> {
  const provider = paymentProvider(ctx);
  if (!provider.createCustomer) return undefined;
  const known = await providerRepository.customer(ctx.db, user.id, provider.name);
  if (known) return known;
  // The provider call is keyed by the user, so two first payments at once get one customer.
  const created = await provider.createCustomer({ userId: user.id, email: user.email || null });
  await providerRepository.saveCustomer(ctx.db, user.id, provider.name, created);
  return (await providerRepository.customer(ctx.db, user.id, provider.name)) ?? created;
}

/**
 * A hosted checkout for a new card: the payment waits as `requires_action` and the answer's
 * `redirect_url` is the provider's page; the provider's webhook credits it (webhooks.ts), and the
 * browser comes back to /3ds-callback either way.
 */
async function payHosted(
  ctx: AppContext,
  user: UserRow,
  body: PaymentData,
  key: IdempotencyKey,
  pkg: CreditPackage | null,
  credits: number,
  amountCents: number,
): Promise<PaymentResponse> {
  const provider = paymentProvider(ctx);
  const { payment, first } = await startPayment(ctx.db, key, {
    ...cardPaymentFields(user, body, pkg, credits, amountCents),
    save_card: body.save_card,
    provider: provider.name,
  });
  if (!first) return answer(ctx, await settled(ctx.db, payment.id));
  try {
    const customerId = await providerCustomer(ctx, user);
    const checkout = await provider.createCheckout!({
      paymentId: payment.id,
      amountCents,
      description: pkg ? `${pkg.name}: ${pkg.credits} credits` : `${credits} credits`,
      customerId,
      saveMethod: body.save_card,
      successUrl: callbackUrl(ctx, payment, 'success'),
      cancelUrl: callbackUrl(ctx, payment, 'error'),
    });
    await paymentsRepository.transition(ctx.db, payment.id, 'pending', {
      status: 'requires_action',
      provider_checkout: checkout.checkoutId,
      redirect_url: checkout.url,
    });
  } catch (error) {
    await failPayment(ctx, payment.id, 'pending', PROVIDER_UNAVAILABLE);
    throw Object.assign(providerUnavailable(), { cause: error });
  }
  return answer(ctx, (await paymentsRepository.byId(ctx.db, payment.id))!);
}

/** GET /v1/payment/{id}: my payment as POST /v1/payment answered it, with its state now. */
export async function paymentStatus(ctx: AppContext, userId: string, id: string): Promise<PaymentResponse> {
  const p = await paymentsRepository.ownById(ctx.db, userId, id);
  if (!p) throw notFound('Payment not found', 'payment_not_found');
  return answer(ctx, p);
}
