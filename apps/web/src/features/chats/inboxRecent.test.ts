import { describe, expect, it } from 'vitest';
import { selectNextRecentExpiry } from './inboxSelectors';
import { recentExpired } from './inboxSlice';
import { chat, loaded, reduce, withInbox } from './inboxTestData';

// chat(id, n): the last message came n minutes before noon; recent is under 10 minutes.
const NOON = Date.UTC(2025, 0, 1, 12, 0);
const recent = (id: string, minutesAgo: number) => chat(id, minutesAgo, { category: ['all', 'recent'] });

describe('Recent expires on the clock', () => {
  it('takes a chat out of Recent once its last message is 10 minutes old', () => {
    let state = loaded([recent('a', 1), recent('b', 8)], 'recent');
    state = reduce(state, recentExpired(NOON + 2 * 60_000 - 1));
    expect(state.list.ids).toEqual(['a', 'b']);
    state = reduce(state, recentExpired(NOON + 2 * 60_000));
    expect(state.list.ids).toEqual(['a']);
    expect(state.chats.entities.b!.category).toEqual(['all']);
    expect(state.chats.entities.a!.category).toContain('recent');
  });

  it('keeps the chat in the other tabs', () => {
    let state = loaded([recent('a', 9)], 'all');
    state = reduce(state, recentExpired(NOON + 5 * 60_000));
    expect(state.list.ids).toEqual(['a']);
    expect(state.chats.entities.a!.category).not.toContain('recent');
  });

  it('knows when the next chat leaves Recent', () => {
    const state = loaded([recent('a', 1), recent('b', 8), chat('c', 9)]);
    expect(selectNextRecentExpiry(withInbox(state))).toBe(NOON + 2 * 60_000);
    expect(selectNextRecentExpiry(withInbox(loaded([chat('c', 9)])))).toBeNull();
  });
});
