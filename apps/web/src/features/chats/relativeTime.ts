import { TIME_FORMAT_OLDER, TIME_FORMAT_TODAY, TIME_FORMAT_YEAR } from '@parlor/contract';
import {
  differenceInDays,
  differenceInHours,
  differenceInMinutes,
  differenceInMonths,
  differenceInWeeks,
  differenceInYears,
  format,
  isSameDay,
  subYears,
} from 'date-fns';

/**
 * The contract keeps the spec's formats as written (moment-style: `DD`, `'YY`); date-fns spells the
 * day of month `dd`, the year `yy` and a literal quote `''`.
 */
export function toDateFnsPattern(pattern: string): string {
  return pattern.replace(/'/g, "''").replace(/DD/g, 'dd').replace(/YY/g, 'yy');
}

const TODAY = toDateFnsPattern(TIME_FORMAT_TODAY);
const THIS_YEAR = toDateFnsPattern(TIME_FORMAT_YEAR);
const OLDER = toDateFnsPattern(TIME_FORMAT_OLDER);

/** Part 1 §9: today as h:mm a, within a year as DD MMM, older as DD MMM 'YY. */
export function formatChatTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (isSameDay(at, now)) return format(at, TODAY);
  if (at > subYears(now, 1)) return format(at, THIS_YEAR);
  return format(at, OLDER);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** Part 1 §9: ages read 'N years/months/weeks ago' or 'just now' (days, hours, minutes in between). */
export function formatAge(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const steps: [number, string][] = [
    [differenceInYears(now, at), 'year'],
    [differenceInMonths(now, at), 'month'],
    [differenceInWeeks(now, at), 'week'],
    [differenceInDays(now, at), 'day'],
    [differenceInHours(now, at), 'hour'],
    [differenceInMinutes(now, at), 'minute'],
  ];
  for (const [n, unit] of steps) if (n >= 1) return plural(n, unit);
  return 'just now';
}
