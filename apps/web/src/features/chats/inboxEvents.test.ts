import { describe, expect, it } from 'vitest';
import { sendSucceeded } from '../conversation/conversationActions';
import { chatsActionConfirmed } from './inboxEffects';
import { initialInboxState } from './inboxModel';
import { selectIsSelected, selectSelectedCount } from './inboxSelectors';
import { chatReceived, filterChanged, selectAllToggled, selectionToggled, typingExpired } from './inboxSlice';
import { chat, event, loaded, ME, message, newMessage, reduce, withInbox } from './inboxTestData';
import { chatsAction, fetchInboxPage } from './inboxThunks';

describe('inbox list', () => {
  it('keeps pages in server order and the inbox order when chats move', () => {
    const state = loaded([chat('a', 1), chat('b', 2), chat('c', 3)]);
    expect(state.list.ids).toEqual(['a', 'b', 'c']);
    expect(state.list.offset).toBe(3);
    expect(state.list.hasMore).toBe(false);
  });

  it('ignores a page that arrives for an older filter', () => {
    let state = loaded([chat('a', 1)]);
    state = reduce(state, filterChanged('online'));
    state = reduce(
      state,
      fetchInboxPage.fulfilled(
        { data: [chat('z', 1)], unread_messages: 0, unread_messages_favorites: 0, next: null },
        'r2',
        { filter: 'all', search: '', offset: 0 },
      ),
    );
    expect(state.list.ids).toEqual([]);
  });

  it('merges a refreshed first page at the top after a reconnect', () => {
    let state = loaded([chat('a', 1), chat('b', 2)]);
    state = reduce(
      state,
      fetchInboxPage.fulfilled(
        { data: [chat('c', 0), chat('a', 1)], unread_messages: 4, unread_messages_favorites: 0, next: null },
        'r3',
        { filter: 'all', search: '', offset: 0, refresh: true },
      ),
    );
    expect(state.list.ids).toEqual(['c', 'a', 'b']);
    expect(state.unread.all).toBe(4);
  });
});

describe('applyNewMessage', () => {
  it('moves the chat to the top with the preview, time and unread count', () => {
    let state = loaded([chat('a', 1), chat('b', 2), chat('c', 3)]);
    state = reduce(state, event('new_message', newMessage('c', ME, '10', 5)));
    expect(state.list.ids).toEqual(['c', 'a', 'b']);
    const c = state.chats.entities.c!;
    expect(c.unread_messages).toBe(5);
    expect(c.last_message?.text).toBe('message 10');
    expect(c.category).toContain('unreplied');
  });

  it('keeps a system chat with unread messages pinned above newer chats', () => {
    let state = loaded([chat('support', 10, { is_staff: true, unread_messages: 1 }), chat('a', 1)]);
    expect(state.list.ids).toEqual(['support', 'a']);
    state = reduce(state, event('new_message', newMessage('a', ME, '11')));
    expect(state.list.ids).toEqual(['support', 'a']);
  });

  it('does not count my own message as unread and moves the chat out of Unreplied', () => {
    let state = loaded(
      [chat('a', 1, { category: ['all', 'unreplied'], unread_messages: 2 }), chat('b', 2)],
      'unreplied',
    );
    state = reduce(state, event('new_message', newMessage(ME, 'a', '12')));
    expect(state.chats.entities.a!.unread_messages).toBe(2);
    expect(state.list.ids).toEqual(['b']);
  });

  it('moves the chat for a message this client sent exactly as its realtime echo does', () => {
    const start = loaded([chat('a', 1, { category: ['all', 'unreplied'] }), chat('b', 2)], 'sent');
    const echo = newMessage(ME, 'b', '14');
    const sent = message(ME, 'b', '14', echo.timestamp);
    const bySend = reduce(
      start,
      sendSucceeded({ otherUserId: 'b', clientSideReceiveId: 'csr', message: sent }),
    );
    const byEcho = reduce(start, event('new_message', echo, Date.UTC(2025, 0, 1, 12, 5)));
    expect(bySend.chats.entities.b).toEqual(byEcho.chats.entities.b);
    expect(bySend.list).toEqual(byEcho.list);
    expect(bySend.chats.entities.b!.category).toEqual(['all', 'sent', 'recent']);
  });

  it('leaves chats it does not hold to the fetch effect', () => {
    const state = reduce(loaded([chat('a', 1)]), event('new_message', newMessage('stranger', ME, '13')));
    expect(state.list.ids).toEqual(['a']);
  });

  it('places a fetched new chat by the same rules', () => {
    let state = loaded([chat('a', 1)]);
    state = reduce(state, chatReceived(chat('a', 1)));
    state = reduce(state, {
      type: 'inbox/fetchChat/fulfilled',
      payload: chat('new', 0),
      meta: { arg: 'new' },
    });
    expect(state.list.ids).toEqual(['new', 'a']);
  });
});

describe('other inbox events', () => {
  it('applyUnread takes the totals', () => {
    const state = reduce(
      undefined,
      event('unread_messages', { unread_messages: 7, unread_messages_favorites: 2 }),
    );
    expect(state.unread).toEqual({ all: 7, favorites: 2 });
  });

  it('presence events set online state and last seen', () => {
    let state = loaded([chat('a', 1), chat('b', 2)]);
    state = reduce(state, event('init', { user_id: ME, online_user_ids: ['a'], online_complete: true }));
    expect(state.chats.entities.a!.other_user.is_online).toBe(true);
    expect(state.chats.entities.b!.other_user.is_online).toBe(false);
    state = reduce(state, event('user_offline', { user_id: 'a', last_online: '2025-01-01T00:00:00.000Z' }));
    expect(state.chats.entities.a!.other_user).toMatchObject({
      is_online: false,
      last_online: '2025-01-01T00:00:00.000Z',
    });
  });

  it('presence moves chats in and out of the Online tab without a reload', () => {
    const online = (id: string, minutesAgo: number) =>
      chat(id, minutesAgo, {
        category: ['all', 'online'],
        other_user: { ...chat(id, 0).other_user, is_online: true },
      });
    let state = loaded([online('a', 1), online('c', 3)], 'online');
    state = reduce(state, chatReceived(chat('b', 2)));
    expect(state.list.ids).toEqual(['a', 'c']);
    state = reduce(state, event('user_online', { user_id: 'b', last_online: '2025-01-01T12:00:00.000Z' }));
    expect(state.list.ids).toEqual(['a', 'b', 'c']);
    expect(state.chats.entities.b!.category).toContain('online');
    state = reduce(state, event('user_offline', { user_id: 'a', last_online: '2025-01-01T12:01:00.000Z' }));
    expect(state.list.ids).toEqual(['b', 'c']);
    expect(state.chats.entities.a!.category).not.toContain('online');
  });

  it('typing shows until stop, or until its own 10 s timer fires', () => {
    let state = reduce(undefined, event('typing_start', { sender_id: 'a', chat_id: 'chat-a' }, 100));
    expect(state.typing['chat-a']).toEqual({ senderId: 'a', at: 100 });
    state = reduce(state, event('typing_stop', { sender_id: 'a', chat_id: 'chat-a' }));
    expect(state.typing['chat-a']).toBeUndefined();

    state = reduce(state, event('typing_start', { sender_id: 'a', chat_id: 'chat-a' }, 200));
    state = reduce(state, event('typing_start', { sender_id: 'a', chat_id: 'chat-a' }, 300));
    state = reduce(state, typingExpired({ chatId: 'chat-a', at: 200 }));
    expect(state.typing['chat-a']?.at).toBe(300);
    state = reduce(state, typingExpired({ chatId: 'chat-a', at: 300 }));
    expect(state.typing['chat-a']).toBeUndefined();
  });

  it('new_rate updates the chat it names', () => {
    let state = loaded([chat('a', 1)]);
    state = reduce(state, event('new_rate', { chat_id: 'chat-a', user_id: 'creator', new_rate: 25 }));
    expect(state.chats.entities.a!.credit_rate).toBe(25);
  });
});

describe('selection and bulk actions', () => {
  it('select-all makes toggled chats exceptions', () => {
    let state = loaded([chat('a', 1), chat('b', 2), chat('c', 3)]);
    state = reduce(state, selectAllToggled());
    state = reduce(state, selectionToggled('b'));
    expect(state.selection).toEqual({ mode: 'all', ids: ['b'] });
    expect(selectIsSelected(withInbox(state), 'a')).toBe(true);
    expect(selectIsSelected(withInbox(state), 'b')).toBe(false);
    expect(selectSelectedCount(withInbox(state))).toBe(2);
  });

  it('hide removes the covered chats and marks them removed', () => {
    let state = loaded([chat('a', 1), chat('b', 2)]);
    state = reduce(state, selectionToggled('a'));
    state = reduce(
      state,
      chatsAction.fulfilled({ action: 'hide', updated: 1, covered: ['a'], selectAll: false }, 'r', {
        action: 'hide',
      }),
    );
    expect(state.list.ids).toEqual(['b']);
    expect(state.removed.a).toBe(true);
    expect(state.selection).toEqual({ mode: 'ids', ids: [] });
  });

  it('favourite and read apply to the covered chats at once', () => {
    let state = loaded([chat('a', 1, { unread_messages: 3 })]);
    state = reduce(
      state,
      chatsAction.fulfilled({ action: 'favorite', updated: 1, covered: ['a'], selectAll: false }, 'r', {
        action: 'favorite',
      }),
    );
    expect(state.chats.entities.a).toMatchObject({ is_favorite: true, unread_messages_favorites: 3 });
    state = reduce(
      state,
      chatsAction.fulfilled({ action: 'read', updated: 1, covered: ['a'], selectAll: false }, 'r', {
        action: 'read',
      }),
    );
    expect(state.chats.entities.a!.unread_messages).toBe(0);
  });

  it('the confirm popup carries a plain action', () => {
    expect(chatsActionConfirmed({ action: 'delete' })).toEqual({
      type: 'inbox/chatsActionConfirmed',
      payload: { action: 'delete' },
    });
    expect(initialInboxState().list.filter).toBe('all');
  });
});
