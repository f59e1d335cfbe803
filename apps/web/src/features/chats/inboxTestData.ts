import type { Chat, Message, NewMessageEvent } from '@parlor/contract';
import { realtimeEvent } from '../../platform/realtimeEvent';
import type { RootState } from '../../platform/storeTypes';
import type { InboxState } from './inboxModel';
import { filterChanged, inboxSlice } from './inboxSlice';
import { fetchInboxPage } from './inboxThunks';

// Test data for the inbox's reducer tests: chats whose last message came some minutes before noon
// on 1 Jan 2025 (UTC), a loaded first page, message events.

export const ME = 'me';
export const reduce = inboxSlice.reducer;

/** A store's state holding this inbox, for the selectors (which read the inbox alone). */
export const withInbox = (inbox: InboxState): RootState => ({ inbox }) as RootState;

export function chat(id: string, minutesAgo: number, extra: Partial<Chat> = {}): Chat {
  const at = new Date(Date.UTC(2025, 0, 1, 12, 0) - minutesAgo * 60_000).toISOString();
  return {
    _id: `chat-${id}`,
    chat_id: `chat-${id}`,
    recipient_id: id,
    other_user: {
      _id: id,
      username: id,
      type: 'user',
      avatar_url: null,
      last_online: null,
      is_online: false,
    },
    unread_messages: 0,
    unread_messages_favorites: 0,
    last_message_time: at,
    last_message: null,
    created_at: at,
    type: 'user',
    category: ['all'],
    is_favorite: false,
    is_blocked: false,
    is_blocked_by_other: false,
    is_media_blocked: false,
    is_media_blocked_by_other: false,
    is_staff: false,
    is_staff_mo: false,
    intro_enabled: false,
    intro_ended: true,
    is_intro: false,
    can_intro: false,
    credit_rate: 0,
    spent_credits: 0,
    credits: 0,
    relationship: null,
    notes: [],
    ...extra,
  };
}

export function loaded(
  chats: Chat[],
  filter: InboxState['list']['filter'] = 'all',
  next: string | null = null,
) {
  let state = reduce(undefined, filterChanged(filter));
  const arg = { filter, search: '', offset: 0 };
  state = reduce(
    state,
    fetchInboxPage.fulfilled(
      { data: chats, unread_messages: 0, unread_messages_favorites: 0, next },
      'r1',
      arg,
    ),
  );
  return state;
}

export function message(from: string, to: string, id: string, at: string): Message {
  return {
    _id: id,
    chat_id: `chat-${from === ME ? to : from}`,
    sender_id: from,
    recipient_id: to,
    type: 'text',
    text: `message ${id}`,
    price: 0,
    price_in_dollars: '0.00',
    self_destruct: false,
    parent_message_id: null,
    broadcast_id: null,
    parent_message: null,
    created_at: at,
    clientSideReceiveId: null,
    is_read: false,
    read_at: null,
    destruct_at: null,
    is_paid: true,
    is_hidden: false,
    is_deleted: false,
    system: false,
    media: null,
    gif_url: null,
    gif_width: null,
    gif_height: null,
    author: { kind: 'creator', member_id: null, username: null },
  };
}

export function newMessage(from: string, to: string, id: string, unread = 1): NewMessageEvent {
  const at = new Date(Date.UTC(2025, 0, 1, 12, 5)).toISOString();
  const m = message(from, to, id, at);
  return {
    sender_id: from,
    recipient_id: to,
    chat_id: m.chat_id,
    message_id: id,
    text: m.text,
    info: { message: m },
    unread_messages: unread,
    unread_tip: null,
    credit_rate: null,
    new_rate: null,
    timestamp: at,
    system: false,
  };
}

export const event = (name: Parameters<typeof realtimeEvent>[0]['event'], data: unknown, receivedAt = 0) =>
  realtimeEvent({ event: name, data, me: ME, receivedAt });
