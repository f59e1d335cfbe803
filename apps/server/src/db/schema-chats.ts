import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

// Table types of chats and their messages, for Kysely (rows never reach the client).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface ChatsTable {
  id: Generated<string>;
  user_low: string;
  user_high: string;
  credit_rate: Generated<number>;
  created_at: Timestamp;
}

export interface ChatMembersTable {
  chat_id: string;
  user_id: string;
  other_user_id: string;
  unread_messages: Generated<number>;
  is_favorite: Generated<boolean>;
  hidden: Generated<boolean>;
  /** When a hide action hid the chat (one time per action, so Undo finds its batch); null for a delete. */
  hidden_at: NullableTimestamp;
  cleared_before_id: number | null;
  last_message_id: number | null;
  last_message_at: NullableTimestamp;
  last_sender_id: string | null;
  last_read_message_id: number | null;
  spent_credits: Generated<number>;
  blocked: Generated<boolean>;
  media_blocked: Generated<boolean>;
  other_is_system: Generated<boolean>;
  is_subscriber: Generated<boolean>;
  created_at: Timestamp;
  /** The other member's newest message (migration 0044). */
  last_received_at: NullableTimestamp;
}

/** Kept by triggers on chat_members (migration 0007); never written by application code. */
export interface InboxCountersTable {
  user_id: string;
  shard: number;
  chats: number;
  fans: number;
  subscribers: number;
  favorites: number;
  unreplied: number;
  vip: number;
  sent: number;
  unread_messages: number;
  unread_messages_favorites: number;
}

export interface ChatNotesTable {
  id: Generated<string>;
  chat_id: string;
  author_id: string;
  text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserReportsTable {
  id: Generated<string>;
  reporter_id: string;
  reported_id: string;
  reason: string | null;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  chat_id: string;
  sender_id: string;
  recipient_id: string;
  type: Generated<'text' | 'gif' | 'image' | 'video' | 'tip'>;
  text: string | null;
  price: Generated<number>;
  self_destruct: Generated<boolean>;
  parent_message_id: number | null;
  client_send_id: string | null;
  system: Generated<boolean>;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  media_id: number | null;
  gif_url: string | null;
  gif_width: number | null;
  gif_height: number | null;
  destruct_at: NullableTimestamp;
  destructed_at: NullableTimestamp;
  /** The broadcast this message is a copy of (read from its send id, migration 0021). */
  broadcast_id: GeneratedAlways<number | null>;
}

export interface MessageHiddenForTable {
  message_id: number;
  user_id: string;
}

/** Migration 0037: texts sent anyway after the payment warning, for moderation. */
export interface PaymentWarningsTable {
  id: Generated<number>;
  user_id: string;
  chat_id: string;
  other_user_id: string;
  created_at: Date;
}
