import type { Chat, Message, MessagePage } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { message as baseMessage } from '../chats/inboxTestData';
import { messagesMerged, sendForced, sendStarted, sendSucceeded } from './conversationActions';
import { mergeIds } from './conversationModel';
import { conversationsSlice } from './conversationSlice';
import { openConversation } from './conversationThunks';

const ME = 'me';
const OTHER = 'mila';
const reduce = conversationsSlice.reducer;

function message(id: string, from = OTHER, extra: Partial<Message> = {}): Message {
  const to = from === ME ? OTHER : ME;
  return {
    ...baseMessage(from, to, id, '2025-01-01T00:00:00.000Z'),
    chat_id: 'c1',
    text: `m${id}`,
    ...extra,
  };
}

const chat = { chat_id: 'c1', is_blocked: false, is_blocked_by_other: false } as Chat;

function opened(ids: string[], next: string | null = null) {
  const page = { data: ids.map((id) => message(id)), credits: 10, chat, next } as MessagePage;
  return reduce(undefined, openConversation.fulfilled(page, 'r', { otherUserId: OTHER }));
}

const event = (name: Parameters<typeof realtimeEvent>[0]['event'], data: unknown) =>
  realtimeEvent({ event: name, data, me: ME, receivedAt: 0 });

const pending = (id: string) => ({
  clientSideReceiveId: id,
  recipientId: OTHER,
  type: 'text' as const,
  text: 'hello',
  created_at: '2025-01-01T01:00:00.000Z',
  state: 'sending' as const,
  error: null,
  media: null,
});

describe('conversation state', () => {
  it('keeps a bought photo unlocked when a page asked for before the purchase arrives after it', () => {
    const media = { blur: '/blur', url: '/full', width: 10, height: 10 } as unknown as Message['media'];
    const locked = message('5', OTHER, { type: 'image', price: 30, is_paid: false, media });
    const bought = { ...locked, is_paid: true };
    let state = reduce(
      undefined,
      openConversation.fulfilled({ data: [locked], credits: 100, chat, next: null } as MessagePage, 'r', {
        otherUserId: OTHER,
      }),
    );
    state = reduce(state, messagesMerged({ otherUserId: OTHER, messages: [bought] }));
    // The stale page: opened a second time (a reconnect) before the buy, answered after it.
    state = reduce(
      state,
      openConversation.fulfilled({ data: [locked], credits: 100, chat, next: null } as MessagePage, 'r2', {
        otherUserId: OTHER,
      }),
    );
    expect(state.messages.entities['5']?.is_paid).toBe(true);
    // Content that is gone still replaces it.
    state = reduce(state, messagesMerged({ otherUserId: OTHER, messages: [{ ...locked, media: null }] }));
    expect(state.messages.entities['5']?.media).toBeNull();
  });

  it('opens ready with the newest page, oldest first', () => {
    const state = opened(['8', '9', '10'], '/older');
    expect(state.byUser[OTHER]).toMatchObject({
      status: 'ready',
      chatId: 'c1',
      messageIds: ['8', '9', '10'],
      next: '/older',
    });
  });

  it('marks a conversation locked when opening needs a purchase (402)', () => {
    const state = reduce(
      undefined,
      openConversation.rejected(
        null,
        'r',
        { otherUserId: OTHER },
        { status: 402, code: 'purchase_required', message: 'Buy' },
      ),
    );
    expect(state.byUser[OTHER]?.status).toBe('locked');
  });

  it('keeps a pending message until the stored one replaces it', () => {
    let state = reduce(opened(['1']), sendStarted({ otherUserId: OTHER, pending: pending('csr-1') }));
    expect(Object.keys(state.byUser[OTHER]!.pending)).toEqual(['csr-1']);
    state = reduce(
      state,
      sendSucceeded({
        otherUserId: OTHER,
        clientSideReceiveId: 'csr-1',
        message: message('2', ME, { clientSideReceiveId: 'csr-1' }),
      }),
    );
    expect(state.byUser[OTHER]!.pending).toEqual({});
    expect(state.byUser[OTHER]!.messageIds).toEqual(['1', '2']);
  });

  it('settles a send through the realtime echo when it arrives before the answer', () => {
    let state = reduce(opened(['1']), sendStarted({ otherUserId: OTHER, pending: pending('csr-2') }));
    const echoed = message('3', ME, { clientSideReceiveId: 'csr-2' });
    state = reduce(
      state,
      event('new_message', {
        sender_id: ME,
        recipient_id: OTHER,
        chat_id: 'c1',
        message_id: '3',
        text: 'hello',
        info: { message: echoed },
        unread_messages: 0,
        unread_tip: null,
        credit_rate: null,
        new_rate: null,
        timestamp: echoed.created_at,
        system: false,
      }),
    );
    expect(state.byUser[OTHER]!.pending).toEqual({});
    // The answer that follows changes nothing more.
    state = reduce(
      state,
      sendSucceeded({ otherUserId: OTHER, clientSideReceiveId: 'csr-2', message: echoed }),
    );
    expect(state.byUser[OTHER]!.messageIds).toEqual(['1', '3']);
  });

  it('no credits drops the pending message and sets the flag; blocked keeps it as failed', () => {
    let state = reduce(opened([]), sendStarted({ otherUserId: OTHER, pending: pending('a') }));
    state = reduce(state, sendStarted({ otherUserId: OTHER, pending: pending('b') }));
    state = reduce(
      state,
      sendForced({ otherUserId: OTHER, clientSideReceiveId: 'a', flag: 'noCredits', error: 'x' }),
    );
    state = reduce(
      state,
      sendForced({ otherUserId: OTHER, clientSideReceiveId: 'b', flag: 'blocked', error: 'y' }),
    );
    const convo = state.byUser[OTHER]!;
    expect(convo.flags).toEqual({
      noCredits: true,
      blocked: true,
      ended: false,
      closed: false,
      frozen: false,
    });
    expect(Object.keys(convo.pending)).toEqual(['b']);
    expect(convo.pending.b).toMatchObject({ state: 'failed', error: 'y' });
  });

  it('message_read marks own messages up to the one read', () => {
    let state = reduce(
      undefined,
      openConversation.fulfilled(
        {
          data: [message('1', ME), message('2', ME), message('3', ME)],
          credits: 0,
          chat,
          next: null,
        } as MessagePage,
        'r',
        { otherUserId: OTHER },
      ),
    );
    state = reduce(
      state,
      event('message_read', {
        chat_id: 'c1',
        reader_id: OTHER,
        last_read_message_id: '2',
        read_at: '2025-01-02T00:00:00.000Z',
      }),
    );
    expect(state.messages.entities['2']).toMatchObject({
      is_read: true,
      read_at: '2025-01-02T00:00:00.000Z',
    });
    expect(state.messages.entities['3']!.is_read).toBe(false);
  });

  it('message_deleted blanks the message and message_hidden drops it from view', () => {
    let state = opened(['1', '2']);
    state = reduce(state, event('message_deleted', { chat_id: 'c1', message_id: '1' }));
    expect(state.messages.entities['1']).toMatchObject({ is_deleted: true, text: null });
    state = reduce(state, event('message_hidden', { chat_id: 'c1', message_id: '2' }));
    expect(state.byUser[OTHER]!.messageIds).toEqual(['1']);
  });

  it('merges ids in order without duplicates', () => {
    expect(mergeIds(['5', '6'], ['6', '7'])).toEqual(['5', '6', '7']);
    expect(mergeIds(['50', '51'], ['9', '10'])).toEqual(['9', '10', '50', '51']);
  });
});
