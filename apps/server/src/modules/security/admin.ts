import { ERRORS, endpoints, SECURITY_MESSAGES } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { DomainError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';
import { assertMayActOn, recordAudit } from '../admin/service';
import { toUser } from '../users/dto';
import { users } from '../users/service';
import { devicesRepository } from './devices-repository';
import { twoFactorResetMail } from './new-device-mail';
import { passkeysRepository } from './passkeys-repository';
import { securityRepository } from './repository';

/**
 * ADMIN_REQUIRE_2FA: an admin without two-factor sign-in is refused every admin endpoint (403
 * `admin_two_factor_required`) and may still reach the security settings to turn it on.
 */
export function registerAdminTwoFactorRule(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.adminRequire2fa) return;
  const adminOnly = new Set(
    Object.entries(endpoints)
      .filter(([, e]) => e.access === 'admin')
      .map(([name]) => name),
  );
  app.addHook('preHandler', async (request) => {
    const name = (request.routeOptions.config as { endpoint?: string } | undefined)?.endpoint;
    const user = request.auth?.user;
    if (name && adminOnly.has(name) && user?.role === 'admin' && user.totp_enabled_at === null) {
      throw new DomainError(403, 'admin_two_factor_required', SECURITY_MESSAGES.adminNeedsTwoFactor);
    }
  });
}

/**
 * DELETE /v1/admin/users/{id}/2fa: someone lost both their authenticator app and their recovery
 * codes (and passkeys), and an admin confirmed who they are. Every second factor and passkey goes,
 * every session ends, the audit log keeps how the owner was confirmed, and the owner is mailed.
 */
export async function resetTwoFactor(ctx: AppContext, admin: UserRow, targetId: string, reason: string) {
  if (!isUuid(targetId)) throw notFound(ERRORS.userNotFound, 'user_not_found');
  const now = ctx.clock.now();
  const { row, ended } = await ctx.db.transaction().execute(async (trx) => {
    const target = await users.lock(trx, targetId);
    if (!target || target.deleted_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
    await assertMayActOn(trx, admin, target);
    await securityRepository.deleteTotp(trx, target.id);
    await passkeysRepository.deleteAll(trx, target.id);
    const row = await users.update(trx, target.id, { totp_enabled_at: null, passkey_count: 0 });
    const ended = await devicesRepository.endAllSessions(trx, target.id, now);
    await recordAudit(trx, {
      admin_id: admin.id,
      action: 'reset-2fa',
      target_type: 'user',
      target_id: target.id,
      details: { reason },
      created_at: now,
    });
    return { row, ended };
  });
  for (const tokenId of ended) await ctx.hub.endSession(tokenId);
  ctx.mailer
    .send(twoFactorResetMail(row, ctx.config.publicUrl, ctx.config.supportEmail), { kind: 'security' })
    .catch((err: unknown) => {
      console.error('two-factor reset mail not queued', err);
    });
  return { user: toUser(row) };
}
