import { verify } from '@node-rs/argon2';
import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_MESSAGES, ERRORS } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PeriodicTask } from '../../jobs/scheduler';
import { conflict, DomainError } from '../../lib/errors';
import { eraseIdDocuments } from '../admin/onboarding';
import type { MediaStorage } from '../media/storage';
import { toUser } from '../users/dto';
import { users } from '../users/service';
import { accountRepository } from './repository';

const DAY_MS = 86_400_000;
/** Accounts erased per job run; the next run takes the rest. */
const DELETION_BATCH = 100;

/** POST /v1/users/deletion: asks for the password, sets the date, and tells every tab. */
export async function scheduleDeletion(ctx: AppContext, caller: UserRow, password: string) {
  const ok = await verify(caller.password_hash, password).catch(() => false);
  if (!ok)
    throw new DomainError(400, 'wrong_password', ACCOUNT_MESSAGES.wrongPassword, { field: 'password' });
  await assertNoSubscriptionsLeft(ctx, caller);
  const deleteAt = new Date(ctx.clock.now().getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const row = await users.update(ctx.db, caller.id, {
    deleted_scheduled: true,
    delete_at: deleteAt,
  });
  const answer = { deleted_scheduled: true, delete_at: deleteAt.toISOString() };
  ctx.hub.publish(row.id, 'deletion-scheduled', answer);
  ctx.hub.publish(row.id, 'user.update', toUser(row));
  return answer;
}

/**
 * An account is not deleted while money still runs through a subscription: a fan cancels hers first,
 * a creator waits until every period fans paid for has ended (the spec's two messages).
 */
async function assertNoSubscriptionsLeft(ctx: AppContext, caller: UserRow) {
  if (await accountRepository.hasRenewingSubscription(ctx.db, caller.id)) {
    throw conflict(ERRORS.cancelSubscriptionsFirst, 'subscriptions_renewing');
  }
  if (
    caller.type === 'featured' &&
    (await accountRepository.hasRunningSubscribers(ctx.db, caller.id, ctx.clock.now()))
  ) {
    throw conflict(ERRORS.subscriptionsActive, 'subscriptions_running');
  }
}

/** DELETE /v1/users/deletion: changes the user's mind before the date. */
export async function cancelDeletion(ctx: AppContext, caller: UserRow) {
  if (!caller.deleted_scheduled) throw conflict(ACCOUNT_MESSAGES.deletionNotScheduled, 'not_scheduled');
  const row = await users.update(ctx.db, caller.id, { deleted_scheduled: false, delete_at: null });
  const answer = { deleted_scheduled: false, delete_at: null };
  ctx.hub.publish(row.id, 'deletion-scheduled', answer);
  ctx.hub.publish(row.id, 'user.update', toUser(row));
  return answer;
}

/**
 * Erases accounts whose date has passed. The row stays, because ledger rows and the other side's
 * chats reference it, but nothing personal remains: address, name, bio, avatar, password, tags,
 * payout data and greeting are scrubbed, codes dropped and every token revoked, in one transaction.
 * Their ID documents go entirely, files and rows: the files are removed inside the transaction, so
 * a storage failure rolls the erasure back and the next run tries again (no row left pointing at
 * nothing, no file outliving its account).
 */
export async function eraseDueAccounts(ctx: AppContext, storage: MediaStorage, now: Date): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const ids = await accountRepository.lockDueForErasure(trx, now, DELETION_BATCH);
    if (ids.length === 0) return 0;
    await eraseIdDocuments(trx, storage, ids);
    await accountRepository.erase(trx, ids, now);
    return ids.length;
  });
}

export const DELETION_JOB = 'account-deletion';

export const deletionTask = (ctx: AppContext, storage: MediaStorage): PeriodicTask => ({
  name: DELETION_JOB,
  intervalMs: 60_000,
  run: (now) => eraseDueAccounts(ctx, storage, now),
});
