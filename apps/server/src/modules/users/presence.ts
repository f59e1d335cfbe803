// Whether an account shows online: its own columns, read the same way by every module that shows it.

/** A user counts as online while flagged so and their heartbeat is fresh (realtime/presence.ts). */
export const PRESENCE_STALE_MS = 90_000;

export function isOnline(row: { online: boolean; last_online: Date | null }, now: Date) {
  return (
    row.online && row.last_online !== null && row.last_online.getTime() > now.getTime() - PRESENCE_STALE_MS
  );
}

/**
 * A user's presence as anyone else sees it. Invisible mode (`settings.profile.invisible`) shows the
 * account offline with no last-seen time, whether it is connected or not.
 */
export function shownPresence(
  row: { online: boolean; last_online: Date | null; profile_invisible: boolean },
  now: Date,
): { is_online: boolean; last_online: string | null } {
  if (row.profile_invisible) return { is_online: false, last_online: null };
  return { is_online: isOnline(row, now), last_online: row.last_online?.toISOString() ?? null };
}
