import {
  NEW_WINDOW_MS,
  RECENT_WINDOW_MS,
  TIME_FORMAT_OLDER,
  TIME_FORMAT_TODAY,
  TIME_FORMAT_YEAR,
} from '@parlor/contract';
import {
  differenceInMonths,
  differenceInWeeks,
  differenceInYears,
  format,
  isSameDay,
  subYears,
} from 'date-fns';

const MOMENT_TO_DATE_FNS: Record<string, string> = {
  YYYY: 'yyyy',
  YY: 'yy',
  DD: 'dd',
  D: 'd',
  // Moment's `a` is lowercase am/pm and `A` uppercase; date-fns spells them `aaa` and `a`.
  a: 'aaa',
  A: 'a',
  // A quote is literal in moment and escapes text in date-fns, where a literal one is doubled.
  "'": "''",
};

/**
 * The contract keeps the spec's formats as written (moment-style: `DD`, `'YY`, `a` for am/pm);
 * this spells them for date-fns. Moment's `[text]` literals become date-fns's quoted text.
 */
export function toDateFnsPattern(pattern: string): string {
  return pattern.replace(/\[[^\]]*\]|YYYY|YY|DD|D|a|A|'/g, (token) =>
    token.startsWith('[')
      ? `'${token.slice(1, -1).replace(/'/g, "''")}'`
      : (MOMENT_TO_DATE_FNS[token] ?? token),
  );
}

const TODAY = toDateFnsPattern(TIME_FORMAT_TODAY);
const THIS_YEAR = toDateFnsPattern(TIME_FORMAT_YEAR);
const OLDER = toDateFnsPattern(TIME_FORMAT_OLDER);

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** The time of day as h:mm a (9:05 am). */
export function formatClock(iso: string | null | undefined): string {
  const at = parse(iso);
  return at ? format(at, TODAY) : '';
}

/** Within a year as DD MMM, older as DD MMM 'YY. */
function formatDate(at: Date, now: Date): string {
  return format(at, at > subYears(now, 1) ? THIS_YEAR : OLDER);
}

/** Today as h:mm a, within a year as DD MMM, older as DD MMM 'YY. */
export function formatChatTime(iso: string | null | undefined, now: Date = new Date()): string {
  const at = parse(iso);
  if (!at) return '';
  return isSameDay(at, now) ? format(at, TODAY) : formatDate(at, now);
}

/** A day heading (the conversation's day separators): Today, else the chat date formats. */
export function formatDay(iso: string | null | undefined, now: Date = new Date()): string {
  const at = parse(iso);
  if (!at) return '';
  return isSameDay(at, now) ? 'Today' : formatDate(at, now);
}

/** Ages read 'N years/months/weeks ago' or 'just now'; nothing finer. */
export function formatAge(iso: string | null | undefined, now: Date = new Date()): string {
  const at = parse(iso);
  if (!at) return '';
  const steps: [number, string][] = [
    [differenceInYears(now, at), 'year'],
    [differenceInMonths(now, at), 'month'],
    [differenceInWeeks(now, at), 'week'],
  ];
  for (const [n, unit] of steps) if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  return 'just now';
}

/**
 * When someone was last online. An age finer than a week is not in the spec's list, and 'just now'
 * for three days ago would mislead, so: under 10 minutes (recent) 'just now', within a
 * week the chat time (9:05 am, 14 Jun), older the age (2 weeks ago).
 */
export function formatLastSeen(iso: string | null | undefined, now: Date = new Date()): string {
  const at = parse(iso);
  if (!at) return '';
  if (isRecent(iso, now)) return 'just now';
  if (differenceInWeeks(now, at) < 1) return formatChatTime(iso, now);
  return formatAge(iso, now);
}

/** Under 10 minutes counts as recent. */
export function isRecent(iso: string | null | undefined, now: Date = new Date()): boolean {
  const at = parse(iso);
  return at !== null && now.getTime() - at.getTime() < RECENT_WINDOW_MS;
}

/** Within 72 hours counts as new (a chat started that recently is marked New). */
export function isNew(iso: string | null | undefined, now: Date = new Date()): boolean {
  const at = parse(iso);
  return at !== null && now.getTime() - at.getTime() < NEW_WINDOW_MS;
}
