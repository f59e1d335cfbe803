import { createHash } from 'node:crypto';
import type { CRYPTO_CURRENCIES } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import { cryptoTopUpEnabled } from '../provider/service';
import { paymentsRepository } from './repository';
import { completePayment, findPackage } from './service';

/** Simulated exchange rates (US dollars per coin) and the network fee share of the sandbox chain. */
const USD_PER_COIN: Record<(typeof CRYPTO_CURRENCIES)[number], number> = { BTC: 60_000, ETH: 3_000, USDT: 1 };
const FEE_SHARE = 0.01;
export const CRYPTO_DISABLED_MESSAGE = 'Crypto payments are not available for this account.';

const round8 = (n: number) => Math.round(n * 1e8) / 1e8;

/**
 * A simulated crypto top-up: the sandbox "chain" confirms at once, the credits land through the
 * ledger (reason crypto_topup) and every tab gets `credits_top_up` (the receipt) and `total_credits`.
 * The same idempotency key tops up once.
 */
export async function cryptoTopUp(
  ctx: AppContext,
  user: UserRow,
  input: { package_id: string; currency: (typeof CRYPTO_CURRENCIES)[number]; idempotency_key: string },
) {
  assertNotFrozen(user);
  if (!cryptoTopUpEnabled(ctx, user)) throw forbidden(CRYPTO_DISABLED_MESSAGE, 'crypto_disabled');
  const pkg = findPackage(input.package_id);
  const inserted = await paymentsRepository.insertPending(ctx.db, {
    user_id: user.id,
    idempotency_key: input.idempotency_key,
    kind: 'crypto',
    package_id: pkg._id,
    credits: pkg.credits,
    amount_cents: pkg.price_cents,
    currency: input.currency,
  });
  const payment = inserted ?? (await paymentsRepository.byKey(ctx.db, user.id, input.idempotency_key))!;
  const paid = round8(
    payment.amount_cents / 100 / USD_PER_COIN[payment.currency as keyof typeof USD_PER_COIN],
  );
  const topUp = {
    transaction_id: `0x${createHash('sha256').update(payment.id).digest('hex')}`,
    credits: payment.credits,
    paid_amount: paid,
    paid_currency: payment.currency,
    fee: round8(paid * FEE_SHARE),
  };
  if (inserted && (await completePayment(ctx, inserted.id, 'pending')))
    ctx.hub.publish(user.id, 'credits_top_up', topUp);
  return topUp;
}
