import { SCHEDULE_MESSAGES } from '@parlor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSchedule,
  dateBounds,
  defaultScheduleInput,
  scheduledText,
  scheduleInputOf,
  timeZoneName,
} from './scheduleTime';

// The creator types a wall-clock time in her own zone; the server gets the instant it names.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const NOW = new Date('2026-12-03T09:17:00Z'); // 10:17 in Berlin

describe('a time picked in the creator’s zone', () => {
  it('is read in her zone and sent as the instant it names, whose zone is named back', () => {
    expect(timeZoneName()).toBe('Europe/Berlin');
    expect(checkSchedule({ date: '2026-12-03', time: '14:30' }, NOW)).toEqual({
      ok: true,
      iso: '2026-12-03T13:30:00.000Z',
    });
    expect(scheduleInputOf('2026-12-03T13:30:00.000Z')).toEqual({ date: '2026-12-03', time: '14:30' });
    expect(scheduledText('2026-12-03T13:30:00.000Z')).toMatch(/\(Europe\/Berlin\)$/);
  });

  it('refuses the past, now, more than 90 days ahead and dates the calendar does not have', () => {
    expect(checkSchedule({ date: '2026-12-03', time: '10:00' }, NOW)).toEqual({
      ok: false,
      message: SCHEDULE_MESSAGES.past,
    });
    expect(checkSchedule({ date: '2026-12-03', time: '10:17' }, NOW)).toEqual({
      ok: false,
      message: SCHEDULE_MESSAGES.past,
    });
    expect(checkSchedule({ date: '2027-03-04', time: '10:00' }, NOW)).toEqual({
      ok: false,
      message: SCHEDULE_MESSAGES.tooFar,
    });
    expect(checkSchedule({ date: '2027-03-03', time: '10:00' }, NOW)).toMatchObject({ ok: true });
    for (const input of [
      { date: '2027-02-31', time: '10:00' },
      { date: '', time: '10:00' },
      { date: '2026-12-04', time: '' },
    ])
      expect(checkSchedule(input, NOW)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.invalid });
  });

  it('offers today to 90 days ahead, starting at the next full hour at least half an hour away', () => {
    expect(dateBounds(NOW)).toEqual({ min: '2026-12-03', max: '2027-03-03' });
    expect(defaultScheduleInput(NOW)).toEqual({ date: '2026-12-03', time: '11:00' });
    expect(defaultScheduleInput(new Date('2026-12-03T09:40:00Z'))).toEqual({
      date: '2026-12-03',
      time: '12:00',
    });
  });
});
