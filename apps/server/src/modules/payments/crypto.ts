import { createHash } from 'node:crypto';
import type { CRYPTO_CURRENCIES } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import { keyFor, priorUse } from '../ledger/idempotency';
import { cryptoTopUpEnabled } from '../provider/service';
import { type PaymentRow, paymentsRepository } from './repository';
import { completePayment, findPackage, startPayment } from './service';

/** Simulated exchange rates (US dollars per coin) and the network fee share of the sandbox chain. */
const USD_PER_COIN: Record<(typeof CRYPTO_CURRENCIES)[number], number> = { BTC: 60_000, ETH: 3_000, USDT: 1 };
const FEE_SHARE = 0.01;
export const CRYPTO_DISABLED_MESSAGE = 'Crypto payments are not available for this account.';

const round8 = (n: number) => Math.round(n * 1e8) / 1e8;

/** The receipt of a top-up: the same for the first request and every repeat of it. */
function receipt(payment: PaymentRow) {
  const paid = round8(
    payment.amount_cents / 100 / USD_PER_COIN[payment.currency as keyof typeof USD_PER_COIN],
  );
  return {
    transaction_id: `0x${createHash('sha256').update(payment.id).digest('hex')}`,
    credits: payment.credits,
    paid_amount: paid,
    paid_currency: payment.currency,
    fee: round8(paid * FEE_SHARE),
  };
}

/**
 * A simulated crypto top-up: the sandbox "chain" confirms at once, the credits land through the
 * ledger (reason crypto_topup) and every tab gets `credits_top_up` (the receipt) and `total_credits`.
 * The same idempotency key tops up once; with another package or currency it is 422.
 */
export async function cryptoTopUp(
  ctx: AppContext,
  user: UserRow,
  input: { package_id: string; currency: (typeof CRYPTO_CURRENCIES)[number]; idempotency_key: string },
) {
  assertNotFrozen(user);
  if (!cryptoTopUpEnabled(ctx, user)) throw forbidden(CRYPTO_DISABLED_MESSAGE, 'crypto_disabled');
  const key = keyFor(user.id, 'crypto_topup', input.idempotency_key, {
    package_id: input.package_id,
    currency: input.currency,
  });
  const prior = await priorUse(ctx.db, key);
  if (prior !== undefined) return receipt((await paymentsRepository.byId(ctx.db, prior))!);
  const pkg = findPackage(input.package_id);
  const { payment, first } = await startPayment(ctx.db, key, {
    user_id: user.id,
    idempotency_key: input.idempotency_key,
    kind: 'crypto',
    package_id: pkg._id,
    credits: pkg.credits,
    amount_cents: pkg.price_cents,
    currency: input.currency,
  });
  const topUp = receipt(payment);
  if (first && (await completePayment(ctx, payment.id, 'pending')))
    ctx.hub.publish(user.id, 'credits_top_up', topUp);
  return topUp;
}
