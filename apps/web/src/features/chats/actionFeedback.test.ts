import { describe, expect, it } from 'vitest';
import { actionFeedback } from './actionFeedback';

describe('actionFeedback', () => {
  it('confirms each action with what changed', () => {
    expect(actionFeedback('report', 1)).toBe('Report sent. Thank you: our team will look at it.');
    expect(actionFeedback('hide', 9412)).toBe('9,412 chats hidden.');
    expect(actionFeedback('delete', 1)).toBe('1 chat deleted.');
    expect(actionFeedback('read', 3)).toBe('3 chats marked as read.');
    expect(actionFeedback('block', 1)).toBe('Blocked. They can no longer message you.');
  });
  it('keeps quiet about opening a chat (read of one)', () => {
    expect(actionFeedback('read', 1)).toBeNull();
  });
});

describe('selectionSummary', () => {
  it('counts what is selected, over a whole tab with its exceptions', async () => {
    const { selectionSummary } = await import('./BulkActionBar');
    expect(selectionSummary(3, 'ids', 0)).toBe('3 selected');
    expect(selectionSummary(9409, 'all', 3)).toBe('All 9,412 except 3');
    expect(selectionSummary(9412, 'all', 0)).toBe('All 9,412 selected');
  });
});
