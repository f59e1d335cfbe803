import type { ReferralsPage } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PeriodicTask } from '../../jobs/scheduler';
import { featuresFor } from '../../lib/features';
import { nextLink } from '../../lib/paging';
import { idempotent, ledger, platformAccountId } from '../ledger/service';
import { referralsRepository } from './repository';

/** A referred fan's credit purchases earn their referrer this share (with credit_package_sales_commissions). */
const FAN_PACKAGE_PERCENT = 10;
/** Ledger rows are left this long before the sweep reads them: a transaction still running commits first. */
const SETTLE_MS = 60_000;
const SWEEP_BATCH = 2_000;

/** GET /v1/users/referrals: the accounts that signed up with my code (my username), newest first. */
export async function listReferrals(
  ctx: AppContext,
  user: UserRow,
  q: { limit: number; offset: number },
): Promise<ReferralsPage> {
  const rows = await referralsRepository.page(ctx.db, user.id, q.limit + 1, q.offset);
  return {
    data: rows.slice(0, q.limit).map((r) => ({
      _id: r.id,
      username: r.username,
      type: r.type,
      created_at: r.created_at.toISOString(),
      earned: Number(r.earned ?? 0),
    })),
    next: nextLink('/v1/users/referrals', { limit: q.limit, offset: q.offset }, rows.length > q.limit),
  };
}

/**
 * Pays the referral commissions of the ledger rows written since the last sweep (docs/payments.md, "Referrals"), in
 * one transaction: a referred creator's earnings give their referrer REFERRAL_PERCENT, taken from
 * the platform's fee (one platform debit per sweep, so the platform's rows are folded once, not per
 * payment); a referred fan's credit purchase gives a referrer with `credit_package_sales_commissions`
 * 10 % of the credits, a credit like the package's own (its money came from outside the ledger).
 * Each commission is keyed by the row it comes from: a sweep run twice pays nothing twice. The
 * referrers hear `sale_commissions` after commit. Answers how many commissions were paid.
 */
export async function sweepCommissions(ctx: AppContext, settleMs = SETTLE_MS): Promise<number> {
  const settledBefore = new Date(ctx.clock.now().getTime() - settleMs);
  const paid = await idempotent(ctx.db, async (trx) => {
    const after = await referralsRepository.lockSweep(trx);
    const { rows, lastId } = await referralsRepository.sources(trx, after, settledBefore, SWEEP_BATCH);
    const out: { referrer: string; amount: number; from: string; kind: 'creator' | 'fan' }[] = [];
    let fromPlatform = 0;
    for (const r of rows) {
      const percent =
        r.kind === 'creator'
          ? ctx.config.referralPercent
          : featuresFor({ type: r.referrer_type, features: r.referrer_features ?? {} })
                .credit_package_sales_commissions
            ? FAN_PACKAGE_PERCENT
            : 0;
      const amount = Math.floor((r.delta * percent) / 100);
      if (amount <= 0) continue;
      const posted = await ledger.credit(trx, {
        userId: r.referrer_id,
        account: 'earnings',
        amount,
        reason: 'referral',
        idempotencyKey: `referral:${r.id}`,
        counterpartyId: r.source_id,
        reference: r.kind,
      });
      if (posted.replayed) continue;
      if (r.kind === 'creator') fromPlatform += amount;
      out.push({ referrer: r.referrer_id, amount, from: r.source_id, kind: r.kind });
    }
    if (fromPlatform > 0)
      await ledger.debit(trx, {
        userId: await platformAccountId(trx),
        account: 'earnings',
        amount: fromPlatform,
        reason: 'referral',
        idempotencyKey: `referral-sweep:${after}-${lastId}`,
      });
    await referralsRepository.setSweep(trx, lastId);
    return out;
  });
  for (const c of paid)
    ctx.hub.publish(c.referrer, 'sale_commissions', { amount: c.amount, from_user_id: c.from, kind: c.kind });
  return paid.length;
}

/** The sweep, every 10 seconds, in one process at a time. */
export function referralCommissionsTask(ctx: AppContext): PeriodicTask {
  return { name: 'referrals.commissions', intervalMs: 10_000, run: () => sweepCommissions(ctx) };
}
