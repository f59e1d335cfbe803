import { TIME_FORMAT_OLDER, TIME_FORMAT_TODAY } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatChatTime,
  formatClock,
  formatDay,
  formatLastSeen,
  isNew,
  isRecent,
  toDateFnsPattern,
} from './relativeTime';

// Local-time dates: the formats are about the viewer's own clock.
const now = new Date(2025, 5, 15, 18, 30);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const DAY = 86_400_000;

describe('chat times', () => {
  it('translates the spec formats (moment-style) into date-fns patterns', () => {
    expect(toDateFnsPattern(TIME_FORMAT_OLDER)).toBe("dd MMM ''yy");
    expect(toDateFnsPattern(TIME_FORMAT_TODAY)).toBe('h:mm aaa');
    expect(toDateFnsPattern('hh:mm A')).toBe('hh:mm a');
    expect(toDateFnsPattern('D MMM YYYY [at] h')).toBe("d MMM yyyy 'at' h");
  });

  it('shows today as h:mm a, with am/pm in lowercase as moment prints it', () => {
    expect(formatChatTime(new Date(2025, 5, 15, 9, 5).toISOString(), now)).toBe('9:05 am');
    expect(formatChatTime(new Date(2025, 5, 15, 0, 0).toISOString(), now)).toBe('12:00 am');
    expect(formatChatTime(new Date(2025, 5, 15, 13, 45).toISOString(), now)).toBe('1:45 pm');
  });

  it('shows dates within a year as DD MMM', () => {
    expect(formatChatTime(new Date(2025, 5, 14, 23, 59).toISOString(), now)).toBe('14 Jun');
    expect(formatChatTime(new Date(2024, 6, 1).toISOString(), now)).toBe('01 Jul');
  });

  it("shows older dates as DD MMM 'YY", () => {
    expect(formatChatTime(new Date(2024, 5, 1).toISOString(), now)).toBe("01 Jun '24");
  });

  it('shows nothing for a missing or broken time', () => {
    expect(formatChatTime(null, now)).toBe('');
    expect(formatChatTime('nope', now)).toBe('');
    expect(formatClock(undefined)).toBe('');
  });

  it('gives message times as h:mm a whatever the day', () => {
    expect(formatClock(new Date(2023, 0, 2, 21, 7).toISOString())).toBe('9:07 pm');
  });

  it('heads days with Today or the spec date formats', () => {
    expect(formatDay(new Date(2025, 5, 15, 1, 0).toISOString(), now)).toBe('Today');
    expect(formatDay(new Date(2025, 2, 3).toISOString(), now)).toBe('03 Mar');
    expect(formatDay(new Date(2023, 11, 24).toISOString(), now)).toBe("24 Dec '23");
  });
});

describe('ages', () => {
  it("reads 'N years/months/weeks ago', and 'just now' for anything under a week", () => {
    expect(formatAge(ago(30_000), now)).toBe('just now');
    expect(formatAge(ago(3 * 3_600_000), now)).toBe('just now');
    expect(formatAge(ago(6 * DAY), now)).toBe('just now');
    expect(formatAge(ago(7 * DAY), now)).toBe('1 week ago');
    expect(formatAge(new Date(2025, 5, 1).toISOString(), now)).toBe('2 weeks ago');
    expect(formatAge(new Date(2025, 4, 15).toISOString(), now)).toBe('1 month ago');
    expect(formatAge(new Date(2025, 1, 1).toISOString(), now)).toBe('4 months ago');
    expect(formatAge(new Date(2022, 1, 1).toISOString(), now)).toBe('3 years ago');
  });

  it('says when someone was last seen without calling days ago just now', () => {
    expect(formatLastSeen(ago(5 * 60_000), now)).toBe('just now');
    expect(formatLastSeen(new Date(2025, 5, 15, 9, 5).toISOString(), now)).toBe('9:05 am');
    expect(formatLastSeen(ago(3 * DAY), now)).toBe('12 Jun');
    expect(formatLastSeen(ago(15 * DAY), now)).toBe('2 weeks ago');
    expect(formatLastSeen(null, now)).toBe('');
  });
});

describe('recent and new', () => {
  it('counts under 10 minutes as recent', () => {
    expect(isRecent(ago(9 * 60_000 + 59_000), now)).toBe(true);
    expect(isRecent(ago(10 * 60_000), now)).toBe(false);
  });

  it('counts within 72 hours as new', () => {
    expect(isNew(ago(71 * 3_600_000), now)).toBe(true);
    expect(isNew(ago(72 * 3_600_000), now)).toBe(false);
    expect(isNew(null, now)).toBe(false);
  });
});
