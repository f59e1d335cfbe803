import { describe, expect, it } from 'vitest';
import { ClientEvents, parseServerFrame, ServerEvents } from './events';

const message = {
  sender_id: 'u1',
  recipient_id: 'u2',
  chat_id: 'c1',
  message_id: 'm1',
  text: 'hello',
  info: null,
  unread_messages: 3,
  unread_tip: null,
  credit_rate: 5,
  new_rate: null,
  timestamp: '2026-11-21T12:00:00.000Z',
  system: false,
};
const frame = (event: string, data: unknown) => JSON.stringify({ event, data });

describe('parseServerFrame', () => {
  it('answers the event and its data for a valid frame', () => {
    expect(parseServerFrame(frame('new_message', message))).toEqual({ event: 'new_message', data: message });
    expect(parseServerFrame(frame('typing_start', { sender_id: 'u1', chat_id: 'c1' }))).toEqual({
      event: 'typing_start',
      data: { sender_id: 'u1', chat_id: 'c1' },
    });
  });

  it('drops fields the event does not define', () => {
    const parsed = parseServerFrame(frame('total_credits', { credits: 40, secret: 'x' }));
    expect(parsed).toEqual({ event: 'total_credits', data: { credits: 40 } });
  });

  it('answers null for an unknown event', () => {
    expect(parseServerFrame(frame('no_such_event', {}))).toBeNull();
  });

  it('answers null for an event named after an object prototype key', () => {
    expect(parseServerFrame(frame('toString', {}))).toBeNull();
    expect(parseServerFrame(frame('__proto__', {}))).toBeNull();
    expect(parseServerFrame(frame('constructor', {}))).toBeNull();
  });

  it('answers null when the data does not fit the event', () => {
    const { chat_id: _dropped, ...withoutChat } = message;
    expect(parseServerFrame(frame('new_message', withoutChat))).toBeNull();
    expect(parseServerFrame(frame('new_message', { ...message, unread_messages: 'three' }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ event: 'typing_stop' }))).toBeNull();
  });

  it('answers null for text that is not a frame', () => {
    expect(parseServerFrame('{not json')).toBeNull();
    expect(parseServerFrame('')).toBeNull();
    expect(parseServerFrame('null')).toBeNull();
    expect(parseServerFrame('42')).toBeNull();
    expect(parseServerFrame(JSON.stringify({ event: 7, data: {} }))).toBeNull();
  });
});

describe('event names', () => {
  it('include every realtime event', () => {
    const spec = [
      'init',
      'sale_commissions',
      'pong',
      'profile_complete_config',
      'user.update',
      'new_message',
      'paid_content',
      'payout_completed',
      'typing_start',
      'typing_stop',
      'user_online',
      'user_offline',
      'credits_top_up',
      'onboarding_rejected',
      'featured_enquiry_approved',
      'model_approved',
      'onboarding_approved_id',
      'total_credits',
      'new_fan',
      'banned',
      'message_paid',
      'message_hidden',
      'message_deleted',
      'unread_messages',
      'message_read',
      'block_chat_media',
      'allow_chat_media',
      'hide_skinscore_banner',
      'new_feed',
      'broadcast_done',
      'provider_features_update',
      'deletion-scheduled',
      'warning_you_have_been_reported',
    ];
    expect(Object.keys(ServerEvents)).toEqual(expect.arrayContaining(spec));
  });

  it('client frames accept only the defined states', () => {
    expect(ClientEvents.visibility.safeParse({ state: 'hidden' }).success).toBe(true);
    expect(ClientEvents.visibility.safeParse({ state: 'away' }).success).toBe(false);
    expect(ClientEvents.typing.safeParse({ chat_id: 'c1', state: 'start' }).success).toBe(true);
    expect(ClientEvents.typing.safeParse({ chat_id: 'c1', state: 'typing' }).success).toBe(false);
  });
});
