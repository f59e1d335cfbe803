import { z } from 'zod';
import { Chat } from './chats';
import { MESSAGE_PAGE_SIZE } from './constants';
import { commaIds } from './ids';
import { lazySchema } from './lazy';
import { MessageAuthor } from './team-basics';

export const MESSAGE_MAX_LENGTH = 5000;
/** The most credits a paid message, broadcast, automatic message or post may cost. */
export const CONTENT_PRICE_MAX_CREDITS = 100_000;
export const MessageType = lazySchema(() => z.enum(['text', 'gif', 'image', 'video', 'tip']));
export type MessageType = z.infer<typeof MessageType>;

/** Media variants: thumbnail, standard, retina, small-retina, and the video file. */
export const MessageMedia = lazySchema(() =>
  z.object({
    public_id: z.string(),
    media_id: z.string().nullable(),
    th: z.string().nullable(),
    st: z.string().nullable(),
    rt: z.string().nullable(),
    sr: z.string().nullable(),
    blur: z.string().nullable(),
    video_url: z.string().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    video_length: z.number().nullable(),
  }),
);
export type MessageMedia = z.infer<typeof MessageMedia>;

/**
 * The message a reply answers, as the reader may see it: its text is null when the parent was
 * deleted, self-destructed, or is a paid message the reader has not unlocked.
 */
export const ParentMessage = lazySchema(() =>
  z.object({
    _id: z.string(),
    text: z.string().nullable(),
    sender_id: z.string(),
    type: MessageType,
  }),
);
export type ParentMessage = z.infer<typeof ParentMessage>;

/** A message, as the asking user may see it. */
export const Message = lazySchema(() =>
  z.object({
    _id: z.string(),
    chat_id: z.string(),
    sender_id: z.string(),
    recipient_id: z.string(),
    type: MessageType,
    text: z.string().nullable(),
    price: z.number().int(),
    price_in_dollars: z.string(),
    self_destruct: z.boolean(),
    parent_message_id: z.string().nullable(),
    /** The broadcast this message is a copy of; null for a message sent to one chat. */
    broadcast_id: z.string().nullable(),
    parent_message: ParentMessage.nullable(),
    created_at: z.string(),
    clientSideReceiveId: z.string().nullable(),
    is_read: z.boolean(),
    read_at: z.string().nullable(),
    destruct_at: z.string().nullable(),
    is_paid: z.boolean(),
    is_hidden: z.boolean(),
    is_deleted: z.boolean(),
    system: z.boolean(),
    media: MessageMedia.nullable(),
    gif_url: z.string().nullable(),
    gif_width: z.number().nullable(),
    gif_height: z.number().nullable(),
    /** Who wrote it: the sender, a member of the sender's team (named to the sender's side only), or automation. */
    author: MessageAuthor,
  }),
);
export type Message = z.infer<typeof Message>;

export const MessagesQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE).default(MESSAGE_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    last_message_id: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  }),
);

/** A page of messages, oldest first; `next` loads the page before it. */
export const MessagePage = lazySchema(() =>
  z.object({
    data: z.array(Message),
    credits: z.number().int(),
    chat: Chat,
    next: z.string().nullable(),
  }),
);
export type MessagePage = z.infer<typeof MessagePage>;

export const MessagesByIdsQuery = lazySchema(() =>
  z.object({
    ids: commaIds(z.string().regex(/^\d{1,18}$/, 'Invalid message id'), { max: 100, maxLength: 2000 }),
  }),
);
export const MessageList = lazySchema(() => z.object({ data: z.array(Message) }));

/** POST /v1/messages. Sender is the signed-in user whatever `sender_id` says. */
export const SendMessageRequest = lazySchema(() =>
  z.object({
    type: MessageType.default('text'),
    chat_id: z.string().max(64).optional(),
    recipient_id: z.string().min(1).max(64),
    sender_id: z.string().max(64).optional(),
    text: z
      .string()
      .max(MESSAGE_MAX_LENGTH, `Messages cannot exceed ${MESSAGE_MAX_LENGTH} characters`)
      .nullable()
      .optional(),
    gif_url: z.string().max(2000).nullable().optional(),
    gif_width: z.number().int().min(1).max(10_000).nullable().optional(),
    gif_height: z.number().int().min(1).max(10_000).nullable().optional(),
    price: z.number().int().min(0).max(CONTENT_PRICE_MAX_CREDITS).default(0),
    price_in_dollars: z.union([z.number(), z.string()]).optional(),
    self_destruct: z.boolean().default(false),
    media_id: z.string().max(128).nullable().optional(),
    public_id: z.string().max(128).nullable().optional(),
    width: z.number().nullable().optional(),
    height: z.number().nullable().optional(),
    video_length: z.number().nullable().optional(),
    parent_message_id: z
      .string()
      .regex(/^\d{1,18}$/)
      .nullable()
      .optional(),
    clientSideReceiveId: z.string().min(1).max(100).optional(),
  }),
);
export type SendMessageRequest = z.input<typeof SendMessageRequest>;
export const SendMessageResponse = lazySchema(() =>
  z.object({ message: Message, credits: z.number().int() }),
);

/**
 * POST /v1/messages/warned: the sender saw the payment warning on a text of this chat and sent it
 * anyway; recorded for moderation. Members of the chat only.
 */
export const MessageWarnedRequest = lazySchema(() => z.object({ chat_id: z.string().min(1).max(64) }));

/** Characters refused in messages (422): controls, zero-width and bidi-override characters. */
export const FLAGGED_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this flags.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
export const CONTENT_FLAGGED_MESSAGE = 'Your message contains characters that are not allowed.';
export function flaggedCharacters(text: string): string[] {
  return [...new Set(text.match(FLAGGED_CHARACTERS) ?? [])];
}
/** The sanitising pass replaces flagged characters before a retry. */
export function sanitizeText(text: string, flagged: readonly string[] = flaggedCharacters(text)): string {
  let out = text;
  for (const ch of flagged) out = out.split(ch).join('');
  return out;
}
