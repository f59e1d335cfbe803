import { describe, expect, it } from 'vitest';
import { formatAge, formatChatTime, toDateFnsPattern } from './relativeTime';

// Local-time dates: the formats are about the viewer's own clock.
const now = new Date(2025, 5, 15, 18, 30);

describe('chat times (part 1 §9)', () => {
  it('translates the spec formats into date-fns patterns', () => {
    expect(toDateFnsPattern("DD MMM 'YY")).toBe("dd MMM ''yy");
    expect(toDateFnsPattern('h:mm a')).toBe('h:mm a');
  });

  it('shows today as h:mm a', () => {
    expect(formatChatTime(new Date(2025, 5, 15, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(formatChatTime(new Date(2025, 5, 15, 0, 0).toISOString(), now)).toBe('12:00 AM');
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
  });
});

describe('ages', () => {
  it('reads just now under a minute, then the largest whole unit', () => {
    expect(formatAge(new Date(now.getTime() - 30_000).toISOString(), now)).toBe('just now');
    expect(formatAge(new Date(now.getTime() - 60_000).toISOString(), now)).toBe('1 minute ago');
    expect(formatAge(new Date(now.getTime() - 3 * 3_600_000).toISOString(), now)).toBe('3 hours ago');
    expect(formatAge(new Date(2025, 5, 1).toISOString(), now)).toBe('2 weeks ago');
    expect(formatAge(new Date(2025, 1, 1).toISOString(), now)).toBe('4 months ago');
    expect(formatAge(new Date(2022, 1, 1).toISOString(), now)).toBe('3 years ago');
  });
});
