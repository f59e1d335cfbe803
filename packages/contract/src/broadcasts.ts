import { z } from 'zod';
import { CHAT_SEARCH_MAX, InboxType } from './chats';
import { LIST_PAGE_SIZE } from './constants';
import { lazySchema } from './lazy';
import { ScheduleTime } from './lists';
import { CONTENT_PRICE_MAX_CREDITS, MESSAGE_MAX_LENGTH, MessageMedia } from './messages';

/** Comma-joined other users' ids, as `PATCH /v1/chats` takes them (a select-all's exceptions may be empty). */
const userIdList = lazySchema(() =>
  z
    .string()
    .max(200_000)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
);

export const BROADCAST_MESSAGES = {
  empty: 'Choose at least one chat to send this broadcast to.',
  alreadySending: 'Your previous broadcast is still sending. Wait until it is done.',
  notAllowed: 'Broadcasts are not enabled for this account.',
  textRequired: 'Write a message or choose a photo or a video.',
  notFound: 'Broadcast not found',
  listOrChats: 'Send to either a list or chats of the inbox.',
} as const;

/** Comma-joined ids of my lists to leave out of a broadcast. */
const listIdList = lazySchema(() =>
  z
    .string()
    .max(100 * 65)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(64)).max(100)),
);

/** Who a broadcast goes to, besides its inbox tab or chats: one of my lists, less others. */
const ListAudience = {
  /** One of my fan lists as the audience, instead of `category` or `ids`. */
  list_id: z.string().max(64).optional(),
  /** Fans on any of these lists are left out. */
  exclude_list_ids: listIdList.optional(),
};

/**
 * POST /v1/broadcast/send: an audience, and one message. The audience is `ids`, or a
 * `category` (with `search`), or a category with `except_ids` (the select-all mode of the inbox), or
 * a `list_id`; `exclude_list_ids` leaves lists out of any of them. `type` is the draft's (`text`, or
 * `media` resolved from the media) or the media's kind itself. With `send_at` it is scheduled
 * (201) and its audience is fixed when it starts; without, it starts now (202).
 */
export const BroadcastSendRequest = lazySchema(() =>
  z
    .object({
      category: InboxType.optional(),
      search: z.string().trim().max(CHAT_SEARCH_MAX).optional(),
      ids: userIdList.optional(),
      except_ids: userIdList.optional(),
      type: z.enum(['text', 'media', 'image', 'video']).default('text'),
      text: z
        .string()
        .max(MESSAGE_MAX_LENGTH, `Messages cannot exceed ${MESSAGE_MAX_LENGTH} characters`)
        .nullable()
        .optional(),
      media_id: z.string().max(128).nullable().optional(),
      public_id: z.string().max(128).nullable().optional(),
      price: z.number().int().min(0).max(CONTENT_PRICE_MAX_CREDITS).default(0),
      price_in_dollars: z.union([z.number(), z.string().max(32)]).optional(),
      self_destruct: z.boolean().default(false),
      width: z.number().nullable().optional(),
      height: z.number().nullable().optional(),
      video_length: z.number().nullable().optional(),
      /** Skip fans who already bought this media. */
      exclude_buyers: z.boolean().default(false),
      /** The client's id for this send: the same id sent again answers the broadcast it started. */
      clientSideReceiveId: z.string().min(1).max(100).optional(),
      ...ListAudience,
      /** When to start, in the future and at most 90 days ahead; absent: now. */
      send_at: ScheduleTime.optional(),
    })
    .refine((b) => b.ids === undefined || b.except_ids === undefined, {
      message: 'Send either ids or except_ids.',
      path: ['ids'],
    })
    .refine(
      (b) =>
        b.list_id === undefined ||
        (b.ids === undefined && b.category === undefined && b.except_ids === undefined),
      {
        message: BROADCAST_MESSAGES.listOrChats,
        path: ['list_id'],
      },
    )
    .refine(
      (b) =>
        b.ids !== undefined ||
        b.category !== undefined ||
        b.except_ids !== undefined ||
        b.list_id !== undefined,
      { message: BROADCAST_MESSAGES.empty, path: ['category'] },
    ),
);
export type BroadcastSendRequest = z.input<typeof BroadcastSendRequest>;

export const BroadcastStatus = lazySchema(() => z.enum(['scheduled', 'sending', 'done', 'canceled']));
export type BroadcastStatus = z.infer<typeof BroadcastStatus>;

/**
 * 202: the broadcast is accepted and sends in the background; `total` is its audience. 201 with
 * `send_at`: it is scheduled, and its audience is counted when it starts.
 */
export const BroadcastSendResponse = lazySchema(() =>
  z.object({
    _id: z.string(),
    status: BroadcastStatus,
    total: z.number().int().optional(),
    send_at: z.string().nullable().optional(),
  }),
);

/**
 * PATCH /v1/broadcast/{id}: a scheduled broadcast's time, text, price or lists, until it starts
 * (409 after).
 */
export const BroadcastUpdateRequest = lazySchema(() =>
  z.object({
    send_at: ScheduleTime.optional(),
    text: z
      .string()
      .max(MESSAGE_MAX_LENGTH, `Messages cannot exceed ${MESSAGE_MAX_LENGTH} characters`)
      .nullable()
      .optional(),
    price: z.number().int().min(0).max(CONTENT_PRICE_MAX_CREDITS).optional(),
    ...ListAudience,
  }),
);
export type BroadcastUpdateRequest = z.input<typeof BroadcastUpdateRequest>;

/** POST /v1/broadcast/audience: how many chats a send with this audience would reach now. */
export const BroadcastAudienceRequest = lazySchema(() =>
  z.object({
    category: InboxType.optional(),
    search: z.string().trim().max(CHAT_SEARCH_MAX).optional(),
    ids: userIdList.optional(),
    except_ids: userIdList.optional(),
    ...ListAudience,
    /** The draft's type: a photo or video does not go to fans who block media from the creator. */
    type: z.enum(['text', 'media', 'image', 'video']).optional(),
    /** With `exclude_buyers`, the media whose buyers are left out. */
    public_id: z.string().max(128).nullable().optional(),
    exclude_buyers: z.boolean().optional(),
  }),
);
export const BroadcastAudienceResponse = lazySchema(() => z.object({ total: z.number().int() }));

/** One broadcast with its figures, as its creator sees it. */
export const BroadcastStats = lazySchema(() =>
  z.object({
    _id: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    status: BroadcastStatus,
    type: z.enum(['text', 'image', 'video']),
    text: z.string().nullable(),
    /** The media's thumbnail, for the list. */
    preview: z.string().nullable(),
    price: z.number().int(),
    self_destruct: z.boolean(),
    total: z.number().int(),
    sent: z.number().int(),
    read: z.number().int(),
    purchases: z.number().int(),
    /** Credits the creator earned from purchases of this broadcast (after the platform's fee). */
    earned: z.number().int(),
    /** While sending: seconds until every recipient has it, by the rate so far. */
    eta_s: z.number().nullable(),
    /** When a scheduled broadcast starts (or started); null for one sent at once. */
    send_at: z.string().nullable(),
    /** The list it goes to, and the lists it leaves out (named as they are now). */
    list: z.object({ _id: z.string(), name: z.string() }).nullable(),
    exclude_lists: z.array(z.object({ _id: z.string(), name: z.string() })),
  }),
);
export type BroadcastStats = z.infer<typeof BroadcastStats>;

/** GET /v1/broadcast: newest first; `status=scheduled` the ones still to start, soonest first. */
export const BroadcastQuery = lazySchema(() =>
  z.object({
    status: z.enum(['scheduled']).optional(),
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const BroadcastPage = lazySchema(() =>
  z.object({ data: z.array(BroadcastStats), next: z.string().nullable() }),
);
export type BroadcastPage = z.infer<typeof BroadcastPage>;

/**
 * DELETE /v1/broadcast/{id}: copies not bought are deleted; bought ones stay with their buyers. A
 * scheduled one is cancelled before it starts (nothing was sent: both counts are 0).
 */
export const BroadcastUnsendResponse = lazySchema(() =>
  z.object({
    _id: z.string(),
    status: BroadcastStatus,
    deleted: z.number().int(),
    kept: z.number().int(),
  }),
);

export const BroadcastProgressEvent = lazySchema(() =>
  z.object({
    _id: z.string(),
    sent: z.number().int(),
    total: z.number().int(),
    eta_s: z.number().nullable(),
  }),
);
export const BroadcastDoneEvent = lazySchema(() =>
  z.object({
    _id: z.string(),
    sent: z.number().int(),
    total: z.number().int(),
  }),
);

// --- Automatic messages (docs/auto-messages.md) ---

export const AutoMessageCategory = lazySchema(() =>
  z.enum(['new_follower', 'new_subscriber', 'first_message', 'tip_received', 'content_purchased']),
);
export type AutoMessageCategory = z.infer<typeof AutoMessageCategory>;

/** The longest wait before an automatic message: a week. */
export const AUTO_MESSAGE_MAX_DELAY_S = 7 * 24 * 60 * 60;
/** A category holds at most this many messages. */
export const AUTO_MESSAGES_PER_CATEGORY = 10;

export const AutoMessage = lazySchema(() =>
  z.object({
    _id: z.string(),
    category: AutoMessageCategory,
    type: z.enum(['text', 'media']),
    text: z.string().nullable(),
    price: z.number().int(),
    media_id: z.string().nullable(),
    public_id: z.string().nullable(),
    media: MessageMedia.nullable(),
    delay_seconds: z.number().int(),
  }),
);
export type AutoMessage = z.infer<typeof AutoMessage>;

export const AutoMessageCategoryEntry = lazySchema(() =>
  z.object({
    category: AutoMessageCategory,
    /** The first message's text (or "Photo"/"Video"), shortened; empty when none is set. */
    excerpt: z.string(),
    messages: z.array(AutoMessage),
  }),
);
export type AutoMessageCategoryEntry = z.infer<typeof AutoMessageCategoryEntry>;
export const AutoMessagesList = lazySchema(() => z.object({ data: z.array(AutoMessageCategoryEntry) }));

/** One message of a PUT: without `_id` it is new (the client strips its temporary `_` ids). */
export const AutoMessageInput = lazySchema(() =>
  z.object({
    _id: z.string().max(64).optional(),
    type: z.enum(['text', 'media']).default('text'),
    text: z
      .string()
      .max(MESSAGE_MAX_LENGTH, `Messages cannot exceed ${MESSAGE_MAX_LENGTH} characters`)
      .nullable()
      .optional(),
    price: z.number().int().min(0).max(CONTENT_PRICE_MAX_CREDITS).default(0),
    media_id: z.string().max(128).nullable().optional(),
    public_id: z.string().max(128).nullable().optional(),
    delay_seconds: z.number().int().min(0).max(AUTO_MESSAGE_MAX_DELAY_S).default(0),
  }),
);
export type AutoMessageInput = z.input<typeof AutoMessageInput>;

/** PUT /v1/auto-messages: replaces the category's ordered list; an empty list deletes all. */
export const PutAutoMessagesRequest = lazySchema(() =>
  z.object({
    category: AutoMessageCategory,
    auto_messages: z.array(AutoMessageInput).max(AUTO_MESSAGES_PER_CATEGORY),
  }),
);
export type PutAutoMessagesRequest = z.input<typeof PutAutoMessagesRequest>;

export const AutoMessageLogEntry = lazySchema(() =>
  z.object({
    _id: z.string(),
    category: AutoMessageCategory,
    fan: z.object({ _id: z.string(), username: z.string() }),
    message_id: z.string(),
    sent_at: z.string(),
  }),
);
export const AutoMessageLogQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const AutoMessageLogPage = lazySchema(() =>
  z.object({
    data: z.array(AutoMessageLogEntry),
    next: z.string().nullable(),
  }),
);
export type AutoMessageLogPage = z.infer<typeof AutoMessageLogPage>;
