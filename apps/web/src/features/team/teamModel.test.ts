import type { TeamStatsRow } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { defaultRange, formatReplyTime, lastActive, orderStats, rangeQuery } from './teamModel';

const row = (username: string | null, sales: number): TeamStatsRow => ({
  member: username ? { _id: username, username } : null,
  messages_sent: 1,
  paid_sent: 0,
  paid_sold: 0,
  sales_credits: sales,
  tips_credits: 0,
  median_reply_seconds: null,
});

describe('the team screen', () => {
  it('says median reply times in the units that fit', () => {
    expect(formatReplyTime(null)).toBe('—');
    expect(formatReplyTime(42)).toBe('42 s');
    expect(formatReplyTime(12 * 60 + 10)).toBe('12 min');
    expect(formatReplyTime(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
    expect(formatReplyTime(2 * 3600)).toBe('2 h');
    expect(formatReplyTime(2 * 86_400 + 4 * 3600)).toBe('2 d 4 h');
  });

  it('says when a member last worked, or Never', () => {
    const now = new Date('2026-12-03T12:00:00Z');
    expect(lastActive(null, now)).toBe('Never');
    expect(lastActive('2026-12-03T11:59:30Z', now)).toBe('Last active just now');
    expect(lastActive('2026-12-03T09:00:00Z', now)).toBe('Last active 3 hours ago');
  });

  it('asks for the last 30 days by default, whole local days', () => {
    const now = new Date(2026, 11, 3, 15, 30);
    expect(defaultRange(now)).toEqual({ from: '2026-11-04', to: '2026-12-03' });
    const query = rangeQuery('2026-11-04', '2026-12-03');
    expect(query?.from).toBe(new Date(2026, 10, 4).toISOString());
    // The last day is included: up to the start of the next.
    expect(query?.to).toBe(new Date(2026, 11, 4).toISOString());
    expect(rangeQuery('', '2026-12-03')).toBeNull();
  });

  it('lists the creator first, then her members by what they brought in', () => {
    const ordered = orderStats([row('bob', 10), row(null, 5), row('cleo', 40)]);
    expect(ordered.map((r) => r.member?.username ?? 'You')).toEqual(['You', 'cleo', 'bob']);
  });
});
