import {
  IntroKind,
  type IntrosResponse,
  type PlatformNotice,
  type PlatformNoticeResponse,
} from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PlatformNoticesTable } from '../../db/schema-moderation';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../admin/service';
import { noticesRepository } from './repository';

/** A value the column no longer allows (an intro retired from the contract) is left out. */
const knownIntros = (seen: string[]) => seen.filter((s): s is IntroKind => IntroKind.safeParse(s).success);

/** GET /v1/users/intros. `enabled` is INTRO_POPUPS: a deployment (or a test run) may turn them off. */
export function intros(ctx: AppContext, user: UserRow): IntrosResponse {
  return { enabled: ctx.config.introPopups, seen: knownIntros(user.seen_intros) };
}

/** POST /v1/users/intros: the intro was closed; it shows on no device of this account again. */
export async function markIntroSeen(
  ctx: AppContext,
  user: UserRow,
  intro: IntroKind,
): Promise<IntrosResponse> {
  const seen = await noticesRepository.markIntroSeen(ctx.db, user.id, intro);
  return { enabled: ctx.config.introPopups, seen: knownIntros(seen) };
}

type NoticeRow = Pick<PlatformNoticesTable, 'message'> & { id: string; created_at: Date };

const toNotice = (row: NoticeRow): PlatformNotice => ({
  _id: row.id,
  message: row.message,
  created_at: row.created_at.toISOString(),
});

/** GET /v1/notice: the global warning, unless the caller already closed it. */
export async function platformNotice(ctx: AppContext, user: UserRow): Promise<PlatformNoticeResponse> {
  const row = await noticesRepository.currentFor(ctx.db, user.id);
  return { notice: row ? toNotice(row) : null };
}

/** POST /v1/notice/{id}/dismiss: remembered per user and per notice. */
export async function dismissPlatformNotice(ctx: AppContext, user: UserRow, noticeId: string) {
  if (!(await noticesRepository.dismiss(ctx.db, noticeId, user.id)))
    throw notFound('Notice not found', 'notice_not_found');
}

/** GET /v1/admin/notice. */
export async function adminPlatformNotice(ctx: AppContext): Promise<PlatformNoticeResponse> {
  const row = await noticesRepository.current(ctx.db);
  return { notice: row ? toNotice(row) : null };
}

/**
 * PUT /v1/admin/notice: a message replaces the current notice (everyone but its author sees the new
 * one once), none clears it. One transaction with its audit row; then everyone online hears of it.
 */
export async function setPlatformNotice(
  ctx: AppContext,
  admin: UserRow,
  message: string | undefined,
): Promise<PlatformNoticeResponse> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const cleared = await noticesRepository.clear(trx, now);
    const created = message ? await noticesRepository.create(trx, message, admin.id, now) : null;
    if (!created && !cleared) return null;
    // The admin who wrote it has read it: it does not pop up over the console.
    if (created) await noticesRepository.dismiss(trx, created.id, admin.id);
    await recordAudit(trx, {
      admin_id: admin.id,
      action: created ? 'notice-set' : 'notice-clear',
      target_type: 'notice',
      target_id: created?.id ?? (cleared as string),
      details: created ? { message } : {},
      created_at: now,
    });
    return created;
  });
  const notice = row ? toNotice(row) : null;
  for (const id of await noticesRepository.onlineUserIds(ctx.db)) {
    if (id !== admin.id) ctx.hub.publish(id, 'global_notice', { notice });
  }
  return { notice };
}
