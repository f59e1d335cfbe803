import type { TeamStatsRow } from '@parlor/contract';
import { addDays, format, formatDistanceStrict, parseISO, subDays } from 'date-fns';

/** The figures' default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/** Date inputs' values (yyyy-MM-dd, the local calendar) of the default range. */
export function defaultRange(now: Date): { from: string; to: string } {
  return {
    from: format(subDays(now, DEFAULT_RANGE_DAYS - 1), 'yyyy-MM-dd'),
    to: format(now, 'yyyy-MM-dd'),
  };
}

/**
 * The query of GET /v1/team/stats for two calendar days chosen in the local time zone: from the
 * start of the first to the end of the last (the start of the day after), as instants.
 */
export function rangeQuery(from: string, to: string): { from: string; to: string } | null {
  const start = parseISO(from);
  const end = parseISO(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return { from: start.toISOString(), to: addDays(end, 1).toISOString() };
}

/** A median reply time in the largest units that say it: "45 s", "12 min", "3 h 20 min", "2 d 4 h". */
export function formatReplyTime(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** "Last active 3 hours ago", or "Never" before the member's first request in the workspace. */
export function lastActive(iso: string | null, now: Date): string {
  if (!iso) return 'Never';
  const at = new Date(iso);
  if (now.getTime() - at.getTime() < 60_000) return 'Last active just now';
  return `Last active ${formatDistanceStrict(at, now, { addSuffix: true })}`;
}

/** Who a row of figures is about: the creator herself reads "You". */
export const authorName = (row: Pick<TeamStatsRow, 'member'>) => row.member?.username ?? 'You';

/** The creator first, then her members by what they sold. */
export function orderStats(rows: readonly TeamStatsRow[]): TeamStatsRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(a.member !== null) - Number(b.member !== null) ||
      b.sales_credits + b.tips_credits - (a.sales_credits + a.tips_credits) ||
      authorName(a).localeCompare(authorName(b)),
  );
}

/** Two permission lists hold the same permissions, whatever their order. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p) => b.includes(p));
}
