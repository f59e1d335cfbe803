import { ACCOUNT_MESSAGES, type AdminUserAction, ERRORS, type User } from '@parlor/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context';
import type { UserRow, UsersTable } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';
import { toUser } from '../users/dto';
import { usersRepository } from '../users/repository';

export interface AdminActionInput {
  reason?: string | undefined;
  message?: string | undefined;
}

/** What each action writes; `now` stamps bans and freezes. */
function changesFor(action: AdminUserAction, input: AdminActionInput, now: Date): Updateable<UsersTable> {
  switch (action) {
    case 'ban':
      return { banned_at: now, ban_reason: input.reason || null, online: false };
    case 'unban':
      return { banned_at: null, ban_reason: null };
    case 'freeze':
      return { frozen_at: now, frozen_message: input.message || null };
    case 'unfreeze':
      return { frozen_at: null, frozen_message: null };
    case 'approve':
      // An approved creator no longer waits for moderation and shows in Discover.
      return { requires_moderation: false, discover_status: 'featured' };
    case 'deny':
      return { discover_status: 'denied' };
    case 'approve-id':
      return { id_verified: true, id_verification_status: 'verified' };
    case 'reject-id':
      return { id_verified: false, id_verification_status: 'rejected' };
    case 'approve-enquiry':
      // A fan's application to become a creator: a new creator still goes through moderation.
      return {
        type: 'featured',
        requires_moderation: true,
        discover_status: 'hidden',
        new_fm_onboarding: true,
      };
    case 'warn':
      return { warning_reported: true };
  }
}

/** The realtime event each action sends; every action also sends `user.update`. */
function announce(
  ctx: AppContext,
  action: AdminUserAction,
  row: UserRow,
  user: User,
  input: AdminActionInput,
) {
  const id = row.id;
  switch (action) {
    case 'ban':
      ctx.hub.publish(id, 'banned', { reason: row.ban_reason });
      return;
    case 'approve':
      ctx.hub.publish(id, 'model_approved', { user_id: id });
      break;
    case 'approve-id':
      ctx.hub.publish(id, 'onboarding_approved_id', { user_id: id });
      break;
    case 'reject-id':
      ctx.hub.publish(id, 'onboarding_rejected', { user_id: id, reason: input.reason ?? null });
      break;
    case 'approve-enquiry':
      ctx.hub.publish(id, 'featured_enquiry_approved', { user_id: id });
      break;
    case 'warn':
      ctx.hub.publish(id, 'warning_you_have_been_reported', { reason: input.reason ?? null });
      break;
    default:
      break;
  }
  ctx.hub.publish(id, 'user.update', user);
}

/**
 * One moderation action on one account, in one transaction. A ban revokes every token of the
 * account in the same transaction, so the next request of any of its sessions is a 401.
 */
export async function applyAdminAction(
  ctx: AppContext,
  admin: UserRow,
  targetId: string,
  action: AdminUserAction,
  input: AdminActionInput,
): Promise<User> {
  if (!isUuid(targetId)) throw notFound(ERRORS.userNotFound, 'user_not_found');
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const target = await usersRepository.findByIdForUpdate(trx, targetId);
    if (!target || target.deleted_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
    if (target.role === 'admin' || target.id === admin.id) {
      throw forbidden(ACCOUNT_MESSAGES.cannotActOnAdmin, 'target_is_admin');
    }
    const updated = await usersRepository.update(trx, target.id, changesFor(action, input, now));
    if (action === 'ban') await usersRepository.revokeTokens(trx, { userId: target.id }, now);
    return updated;
  });
  const user = toUser(row);
  announce(ctx, action, row, user, input);
  return user;
}
