import { SCHEDULE_MAX_DAYS, SCHEDULE_MESSAGES } from '@parlor/contract';

/**
 * A time to send or publish at, as the creator types it: a calendar date and a wall-clock time in
 * her own time zone (the browser's). The server is sent the instant it names, as an ISO time.
 */
export interface ScheduleInput {
  /** YYYY-MM-DD, as a date input holds it. */
  date: string;
  /** HH:MM, as a time input holds it. */
  time: string;
}

const DAY_MS = 86_400_000;

/** The browser's time zone, by its IANA name ("Europe/Berlin"); what every time here is read in. */
export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const two = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of an instant, as a date input holds it. */
export function localDate(at: Date): string {
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/** The local date and time an ISO instant falls on, to edit it. */
export function scheduleInputOf(iso: string): ScheduleInput {
  const at = new Date(iso);
  return { date: localDate(at), time: `${two(at.getHours())}:${two(at.getMinutes())}` };
}

/** The picker's first value: the next full hour that is at least 30 minutes away. */
export function defaultScheduleInput(now: Date): ScheduleInput {
  const at = new Date(now.getTime() + 30 * 60_000);
  at.setMinutes(0, 0, 0);
  at.setHours(at.getHours() + 1);
  return scheduleInputOf(at.toISOString());
}

/** The earliest and latest dates the date input offers: today and 90 days ahead. */
export function dateBounds(now: Date): { min: string; max: string } {
  return { min: localDate(now), max: localDate(new Date(now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS)) };
}

/** The instant a local date and time name, or null when they do not name one. */
function instantOf(input: ScheduleInput): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.date);
  const time = /^(\d{2}):(\d{2})/.exec(input.time);
  if (!date || !time) return null;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const [hour, minute] = [Number(time[1]), Number(time[2])];
  const at = new Date(year, month - 1, day, hour, minute, 0, 0);
  // 31 February rolls into March: a date the calendar does not have is refused, not moved.
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  return at;
}

export type ScheduleCheck = { ok: true; iso: string } | { ok: false; message: string };

/**
 * Whether the input can be sent: a real date and time, later than now and at most 90 days ahead
 * (the server checks the same against its own clock, and its refusal is shown as it comes).
 */
export function checkSchedule(input: ScheduleInput, now: Date): ScheduleCheck {
  const at = instantOf(input);
  if (!at) return { ok: false, message: SCHEDULE_MESSAGES.invalid };
  if (at.getTime() <= now.getTime()) return { ok: false, message: SCHEDULE_MESSAGES.past };
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS)
    return { ok: false, message: SCHEDULE_MESSAGES.tooFar };
  return { ok: true, iso: at.toISOString() };
}

/** "Tue, Dec 8, 2:30 PM": a scheduled time in the creator's zone, in her browser's language. */
export function formatScheduled(iso: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "Tue, Dec 8, 2:30 PM (Europe/Berlin)": a scheduled time with the zone it is read in. */
export const scheduledText = (iso: string) => `${formatScheduled(iso)} (${timeZoneName()})`;
