import { describe, expect, it } from 'vitest';
import { messageDeleted } from '../conversation/conversationActions';
import { previewText } from './inboxTabs';
import { chat, event, loaded, ME, message, reduce } from './inboxTestData';

const AT = '2025-01-01T11:59:00.000Z';
const withLast = (id: string, type = 'text') =>
  chat('a', 1, {
    last_message: { _id: id, type, text: 'see you', sender_id: 'a', created_at: AT, is_deleted: false },
  });

describe('the inbox preview of a deleted message', () => {
  it('says the last message was deleted when its sender deletes it', () => {
    const state = reduce(
      loaded([withLast('40')]),
      event('message_deleted', { chat_id: 'chat-a', message_id: '40' }),
    );
    const preview = state.chats.entities.a!.last_message;
    expect(preview).toMatchObject({ text: null, is_deleted: true });
    expect(previewText(preview)).toBe('Message deleted');
  });

  it('keeps the preview when an older message is deleted', () => {
    const state = reduce(
      loaded([withLast('40')]),
      event('message_deleted', { chat_id: 'chat-a', message_id: '39' }),
    );
    expect(state.chats.entities.a!.last_message?.text).toBe('see you');
  });

  it('follows my own delete at once, without waiting for the event', () => {
    const deleted = { ...message(ME, 'a', '40', AT), text: null, is_deleted: true };
    const state = reduce(loaded([withLast('40')]), messageDeleted({ otherUserId: 'a', message: deleted }));
    expect(state.chats.entities.a!.last_message?.is_deleted).toBe(true);
  });

  it('names deleted photos as deleted rather than as photos', () => {
    expect(previewText({ type: 'image', text: null, is_deleted: true })).toBe('Message deleted');
    expect(previewText({ type: 'image', text: null, is_deleted: false })).toBe('Photo');
  });
});
