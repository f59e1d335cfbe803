import type { AdminAuditEntry, AdminQueueCounts, AdminReport, AdminUser } from '@parlor/contract';
import { ERRORS } from '@parlor/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { featuresFor } from '../../lib/features';
import { type LinkQuery, nextLink } from '../../lib/paging';
import { isUuid } from '../../lib/users';
import { documentsOf } from './onboarding';
import { type AdminUserRow, moderationRepository } from './repository';

/** How many of the reported chat's newest messages a report shows. */
export const REPORT_CONTEXT_MESSAGES = 20;

interface Page {
  limit: number;
  offset: number;
}

/** A page read one row past its limit (that extra row says a next page exists), its filters first in `next`. */
function paged<T, R>(rows: T[], path: string, q: Page, map: (row: T) => R, filters: LinkQuery = {}) {
  return {
    data: rows.slice(0, q.limit).map(map),
    next: nextLink(path, { ...filters, limit: q.limit, offset: q.offset }, rows.length > q.limit),
  };
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    type: row.type,
    role: row.role,
    avatar_url: row.avatar_url,
    created_at: row.created_at.toISOString(),
    id_verified: row.id_verified,
    id_verification_status: row.id_verification_status,
    requires_moderation: row.requires_moderation,
    discover_status: row.discover_status,
    force_discover: row.force_discover,
    punishment_alert: row.punishment_alert,
    warning_reported: row.warning_reported,
    banned: row.banned_at !== null,
    ban_reason: row.ban_reason,
    frozen: row.frozen_at !== null,
    frozen_message: row.frozen_message,
    application_status: (row.application_status as AdminUser['application_status'] | null) ?? 'none',
    open_reports: Number(row.open_reports ?? 0),
    payment_warnings: Number(row.payment_warnings ?? 0),
    platform: row.platform === true,
    features: featuresFor(row),
  };
}

export async function searchUsers(ctx: AppContext, q: Page & { q: string }) {
  const rows = await moderationRepository.searchUsers(ctx.db, q.q, q.limit + 1, q.offset);
  return paged(rows, '/v1/admin/users', q, toAdminUser, { q: q.q });
}

export async function adminUser(ctx: AppContext, id: string) {
  const row = isUuid(id) ? await moderationRepository.adminUser(ctx.db, id) : undefined;
  if (!row) throw notFound(ERRORS.userNotFound, 'user_not_found');
  return toAdminUser(row);
}

export function queueCounts(ctx: AppContext): Promise<AdminQueueCounts> {
  return moderationRepository.queueCounts(ctx.db);
}

export async function applicationsQueue(ctx: AppContext, q: Page) {
  const rows = await moderationRepository.pendingApplications(ctx.db, q.limit + 1, q.offset);
  return paged(rows, '/v1/admin/queue/applications', q, (row) => ({
    user: toAdminUser(row),
    message: row.application_message,
    created_at: row.applied_at.toISOString(),
  }));
}

export async function idVerificationsQueue(ctx: AppContext, admin: { id: string }, q: Page) {
  const rows = await moderationRepository.idReviews(ctx.db, q.limit + 1, q.offset);
  const docs = await documentsOf(
    ctx,
    admin.id,
    rows.slice(0, q.limit).map((r) => r.id),
  );
  return paged(rows, '/v1/admin/queue/id-verifications', q, (row) => ({
    user: toAdminUser(row),
    id: docs.get(row.id)?.id ?? null,
    selfie: docs.get(row.id)?.selfie ?? null,
    submitted_at: row.id_submitted_at ? row.id_submitted_at.toISOString() : null,
  }));
}

/** Open reports, oldest first, each with the newest messages of the chat between the two users. */
export async function reportsQueue(ctx: AppContext, q: Page) {
  const rows = await moderationRepository.openReports(ctx.db, q.limit + 1, q.offset);
  const page = rows.slice(0, q.limit);
  const users = new Map(
    (await moderationRepository.usersByIds(ctx.db, [...new Set(page.map((r) => r.reported_id))])).map((u) => [
      u.id,
      u,
    ]),
  );
  const data: AdminReport[] = [];
  for (const r of page) {
    const reported = users.get(r.reported_id);
    if (!reported) continue;
    const context = await moderationRepository.chatContext(
      ctx.db,
      r.reporter_id,
      r.reported_id,
      REPORT_CONTEXT_MESSAGES,
    );
    data.push({
      _id: r.id,
      reporter: { _id: r.reporter_id, username: r.reporter_username },
      reported: toAdminUser(reported),
      reason: r.reason,
      created_at: r.created_at.toISOString(),
      chat_id: context.chatId,
      context: context.messages.map((m) => ({
        _id: String(m.id),
        sender_id: m.sender_id,
        type: m.type,
        text: m.text,
        price: m.price,
        created_at: m.created_at.toISOString(),
      })),
    });
  }
  return {
    data,
    next: nextLink('/v1/admin/queue/reports', { limit: q.limit, offset: q.offset }, rows.length > q.limit),
  };
}

/** A `date` column as YYYY-MM-DD, whichever way the driver hands it over. */
const dayOf = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export async function amlQueue(ctx: AppContext, q: Page) {
  const rows = await moderationRepository.pendingAml(ctx.db, q.limit + 1, q.offset);
  return paged(rows, '/v1/admin/queue/aml', q, (row) => ({
    user: { _id: row.user_id, username: row.username, email: row.email },
    full_name: row.full_name,
    date_of_birth: dayOf(row.date_of_birth as string | Date),
    address: row.address,
    city: row.city,
    postal_code: row.postal_code,
    country: row.country,
    submitted_at: new Date(row.submitted_at).toISOString(),
  }));
}

export async function auditLog(
  ctx: AppContext,
  q: Page & { target_id?: string | undefined },
): Promise<{ data: AdminAuditEntry[]; next: string | null }> {
  const rows = await moderationRepository.auditPage(ctx.db, {
    targetId: q.target_id,
    limit: q.limit + 1,
    offset: q.offset,
  });
  return paged(
    rows,
    '/v1/admin/audit',
    q,
    (row) => ({
      _id: String(row.id),
      admin: { _id: row.admin_id, username: row.admin_username },
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      target_username: row.target_username ?? (row.details.username as string | undefined) ?? null,
      details: row.details,
      created_at: row.created_at.toISOString(),
    }),
    { target_id: q.target_id },
  );
}
