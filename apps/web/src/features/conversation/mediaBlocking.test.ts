import type { MessagePage } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { chat, loaded, reduce as reduceInbox } from '../chats/inboxTestData';
import { mediaRefused } from './conversationActions';
import { conversationsSlice } from './conversationSlice';
import { openConversation } from './conversationThunks';

const ME = 'me';
const reduce = conversationsSlice.reducer;
const event = (name: 'block_chat_media' | 'allow_chat_media', userId: string) =>
  realtimeEvent({
    event: name,
    data: { chat_id: `chat-${userId === ME ? 'a' : userId}`, user_id: userId },
    me: ME,
    receivedAt: 0,
  });

describe('media blocking', () => {
  it('learns that the other user blocks media from me, and that they allow it again', () => {
    let state = reduce(undefined, event('block_chat_media', 'a'));
    expect(state.byUser.a?.mediaBlockedByOther).toBe(true);
    state = reduce(state, event('allow_chat_media', 'a'));
    expect(state.byUser.a?.mediaBlockedByOther).toBe(false);
  });

  it('knows it from the chat when the conversation opens, after a reload too', () => {
    const page = (blocked: boolean) =>
      ({
        data: [],
        credits: 0,
        next: null,
        chat: {
          chat_id: 'chat-a',
          is_blocked: false,
          is_blocked_by_other: false,
          is_media_blocked_by_other: blocked,
        },
      }) as unknown as MessagePage;
    const open = (blocked: boolean) =>
      reduce(undefined, openConversation.fulfilled(page(blocked), 'r', { otherUserId: 'a' }));
    expect(open(true).byUser.a?.mediaBlockedByOther).toBe(true);
    expect(open(false).byUser.a?.mediaBlockedByOther).toBe(false);
  });

  it('learns it from a media send the server refused', () => {
    const state = reduce(undefined, mediaRefused({ otherUserId: 'a' }));
    expect(state.byUser.a?.mediaBlockedByOther).toBe(true);
  });

  it('takes my own setting, changed in another session, into the chat', () => {
    let inbox = reduceInbox(loaded([chat('a', 1)]), event('block_chat_media', ME));
    expect(inbox.chats.entities.a!.is_media_blocked).toBe(true);
    inbox = reduceInbox(inbox, event('allow_chat_media', ME));
    expect(inbox.chats.entities.a!.is_media_blocked).toBe(false);
  });

  it('keeps my setting and theirs apart', () => {
    const inbox = reduceInbox(loaded([chat('a', 1)]), event('block_chat_media', 'a'));
    expect(inbox.chats.entities.a!.is_media_blocked).toBe(false);
    expect(inbox.chats.entities.a!.is_media_blocked_by_other).toBe(true);
    expect(reduce(undefined, event('block_chat_media', ME)).byUser[ME]).toBeUndefined();
  });
});
