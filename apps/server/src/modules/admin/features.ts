import { type AdminUser, ERRORS, type FeatureFlag } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';
import { providerFeatures } from '../provider/service';
import { users } from '../users/service';
import { adminUser } from './queues';
import { moderationRepository } from './repository';
import { assertMayActOn } from './service';

/**
 * PATCH /v1/admin/users/{id}/features: sets the named flags over the account's own settings (flags
 * not named keep theirs), with an audit row of what was set in the same transaction. After commit
 * the account's sockets hear `provider_features_update` with every flag as its provider config now
 * answers them, so an open app follows without a reload.
 */
export async function setAccountFeatures(
  ctx: AppContext,
  admin: UserRow,
  targetId: string,
  changes: Partial<Record<FeatureFlag, boolean>>,
): Promise<AdminUser> {
  if (!isUuid(targetId)) throw notFound(ERRORS.userNotFound, 'user_not_found');
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const target = await users.lock(trx, targetId);
    if (!target || target.deleted_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
    await assertMayActOn(trx, admin, target);
    const features = { ...(target.features ?? {}), ...changes };
    const updated = await users.update(trx, target.id, { features: JSON.stringify(features) });
    await moderationRepository.audit(trx, {
      admin_id: admin.id,
      action: 'features',
      target_type: 'user',
      target_id: target.id,
      details: { features: changes },
      created_at: now,
    });
    return updated;
  });
  ctx.hub.publish(row.id, 'provider_features_update', { features: providerFeatures(ctx, row) });
  return adminUser(ctx, row.id);
}
