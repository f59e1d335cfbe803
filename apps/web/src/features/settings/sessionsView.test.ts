import type { Session } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { orderSessions, sessionDetails } from './sessionsView';

const session = (id: string, lastUsed: string, current = false): Session => ({
  _id: id,
  device: 'Firefox on Windows',
  created_at: '2026-03-02T10:00:00.000Z',
  last_used_at: lastUsed,
  current,
});

describe('sessions settings', () => {
  it('puts this device first, then the others by last use', () => {
    const list = [
      session('old', '2026-03-01T00:00:00.000Z'),
      session('new', '2026-03-05T00:00:00.000Z'),
      session('me', '2026-03-03T00:00:00.000Z', true),
    ];
    expect(orderSessions(list).map((s) => s._id)).toEqual(['me', 'new', 'old']);
  });

  it('says when a device was last seen and signed in', () => {
    const now = new Date('2026-03-08T12:00:00.000Z');
    expect(sessionDetails(session('a', '2026-03-05T12:00:00.000Z'), now)).toEqual({
      lastSeen: 'Last seen 3 days ago',
      signedIn: 'Signed in 2 Mar 2026',
    });
    expect(sessionDetails(session('b', '2026-03-08T11:55:00.000Z'), now).lastSeen).toBe('Active now');
    expect(sessionDetails(session('c', '2026-03-01T00:00:00.000Z', true), now).lastSeen).toBe('Active now');
  });
});
