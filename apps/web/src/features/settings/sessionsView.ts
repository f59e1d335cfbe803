import type { Session } from '@parlor/contract';
import { format, formatDistanceStrict } from 'date-fns';

/** Used within this long counts as now: a session's last use is written every few minutes. */
const ACTIVE_WINDOW_MS = 10 * 60_000;

/** The device asking first, then the others by their last use, newest first. */
export function orderSessions(sessions: readonly Session[]): Session[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at),
  );
}

/** "Active now" or "Last seen 3 days ago", and when the device signed in. */
export function sessionDetails(session: Session, now: Date): { lastSeen: string; signedIn: string } {
  const used = new Date(session.last_used_at);
  const lastSeen =
    session.current || now.getTime() - used.getTime() < ACTIVE_WINDOW_MS
      ? 'Active now'
      : `Last seen ${formatDistanceStrict(used, now, { addSuffix: true })}`;
  return { lastSeen, signedIn: `Signed in ${format(new Date(session.created_at), 'd MMM yyyy')}` };
}
