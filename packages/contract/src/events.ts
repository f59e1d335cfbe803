import { z } from 'zod';
import {
  AutoMessageCategory,
  AutoMessageLogEntry,
  BroadcastDoneEvent,
  BroadcastProgressEvent,
} from './broadcasts';
import { NewFanEvent } from './discover';
import { PayoutCompletedEvent, SaleCommissionsEvent } from './earnings';
import { BanNotice } from './errors';
import { NewFeedEvent } from './feed';
import { lazySchema } from './lazy';
import { PlatformNotice } from './lifecycle';
import { MessagePaidEvent, PaidContentEvent } from './media';
import { Features, ProfileCompleteConfig } from './users';

/** The realtime chat message event. */
export const NewMessageEvent = lazySchema(() =>
  z.object({
    sender_id: z.string(),
    recipient_id: z.string(),
    chat_id: z.string(),
    message_id: z.string(),
    text: z.string().nullable(),
    info: z.record(z.string(), z.unknown()).nullable(),
    unread_messages: z.number().int(),
    unread_tip: z.number().nullable(),
    credit_rate: z.number().nullable(),
    new_rate: z.number().nullable(),
    timestamp: z.string(),
    system: z.boolean(),
  }),
);
export type NewMessageEvent = z.infer<typeof NewMessageEvent>;

export const TypingEvent = lazySchema(() => z.object({ sender_id: z.string(), chat_id: z.string() }));
export const PresenceEvent = lazySchema(() =>
  z.object({ user_id: z.string(), last_online: z.string().nullable() }),
);
export const CryptoTopUpEvent = lazySchema(() =>
  z.object({
    transaction_id: z.string(),
    credits: z.number(),
    paid_amount: z.number(),
    paid_currency: z.string(),
    fee: z.number(),
  }),
);

const open = lazySchema(() => z.record(z.string(), z.unknown()));

export const MessageReadEvent = lazySchema(() =>
  z.object({
    chat_id: z.string(),
    reader_id: z.string(),
    last_read_message_id: z.string().nullable(),
    read_at: z.string(),
  }),
);
export const MessageChangedEvent = lazySchema(() =>
  z.object({ chat_id: z.string(), message_id: z.string() }),
);
export const NewRateEvent = lazySchema(() =>
  z.object({
    chat_id: z.string(),
    user_id: z.string(),
    new_rate: z.number().int(),
  }),
);
export const ChatMediaEvent = lazySchema(() => z.object({ chat_id: z.string(), user_id: z.string() }));

/**
 * Server-to-client events. Events without a fixed payload take an open object; each feature narrows
 * its own when it handles it.
 */
export const ServerEvents = {
  /**
   * The chat partners online now, capped so a creator with many fans online gets a bounded frame:
   * `online_complete` false means there were more, and the client asks about the chats it holds.
   */
  init: lazySchema(() =>
    z.object({
      user_id: z.string(),
      online_user_ids: z.array(z.string()),
      online_complete: z.boolean(),
    }),
  ),
  pong: lazySchema(() => z.object({ ts: z.number() })),
  sale_commissions: SaleCommissionsEvent,
  /** The account's profile set-up changed (a fan's first credit package): its whole config now. */
  profile_complete_config: ProfileCompleteConfig,
  'user.update': open,
  new_message: NewMessageEvent,
  paid_content: PaidContentEvent,
  payout_completed: PayoutCompletedEvent,
  typing_start: TypingEvent,
  typing_stop: TypingEvent,
  user_online: PresenceEvent,
  user_offline: PresenceEvent,
  credits_top_up: CryptoTopUpEvent,
  onboarding_rejected: open,
  featured_enquiry_approved: open,
  model_approved: open,
  onboarding_approved_id: open,
  total_credits: lazySchema(() => z.object({ credits: z.number() })),
  new_fan: NewFanEvent,
  /** `reason` as before; `ban` adds where to appeal, as the sign-in refusal carries it. */
  banned: lazySchema(() => z.object({ reason: z.string().nullable(), ban: BanNotice.optional() })),
  message_paid: MessagePaidEvent,
  message_hidden: MessageChangedEvent,
  message_deleted: MessageChangedEvent,
  unread_messages: lazySchema(() =>
    z.object({ unread_messages: z.number(), unread_messages_favorites: z.number() }),
  ),
  message_read: MessageReadEvent,
  block_chat_media: ChatMediaEvent,
  allow_chat_media: ChatMediaEvent,
  /** A block set or lifted by `user_id`; sent to both sides of the chat. */
  block_chat: ChatMediaEvent,
  unblock_chat: ChatMediaEvent,
  hide_skinscore_banner: open,
  new_feed: NewFeedEvent,
  broadcast_progress: BroadcastProgressEvent,
  broadcast_done: BroadcastDoneEvent,
  /** An automatic message went out: the creator's log adds it (GET /v1/auto-messages/log's entry). */
  auto_message_sent: AutoMessageLogEntry,
  /** A category was saved (another tab, another process): whether it now has messages. */
  auto_messages_changed: lazySchema(() =>
    z.object({ category: AutoMessageCategory, has_messages: z.boolean() }),
  ),
  /** An admin changed the account's feature flags: every flag's value now, as the provider config has them. */
  provider_features_update: lazySchema(() => z.object({ features: Features })),
  'deletion-scheduled': open,
  warning_you_have_been_reported: open,
  new_rate: NewRateEvent,
  /** An admin set (notice) or cleared (null) the global warning. */
  global_notice: lazySchema(() => z.object({ notice: PlatformNotice.nullable() })),
} as const;
export type ServerEventName = keyof typeof ServerEvents;
export type ServerEventData<N extends ServerEventName> = z.infer<(typeof ServerEvents)[N]>;

/** Client-to-server frames. */
export const ClientEvents = {
  ping: lazySchema(() => z.object({}).passthrough()),
  visibility: lazySchema(() => z.object({ state: z.enum(['visible', 'hidden']) })),
  typing: lazySchema(() => z.object({ chat_id: z.string(), state: z.enum(['start', 'stop']) })),
} as const;
export type ClientEventName = keyof typeof ClientEvents;

/** The socket's address carries the session token: a browser cannot set headers on a WebSocket. */
export const RealtimeQuery = lazySchema(() => z.object({ token: z.string().max(200).optional() }));

/** Every frame is `{ event, data }`. */
export const Frame = lazySchema(() => z.object({ event: z.string(), data: z.unknown() }));

/** Validates one incoming frame against its event's schema; unknown events and bad data answer null. */
export function parseServerFrame(raw: string): { event: ServerEventName; data: unknown } | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const frame = Frame.safeParse(json);
  // hasOwn, not `in`: a frame named after an Object.prototype key (toString) must not reach safeParse.
  if (!frame.success || !Object.hasOwn(ServerEvents, frame.data.event)) return null;
  const event = frame.data.event as ServerEventName;
  const data = ServerEvents[event].safeParse(frame.data.data);
  return data.success ? { event, data: data.data } : null;
}
