import { SCHEDULE_MAX_DAYS, SCHEDULE_MESSAGES } from '@parlor/contract';
import { badRequest } from './errors';

const DAY_MS = 86_400_000;

/**
 * A time something scheduled starts at, checked on the server's clock (the client's may be wrong):
 * later than now and at most SCHEDULE_MAX_DAYS ahead. The schema has checked its form.
 */
export function scheduleTime(now: Date, iso: string, field: string): Date {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw badRequest(SCHEDULE_MESSAGES.invalid, 'invalid_schedule', field);
  if (at.getTime() <= now.getTime()) throw badRequest(SCHEDULE_MESSAGES.past, 'schedule_in_past', field);
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS)
    throw badRequest(SCHEDULE_MESSAGES.tooFar, 'schedule_too_far', field);
  return at;
}
