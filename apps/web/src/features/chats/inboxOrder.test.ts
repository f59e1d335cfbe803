import { describe, expect, it } from 'vitest';
import { chat, loaded, reduce } from './inboxTestData';
import { chatsAction, markMessagesRead } from './inboxThunks';

// The system user's chats with unread messages first, then newest last message first.
const support = () => chat('support', 30, { is_staff: true, unread_messages: 2 });

describe('a system chat that becomes read leaves the pinned top', () => {
  it('when it is opened and marked read', () => {
    let state = loaded([support(), chat('a', 1), chat('b', 60)]);
    expect(state.list.ids).toEqual(['support', 'a', 'b']);
    state = reduce(
      state,
      markMessagesRead.pending('r', { otherUserId: 'support', messageIds: ['7', '8'], fromMessageId: '1' }),
    );
    expect(state.list.ids).toEqual(['a', 'support', 'b']);
  });

  it('when the read bulk action covers it', () => {
    let state = loaded([support(), chat('a', 1), chat('b', 60)]);
    state = reduce(
      state,
      chatsAction.fulfilled({ action: 'read', updated: 1, covered: ['support'], selectAll: false }, 'r', {
        action: 'read',
      }),
    );
    expect(state.list.ids).toEqual(['a', 'support', 'b']);
  });

  it('does not pull a chat the list does not show into it', () => {
    let state = loaded([chat('a', 1)]);
    state = reduce(
      state,
      markMessagesRead.pending('r', { otherUserId: 'elsewhere', messageIds: ['9'], fromMessageId: '9' }),
    );
    expect(state.list.ids).toEqual(['a']);
  });
});
