import { ERRORS } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { chat } from '../chats/inboxTestData';
import { fetchInboxPage } from '../chats/inboxThunks';
import { openConversation } from './conversationThunks';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('location', { pathname: '/chats', protocol: 'http:', host: 'parlor.test', assign: vi.fn() });
  vi.stubGlobal('document', { cookie: '', hidden: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('opening a conversation', () => {
  it('removes the chat locally when the server answers 410', async () => {
    const store = createStore();
    store.dispatch(
      fetchInboxPage.fulfilled(
        {
          data: [chat('gone', 1), chat('b', 2)],
          unread_messages: 0,
          unread_messages_favorites: 0,
          next: null,
        },
        'r',
        { filter: 'all', search: '', offset: 0 },
      ),
    );
    fetchMock.mockResolvedValue(json(410, { message: ERRORS.accountGone, code: 'account_gone' }));
    await store.dispatch(openConversation({ otherUserId: 'gone' }));
    const state = store.getState();
    expect(state.inbox.chats.entities.gone).toBeUndefined();
    expect(state.inbox.list.ids).toEqual(['b']);
    expect(state.conversations.byUser.gone).toMatchObject({ status: 'gone', error: ERRORS.accountGone });
  });

  it('says a mistyped id names nobody, without trying to create a chat', async () => {
    const store = createStore();
    fetchMock.mockResolvedValue(json(404, { message: ERRORS.chatNotFound, code: 'chat_not_found' }));
    await store.dispatch(openConversation({ otherUserId: 'not-a-user' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/v1/chat?recipient_id=not-a-user');
    expect(store.getState().conversations.byUser['not-a-user']).toMatchObject({ status: 'missing' });
  });

  it('says a user id that is nobody does not exist', async () => {
    const store = createStore();
    const id = '11111111-2222-3333-4444-555555555555';
    fetchMock
      .mockResolvedValueOnce(json(404, { message: ERRORS.chatNotFound, code: 'chat_not_found' }))
      .mockResolvedValueOnce(json(404, { message: ERRORS.userNotFound, code: 'user_not_found' }));
    await store.dispatch(openConversation({ otherUserId: id }));
    expect(store.getState().conversations.byUser[id]).toMatchObject({ status: 'missing' });
  });
});
