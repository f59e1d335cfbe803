import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { isOnline, PRESENCE_STALE_MS } from '../modules/users/presence';
import { onlinePartnerIds } from './repository';

/**
 * Invisible mode switched on or off while the user is connected: their online chat partners hear
 * them go (`user_offline`, no last-seen time) or come (`user_online`), as a disconnect or a connect
 * would have told them, so no one keeps showing them online after they hid.
 */
export async function announceInvisibleChange(ctx: AppContext, user: UserRow): Promise<void> {
  const now = ctx.clock.now();
  if (!isOnline(user, now)) return;
  const around = await onlinePartnerIds(ctx.db, user.id, new Date(now.getTime() - PRESENCE_STALE_MS));
  const event = user.profile_invisible ? 'user_offline' : 'user_online';
  const data = {
    user_id: user.id,
    last_online: user.profile_invisible ? null : (user.last_online?.toISOString() ?? null),
  };
  for (const id of around.online) ctx.hub.publish(id, event, data);
}
