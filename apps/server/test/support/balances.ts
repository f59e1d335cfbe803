import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { ledger } from '../../src/modules/ledger/service';

/** A user's credits and earnings as the app reads them (earnings are spread over shards). */
export async function balances(db: Kysely<DB>, userId: string) {
  return {
    credits: await ledger.balance(db, userId, 'credits'),
    earnings: await ledger.balance(db, userId, 'earnings'),
  };
}

/** `balances` of several users, with their ids, in the order given. */
export function balancesOf(db: Kysely<DB>, ids: readonly string[]) {
  return Promise.all(ids.map(async (id) => ({ id, ...(await balances(db, id)) })));
}

/**
 * What a creator earns from one payment under the default PLATFORM_FEE_PERCENT (20): the amount less
 * the platform's share, rounded down (docs/payments.md "The platform's fee").
 */
export const creatorShare = (amount: number, feePercent = 20) =>
  amount - Math.floor((amount * feePercent) / 100);
