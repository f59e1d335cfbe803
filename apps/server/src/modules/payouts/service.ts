import {
  type AccountInfo,
  AML_THRESHOLD_USD,
  type AmlRequest,
  creditsToDollars,
  FEATURE_OFF_MESSAGES,
  MINIMUM_PAYOUT_USD,
  PAYOUT_MESSAGES,
  type Payout,
  type PayoutMethod,
  PayoutMethod as PayoutMethods,
} from '@parlor/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, PayoutsTable, UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../../lib/errors';
import { assertFeature, featuresFor } from '../../lib/features';
import { nextLink } from '../../lib/paging';
import { assertNotFrozen, isUuid } from '../../lib/users';
import { assertMayActOn, recordAudit } from '../admin/service';
import { idempotent, ledger } from '../ledger/service';
import { users } from '../users/service';
import { payoutsRepository } from './repository';

type PayoutRow = Selectable<PayoutsTable>;
const DAY_MS = 86_400_000;
/** One credit is $0.10. */
const creditsOf = (usd: number) => Math.round(usd * 10);

function assertCreator(user: UserRow) {
  if (user.type !== 'featured') throw forbidden(PAYOUT_MESSAGES.creatorsOnly, 'creators_only');
}

/** Payout details as shown back: enough to recognise them, not enough to use them. */
export function maskDetails(details: string | null): string | null {
  if (!details) return null;
  const at = details.indexOf('@');
  if (at > 0) return `${details[0]}•••${details.slice(at)}`;
  const compact = details.replace(/\s+/g, '');
  return `•••• ${compact.slice(-4)}`;
}

export function toPayout(row: PayoutRow): Payout {
  return {
    _id: String(row.id),
    amount_usd: creditsToDollars(row.amount),
    method: row.method,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** GET /v1/account/info: how the creator is paid, details masked. */
export function accountInfo(user: UserRow): AccountInfo {
  assertCreator(user);
  const features = featuresFor(user);
  return {
    payout_method: user.payout_method,
    payout_details: maskDetails(user.payout_account),
    payout_country: user.payout_country,
    minimum_payout_usd: MINIMUM_PAYOUT_USD.toFixed(2),
    aml_status: user.aml_status,
    payout_methods: PayoutMethods.options.filter((m: PayoutMethod) => features[m]),
  };
}

/** GET /v1/account/payouts: newest first. */
export async function listPayouts(ctx: AppContext, user: UserRow, q: { limit: number; offset: number }) {
  assertCreator(user);
  const rows = await payoutsRepository.pageOf(ctx.db, user.id, q.limit + 1, q.offset);
  return {
    data: rows.slice(0, q.limit).map(toPayout),
    next: nextLink('/v1/account/payouts', { limit: q.limit, offset: q.offset }, rows.length > q.limit),
  };
}

/**
 * POST /v2/account/payout: at least the minimum, at most what is available, a payout
 * method set, none pending, and over the AML threshold in 30 days only with an approved check. The
 * amount leaves the earnings at once (the ledger's `payout` debit, the hold) in the same transaction
 * as the payout row; one pending payout per creator is a unique key.
 */
export async function requestPayout(ctx: AppContext, user: UserRow, amountUsd: number): Promise<Payout> {
  assertCreator(user);
  assertNotFrozen(user);
  if (!user.payout_method)
    throw badRequest(PAYOUT_MESSAGES.noMethod, 'payout_method_missing', 'payout_method');
  // A method saved earlier that an admin has since turned off pays nothing until another is chosen.
  assertFeature(
    user,
    user.payout_method as PayoutMethod,
    FEATURE_OFF_MESSAGES.payoutMethod,
    'payout_method_disabled',
  );
  if (amountUsd < MINIMUM_PAYOUT_USD)
    throw badRequest(PAYOUT_MESSAGES.minimum, 'payout_under_minimum', 'amount_usd');
  const amount = creditsOf(amountUsd);
  const now = ctx.clock.now();
  if (await payoutsRepository.hasPending(ctx.db, user.id))
    throw conflict(PAYOUT_MESSAGES.pending, 'payout_pending');
  const overAvailable = (available: number) =>
    badRequest(
      `${PAYOUT_MESSAGES.overAvailable} $${creditsToDollars(available)}.`,
      'payout_over_available',
      'amount_usd',
    );

  const row = await idempotent(ctx.db, async (trx) => {
    const available = await ledger.balance(trx, user.id, 'earnings');
    if (amount > available) throw overAvailable(available);
    const asked = await payoutsRepository.askedSince(trx, user.id, new Date(now.getTime() - 30 * DAY_MS));
    if (creditsOf(AML_THRESHOLD_USD) < asked + amount && user.aml_status !== 'approved')
      throw new DomainError(
        422,
        'aml_required',
        user.aml_status === 'pending' ? PAYOUT_MESSAGES.amlPending : PAYOUT_MESSAGES.aml,
      );
    const payout = await payoutsRepository.insert(trx, {
      user_id: user.id,
      amount,
      method: user.payout_method as string,
      // Where to send it, whole, for the admin who pays it.
      details: user.payout_holder ? `${user.payout_holder}, ${user.payout_account}` : user.payout_account,
      at: now,
    });
    if (!payout) throw conflict(PAYOUT_MESSAGES.pending, 'payout_pending');
    try {
      await ledger.debit(trx, {
        userId: user.id,
        account: 'earnings',
        amount,
        reason: 'payout',
        idempotencyKey: `payout:${payout.id}`,
        reference: String(payout.id),
      });
    } catch (e) {
      // Earnings spent meanwhile (another payout, a reversal): nothing was written.
      if (e instanceof DomainError && e.status === 402)
        throw overAvailable(await ledger.balance(trx, user.id, 'earnings'));
      throw e;
    }
    return payout;
  });
  return toPayout(row);
}

/** POST /v1/account/anti-money-laundering: the form, pending until an admin decides. */
export async function submitAml(ctx: AppContext, user: UserRow, form: z.output<typeof AmlRequest>) {
  assertCreator(user);
  if (user.aml_status === 'approved') return { aml_status: 'approved' as const };
  await ctx.db
    .transaction()
    .execute((trx) =>
      payoutsRepository.submitAml(trx, { user_id: user.id, ...form, submitted_at: ctx.clock.now() }),
    );
  return { aml_status: 'pending' as const };
}

// --- Admin ---

function toAdminPayout(row: PayoutRow & { username: string }) {
  return {
    ...toPayout(row),
    user: { _id: row.user_id, username: row.username },
    payout_details: row.details,
  };
}

/** GET /v1/admin/payouts: the queue by state, oldest first, with where to send each. */
export async function adminPayouts(
  ctx: AppContext,
  q: { status: 'pending' | 'completed' | 'rejected'; limit: number; offset: number },
) {
  const rows = await payoutsRepository.queue(ctx.db, q.status, q.limit + 1, q.offset);
  return {
    data: rows.slice(0, q.limit).map(toAdminPayout),
    next: nextLink(
      '/v1/admin/payouts',
      { status: q.status, limit: q.limit, offset: q.offset },
      rows.length > q.limit,
    ),
  };
}

/** A creator's payouts summed by state: what is pending and what was paid out. */
export function payoutTotals(db: Kysely<DB>, userId: string) {
  return payoutsRepository.sums(db, userId);
}

/** GET /v1/admin/queue/payouts: the console's queue, the pending payouts as GET /v1/admin/payouts answers them. */
export async function payoutsQueue(ctx: AppContext, q: { limit: number; offset: number }) {
  const page = await adminPayouts(ctx, { status: 'pending', ...q });
  return {
    data: page.data,
    next: nextLink('/v1/admin/queue/payouts', { limit: q.limit, offset: q.offset }, page.next !== null),
  };
}

/** No admin decides a payout or AML check of her own account, another admin's or the platform's. */
async function assertMayDecideFor(trx: Kysely<DB>, adminId: string | null, userId: string) {
  const target = adminId ? await users.byId(trx, userId) : undefined;
  if (adminId && target) await assertMayActOn(trx, { id: adminId }, target);
}

/**
 * PATCH /v1/admin/payouts/{id}: completes a pending payout (the creator hears `payout_completed`) or
 * rejects it, returning the amount to their earnings in the same transaction.
 */
export async function decidePayout(
  ctx: AppContext,
  id: string,
  action: { action: 'complete' | 'reject'; reason?: string | undefined },
  adminId: string | null = null,
) {
  if (!/^\d{1,18}$/.test(id)) throw notFound(PAYOUT_MESSAGES.notFound, 'payout_not_found');
  const now = ctx.clock.now();
  const decided = await idempotent(ctx.db, async (trx) => {
    const row = await payoutsRepository.decide(
      trx,
      Number(id),
      action.action === 'complete' ? 'completed' : 'rejected',
      action.reason ?? null,
      now,
    );
    if (!row) return undefined;
    await assertMayDecideFor(trx, adminId, row.user_id);
    if (row.status === 'rejected')
      await ledger.credit(trx, {
        userId: row.user_id,
        account: 'earnings',
        amount: row.amount,
        reason: 'payout_returned',
        idempotencyKey: `payout_returned:${row.id}`,
        reference: String(row.id),
      });
    // The admins' audit log (docs/moderation.md), in the decision's transaction.
    await recordAudit(trx, {
      admin_id: adminId,
      action: action.action === 'complete' ? 'payout-complete' : 'payout-reject',
      target_type: 'payout',
      target_id: String(row.id),
      details: {
        user_id: row.user_id,
        amount_usd: creditsToDollars(row.amount),
        ...(action.reason ? { reason: action.reason } : {}),
      },
      created_at: now,
    });
    return row;
  });
  const current = await payoutsRepository.byIdWithUser(ctx.db, Number(id));
  if (!current) throw notFound(PAYOUT_MESSAGES.notFound, 'payout_not_found');
  if (!decided) throw conflict(PAYOUT_MESSAGES.notPending, 'payout_decided');
  if (decided.status === 'completed') {
    const amountUsd = creditsToDollars(decided.amount);
    ctx.hub.publish(decided.user_id, 'payout_completed', { _id: String(decided.id), amount_usd: amountUsd });
    ctx.events.committed('payout_completed', { payoutId: decided.id, userId: decided.user_id, amountUsd });
  }
  return toAdminPayout(current);
}

/** PATCH /v1/admin/aml/{userId}: approves or rejects a submitted form. */
export async function decideAml(
  ctx: AppContext,
  userId: string,
  action: 'approve' | 'reject',
  adminId: string | null = null,
) {
  if (!isUuid(userId)) throw notFound('No form was submitted for this account.', 'aml_not_found');
  const status = action === 'approve' ? 'approved' : 'rejected';
  const now = ctx.clock.now();
  const found = await ctx.db.transaction().execute(async (trx) => {
    await assertMayDecideFor(trx, adminId, userId);
    const decided = await payoutsRepository.decideAml(trx, userId, status, now);
    if (decided)
      await recordAudit(trx, {
        admin_id: adminId,
        action: `aml-${action}`,
        target_type: 'aml',
        target_id: userId,
        details: {},
        created_at: now,
      });
    return decided;
  });
  if (!found) throw notFound('No form was submitted for this account.', 'aml_not_found');
  return { aml_status: status } as const;
}
