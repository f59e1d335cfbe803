import { z } from 'zod';
import { CHAT_PAGE_SIZE } from './constants';
import { InboxFilter, Relationship, UserType } from './enums';
import { lazySchema } from './lazy';

/** The fans filter goes to the server as fans2. */
export const InboxType = lazySchema(() =>
  z.enum(['all', 'online', 'favorites', 'fans2', 'subscribers', 'unreplied', 'vip', 'sent', 'recent']),
);
export type InboxType = z.infer<typeof InboxType>;
export const inboxTypeFor = (filter: InboxFilter): InboxType => (filter === 'fans' ? 'fans2' : filter);

/** A fan who has spent at least this many credits with a creator is a VIP in that creator's inbox. */
export const VIP_MIN_SPENT_CREDITS = 500;
export const CHAT_SEARCH_MAX = 50;
export const MAX_CHAT_PAGE = 100;
export const NOTE_MAX_LENGTH = 1000;
export const MAX_MESSAGE_RATE = 1000;

export const Note = lazySchema(() => z.object({ _id: z.string(), text: z.string(), created_at: z.string() }));
export type Note = z.infer<typeof Note>;

export const ChatOtherUser = lazySchema(() =>
  z.object({
    _id: z.string(),
    username: z.string(),
    type: UserType,
    avatar_url: z.string().nullable(),
    last_online: z.string().nullable(),
    is_online: z.boolean(),
  }),
);

export const LastMessagePreview = lazySchema(() =>
  z.object({
    _id: z.string(),
    type: z.string(),
    text: z.string().nullable(),
    sender_id: z.string(),
    created_at: z.string(),
    /** Deleted by its sender: the inbox says so instead of showing its text or kind. */
    is_deleted: z.boolean(),
  }),
);

/** Lists identify a chat by the other user's id. */
export const Chat = lazySchema(() =>
  z.object({
    _id: z.string(),
    chat_id: z.string(),
    recipient_id: z.string(),
    other_user: ChatOtherUser,
    unread_messages: z.number().int(),
    unread_messages_favorites: z.number().int(),
    last_message_time: z.string().nullable(),
    last_message: LastMessagePreview.nullable(),
    created_at: z.string(),
    type: z.enum(['user', 'featured']),
    category: z.array(InboxFilter),
    is_favorite: z.boolean(),
    is_blocked: z.boolean(),
    is_blocked_by_other: z.boolean(),
    is_media_blocked: z.boolean(),
    /** The other member blocks media from me: my attach button is off (not in the spec's list). */
    is_media_blocked_by_other: z.boolean(),
    is_staff: z.boolean(),
    is_staff_mo: z.boolean(),
    intro_enabled: z.boolean(),
    intro_ended: z.boolean(),
    is_intro: z.boolean(),
    can_intro: z.boolean(),
    credit_rate: z.number().int(),
    spent_credits: z.number().int(),
    /** The asking user's credit balance when the chat was answered (as a message page's `credits`). */
    credits: z.number().int(),
    /**
     * How the other member first became, and now is, my fan (follower < fan < subscriber, see
     * docs/discover.md); null when they are not my fan. A creator's inbox shows it as a chip.
     */
    relationship: Relationship.exclude(['user']).nullable(),
    notes: z.array(Note),
  }),
);
export type Chat = z.infer<typeof Chat>;

/** A query's or body's `hidden=true` (the Hidden view); anything but `true` is the inbox. */
const hiddenFlag = lazySchema(() =>
  z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
);

export const ChatListQuery = lazySchema(() =>
  z.object({
    v: z.coerce.number().int().optional(),
    limit: z.coerce.number().int().min(1).max(MAX_CHAT_PAGE).default(CHAT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    search: z.string().trim().max(CHAT_SEARCH_MAX).optional(),
    type: InboxType.optional(),
    /** One of my fan lists: the inbox filtered to the fans on it (with `type` and `search` too). */
    list: z.string().max(64).optional(),
    /** `true`: the chats the caller hid (not deleted ones), newest first, instead of the inbox. */
    hidden: hiddenFlag.optional(),
    /**
     * Where the previous page ended, as the `next` link gives it (the last chat's message time in
     * microseconds, at most 16 digits, or `n` for none, and its id): the page starts right after it
     * at any depth.
     */
    after: z
      .string()
      .regex(
        /^(?:\d{1,16}|n)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        'Invalid page position',
      )
      .optional(),
  }),
);
export type ChatListQuery = z.input<typeof ChatListQuery>;

export const ChatList = lazySchema(() =>
  z.object({
    data: z.array(Chat),
    unread_messages: z.number().int(),
    unread_messages_favorites: z.number().int(),
    next: z.string().nullable(),
  }),
);
export type ChatList = z.infer<typeof ChatList>;

/** The nine chat totals. */
export const ChatTotals = lazySchema(() =>
  z.object({
    all: z.number().int(),
    online: z.number().int(),
    fans: z.number().int(),
    subscribers: z.number().int(),
    favorites: z.number().int(),
    unreplied: z.number().int(),
    vip: z.number().int(),
    recent: z.number().int(),
    sent: z.number().int(),
  }),
);
export type ChatTotals = z.infer<typeof ChatTotals>;

export const RecipientQuery = lazySchema(() => z.object({ recipient_id: z.string().min(1).max(64) }));

/** How many users one presence request may ask about (a URL of 100 ids stays under 4 kB). */
export const MAX_PRESENCE_IDS = 100;

/**
 * GET /v1/chats/presence?ids=: the online state of chat partners, for a client that holds more
 * chats than `init` listed (its list is capped; `online_complete` is false then).
 */
export const PresenceQuery = lazySchema(() =>
  z.object({
    ids: z
      .string()
      .max(MAX_PRESENCE_IDS * 40)
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .refine((ids) => ids.length >= 1 && ids.length <= MAX_PRESENCE_IDS, {
        message: `Send 1 to ${MAX_PRESENCE_IDS} ids.`,
      }),
  }),
);
export const PartnerPresence = lazySchema(() =>
  z.object({
    user_id: z.string(),
    is_online: z.boolean(),
    last_online: z.string().nullable(),
  }),
);
export type PartnerPresence = z.infer<typeof PartnerPresence>;
/** Only the caller's chat partners are answered; other ids are left out. */
export const PresenceList = lazySchema(() => z.object({ data: z.array(PartnerPresence) }));
export const CreateChatRequest = lazySchema(() => z.object({ recipient_id: z.string().min(1).max(64) }));

export const ChatAction = lazySchema(() =>
  z.enum([
    'read',
    'hide',
    'unhide',
    'delete',
    'favorite',
    'remove_favorite',
    'block',
    'unblock',
    'block_media',
    'allow_media',
    'report',
  ]),
);
export type ChatAction = z.infer<typeof ChatAction>;

const idList = lazySchema(() =>
  z
    .string()
    .max(100_000)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
);

/**
 * PATCH /v1/chats: `ids` are other users' ids, comma-joined. In select-all mode the client sends
 * `except_ids` (possibly empty) and the action covers every chat of `type` (and `search`) but those.
 */
export const ChatsActionRequest = lazySchema(() =>
  z
    .object({
      action: ChatAction,
      ids: idList.optional(),
      except_ids: idList.optional(),
      type: InboxType.optional(),
      search: z.string().trim().max(CHAT_SEARCH_MAX).optional(),
      /** Select-all over the Hidden view (`unhide` of every hidden chat but the exceptions). */
      hidden: hiddenFlag.optional(),
      /**
       * With `unhide`: only the chats one hide hid, by the `hidden_at` its answer gave (Undo), so a
       * select-all hide is undone without the client knowing every chat it covered.
       */
      hidden_at: z.iso.datetime({ offset: true }).optional(),
      reason: z.string().trim().max(500).optional(),
      /**
       * With `read`: only messages from this id on (the oldest the reader has loaded) are read, and
       * the unread count goes down by as many; without it the whole chat is read.
       */
      from_message_id: z
        .string()
        .regex(/^\d{1,18}$/)
        .optional(),
    })
    .refine((b) => (b.ids !== undefined) !== (b.except_ids !== undefined), {
      message: 'Send either ids or except_ids.',
      path: ['ids'],
    })
    .refine((b) => b.except_ids !== undefined || (b.ids?.length ?? 0) > 0, {
      message: 'Choose at least one chat.',
      path: ['ids'],
    })
    // Moderators act on a report by its reason: one without is not sent on.
    .refine((b) => b.action !== 'report' || (b.reason ?? '') !== '', {
      message: 'Choose a reason for your report.',
      path: ['reason'],
    }),
);
export type ChatsActionRequest = z.input<typeof ChatsActionRequest>;
export type ChatsActionData = z.output<typeof ChatsActionRequest>;
export const ChatsActionResponse = lazySchema(() =>
  z.object({
    action: ChatAction,
    updated: z.number().int(),
    /** A hide's time, stamped on every chat it hid: `unhide` with it restores exactly those. */
    hidden_at: z.string().optional(),
  }),
);

export const ChangeRateRequest = lazySchema(() =>
  z.object({
    user_id: z.string().min(1).max(64),
    rate: z.number().int().min(0).max(MAX_MESSAGE_RATE),
  }),
);
export const ChangeRateResponse = lazySchema(() => z.object({ chat_id: z.string(), rate: z.number().int() }));

export const CreateNoteRequest = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(64),
    note: z.string().trim().min(1, 'Required field cannot be blank').max(NOTE_MAX_LENGTH),
  }),
);
export const UpdateNoteRequest = lazySchema(() =>
  z.object({
    text: z.string().trim().min(1, 'Required field cannot be blank').max(NOTE_MAX_LENGTH),
  }),
);
