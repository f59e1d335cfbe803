import {
  type AdminUserAction,
  adminTargetRefusal,
  ERRORS,
  type FeaturedStatus,
  MODERATION_MESSAGES,
  type User,
} from '@parlor/contract';
import type { Kysely, Updateable } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, UserRow, UsersTable } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { banNotice, isUuid } from '../../lib/users';
import { platformAccountId } from '../ledger/service';
import { toUser } from '../users/dto';
import { users } from '../users/service';
import { moderationRepository } from './repository';

export interface AdminActionInput {
  reason?: string | undefined;
  message?: string | undefined;
  discover_status?: FeaturedStatus | undefined;
  enabled?: boolean | undefined;
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
    case 'retake-id':
      // The documents could not be read: the account uploads new ones (status `retake`).
      return { id_verified: false, id_verification_status: 'retake' };
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
    case 'discover':
      return { discover_status: input.discover_status };
    case 'force-discover':
      return { force_discover: input.enabled ?? true };
    case 'penalise':
      return { punishment_alert: input.enabled ?? true };
    case 'reject-enquiry':
    case 'dismiss-reports':
      return {};
  }
}

/** Actions after which the account's open reports count as handled. */
const RESOLVES_REPORTS: ReadonlySet<AdminUserAction> = new Set([
  'ban',
  'warn',
  'penalise',
  'dismiss-reports',
]);

/** What the audit row keeps besides who, what, whom and when. */
function detailsOf(action: AdminUserAction, input: AdminActionInput): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (input.reason) details.reason = input.reason;
  if (input.message) details.message = input.message;
  if (action === 'discover') details.discover_status = input.discover_status;
  if (action === 'force-discover' || action === 'penalise') details.enabled = input.enabled ?? true;
  return details;
}

/**
 * A creator is approved once both halves are done: the application (or a creator sign-up) and the
 * ID check. Whichever comes second lifts moderation and shows the profile in Discover.
 */
function completesApproval(row: UserRow): boolean {
  return row.type === 'featured' && row.id_verification_status === 'verified' && row.requires_moderation;
}

/** The realtime events each action sends; every action also sends `user.update`. */
function announce(
  ctx: AppContext,
  action: AdminUserAction,
  row: UserRow,
  user: User,
  input: AdminActionInput,
  approved: boolean,
) {
  const id = row.id;
  switch (action) {
    case 'ban':
      ctx.hub.publish(id, 'banned', { reason: row.ban_reason, ban: banNotice(ctx, row.ban_reason) });
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
    case 'reject-enquiry':
      ctx.hub.publish(id, 'onboarding_rejected', { user_id: id, reason: input.reason ?? null });
      break;
    case 'warn':
      ctx.hub.publish(id, 'warning_you_have_been_reported', { reason: input.reason ?? null });
      break;
    default:
      break;
  }
  if (approved) ctx.hub.publish(id, 'model_approved', { user_id: id });
  ctx.hub.publish(id, 'user.update', user);
}

function checkInput(action: AdminUserAction, input: AdminActionInput) {
  if (action === 'discover' && !input.discover_status)
    throw badRequest('Choose a discover status.', 'invalid_input', 'discover_status');
}

/**
 * Refuses (403) any admin action on the acting admin, another admin or the platform's own account,
 * with the same answer the console shows in place of the actions (adminTargetRefusal).
 */
export async function assertMayActOn(
  db: Kysely<DB>,
  admin: Pick<UserRow, 'id'>,
  target: Pick<UserRow, 'id' | 'role'>,
) {
  const platform = target.id === (await platformAccountId(db));
  const refusal = adminTargetRefusal({ id: target.id, role: target.role, platform }, admin.id);
  if (refusal) throw forbidden(refusal.message, refusal.code);
}

/**
 * One moderation action on one account, in one transaction with its audit row. A ban revokes every
 * token of the account in the same transaction, so the next request of any of its sessions is a 401.
 */
export async function applyAdminAction(
  ctx: AppContext,
  admin: UserRow,
  targetId: string,
  action: AdminUserAction,
  input: AdminActionInput,
): Promise<User> {
  if (!isUuid(targetId)) throw notFound(ERRORS.userNotFound, 'user_not_found');
  checkInput(action, input);
  const now = ctx.clock.now();
  const { row, approved } = await ctx.db.transaction().execute(async (trx) => {
    const target = await users.lock(trx, targetId);
    if (!target || target.deleted_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
    await assertMayActOn(trx, admin, target);
    if (action === 'approve-enquiry' || action === 'reject-enquiry') {
      const status = action === 'approve-enquiry' ? 'approved' : 'rejected';
      const decided = await moderationRepository.decideApplication(trx, target.id, status, admin.id, now);
      // Approving works without an application too (an admin may promote a fan directly).
      if (!decided && action === 'reject-enquiry')
        throw notFound(MODERATION_MESSAGES.noApplication, 'application_not_found');
    }
    const changes = changesFor(action, input, now);
    let updated = Object.keys(changes).length ? await users.update(trx, target.id, changes) : target;
    const approved = (action === 'approve-id' || action === 'approve-enquiry') && completesApproval(updated);
    if (approved)
      updated = await users.update(trx, target.id, {
        requires_moderation: false,
        discover_status: 'featured',
      });
    if (action === 'ban') await users.revokeTokens(trx, { userId: target.id }, now);
    if (RESOLVES_REPORTS.has(action)) await moderationRepository.resolveReports(trx, target.id, now);
    await moderationRepository.audit(trx, {
      admin_id: admin.id,
      action,
      target_type: 'user',
      target_id: target.id,
      details: { ...detailsOf(action, input), ...(approved ? { approved: true } : {}) },
      created_at: now,
    });
    return { row: updated, approved };
  });
  const user = toUser(row);
  announce(ctx, action, row, user, input, approved);
  if (action === 'freeze')
    ctx.events.committed('account_frozen', {
      user: { id: row.id, type: row.type, role: row.role },
      admin: { id: admin.id, type: admin.type, role: admin.role },
      message: row.frozen_message || ERRORS.frozen,
    });
  return user;
}

/**
 * Writes one row of the admins' audit log. Every staff decision (here, on payouts, on the platform
 * notice) writes it inside the transaction of the change it records, so neither lands without the other.
 */
export const recordAudit = moderationRepository.audit;

/**
 * Records that a member sent a text anyway after the payment warning (talk of paying outside the
 * platform): the console shows each account's count beside its open reports.
 */
export const recordPaymentWarning = moderationRepository.recordPaymentWarning;
