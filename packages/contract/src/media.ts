import { z } from 'zod';
import {
  ACCEPTED_VIDEO_TYPES,
  IMAGE_MAX_MB,
  LIST_PAGE_SIZE,
  VIDEO_MAX_DURATION_S,
  VIDEO_MAX_MB,
} from './constants';
import { commaIds } from './ids';
import { lazySchema } from './lazy';
import { Message, MessageMedia } from './messages';
import { MEDIA } from './rules/messages';

// Media upload, vault, paid messages and purchases.

/** An upload is `paid_message` when the message has a price, else `message`. */
export const MediaUploadType = lazySchema(() => z.enum(['message', 'paid_message']));
export type MediaUploadType = z.infer<typeof MediaUploadType>;

/** Self-destructing content disappears this long after it is unlocked (paid) or sent (free). */
export const SELF_DESTRUCT_AFTER_MS = 24 * 3_600_000;
/** Signed media URLs last at least this long, and at most one hour more (they change hourly, so caches hold). */
export const MEDIA_URL_TTL_MS = 2 * 3_600_000;
/** Image types the server turns into variants; anything else that is an image is refused. */
export const ACCEPTED_IMAGE_TYPES = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const;

/** GET /v1/media/available?media_id=<md5>&type= */
export const MediaAvailableQuery = lazySchema(() =>
  z.object({
    media_id: z.string().regex(/^[0-9a-f]{32}$/i, 'media_id must be an md5'),
    type: MediaUploadType.default('message'),
  }),
);
/** `status` true: the caller already has this file; `media` is ready to send, no upload needed. */
export const MediaAvailableResponse = lazySchema(() =>
  z.object({
    status: z.boolean(),
    media: MessageMedia.nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    video_length: z.number().nullable(),
  }),
);
export type MediaAvailableResponse = z.infer<typeof MediaAvailableResponse>;

/** POST {MEDIA_BASE_URL}/v1/media answer. */
export const MediaUploadResponse = lazySchema(() =>
  z.object({
    width: z.number().nullable(),
    height: z.number().nullable(),
    video_length: z.number().nullable(),
    media: MessageMedia,
  }),
);
export type MediaUploadResponse = z.infer<typeof MediaUploadResponse>;

/**
 * GET /v1/media/usage: the bytes the caller's uploads keep in storage (every stored variant) and
 * their quota (MEDIA_QUOTA_CREATOR_GB or MEDIA_QUOTA_FAN_MB).
 */
export const MediaUsage = lazySchema(() =>
  z.object({
    used_bytes: z.number().int().nonnegative(),
    quota_bytes: z.number().int().nonnegative(),
  }),
);
export type MediaUsage = z.infer<typeof MediaUsage>;

/** Vault media, as its owner sees it. */
export const VaultMedia = lazySchema(() =>
  MessageMedia.extend({
    _id: z.string(),
    type: z.enum(['image', 'video']),
    created_at: z.string(),
    /** With `fan_id`: this media was already sent to that fan (in a chat, a broadcast or an automatic message). */
    sent_to_fan: z.boolean().optional(),
    /** With `fan_id`: that fan already bought it. */
    bought_by_fan: z.boolean().optional(),
  }),
);
export type VaultMedia = z.infer<typeof VaultMedia>;
export const VaultQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    chat_id: z.string().max(64).optional(),
    /** Marks each item already sent to, and already bought by, this fan (the picker in a conversation). */
    fan_id: z.string().max(64).optional(),
  }),
);
export const VaultPage = lazySchema(() =>
  z.object({ data: z.array(VaultMedia), next: z.string().nullable() }),
);
export type VaultPage = z.infer<typeof VaultPage>;

/** Comma-joined ids (`ids=1,2,3`), as every bulk call of the spec sends them. */
export const IdsQuery = lazySchema(() =>
  z.object({
    ids: commaIds(z.string().max(64), { max: 200, maxLength: 4000 }),
  }),
);

/** DELETE /v1/media?ids= answer: how many media left the vault. */
export const VaultDeleteResponse = lazySchema(() => z.object({ deleted: z.number().int() }));

/** GET {MEDIA_BASE_URL}/v1/media/files/{public_id}/{variant}?u=&e=&s=: a signed media URL. */
export const MediaFileParams = lazySchema(() =>
  z.object({
    publicId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/),
    variant: z.string().max(8),
  }),
);
/** `u` the viewer it was issued to, `e` its expiry (epoch seconds), `s` the signature. */
export const MediaFileQuery = lazySchema(() =>
  z.object({
    u: z.string().max(64),
    e: z.coerce.number().int().positive(),
    s: z.string().max(64),
  }),
);

/** PATCH /v1/messages/{id}/buy answer: the unlocked message and the buyer's credits. */
export const BuyMessageResponse = lazySchema(() => z.object({ message: Message, credits: z.number().int() }));
export type BuyMessageResponse = z.infer<typeof BuyMessageResponse>;

/** Purchases: what a fan bought, newest first. */
export const PaidState = lazySchema(() => z.enum(['all', 'visible', 'hidden']));
export const PaidQuery = lazySchema(() =>
  z.object({
    // The spec sends `state` possibly empty: that means the default list.
    state: z.preprocess((v) => (v === '' ? undefined : v), PaidState.default('visible')),
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const Purchase = lazySchema(() =>
  z.object({
    _id: z.string(),
    message_id: z.string(),
    chat_id: z.string(),
    seller_id: z.string(),
    price: z.number().int(),
    price_in_dollars: z.string(),
    created_at: z.string(),
    is_hidden: z.boolean(),
    message: Message,
  }),
);
export type Purchase = z.infer<typeof Purchase>;
export const PurchasePage = lazySchema(() =>
  z.object({ data: z.array(Purchase), next: z.string().nullable() }),
);
export type PurchasePage = z.infer<typeof PurchasePage>;
/** PATCH /v1/messages/hide-paid and unhide-paid answer: how many purchases changed. */
export const PurchasesHiddenResponse = lazySchema(() => z.object({ updated: z.number().int() }));

/** GET /v1/media/sales: a creator's earnings (credits) and how many paid messages were bought. */
export const SalesSummary = lazySchema(() =>
  z.object({ earnings: z.number().int(), sold: z.number().int() }),
);
export type SalesSummary = z.infer<typeof SalesSummary>;

/** Realtime: the creator learns a fan bought their message, so their earnings refresh. */
export const MessagePaidEvent = lazySchema(() =>
  z.object({
    chat_id: z.string(),
    message_id: z.string(),
    buyer_id: z.string(),
    price: z.number().int(),
    earnings: z.number().int(),
  }),
);
export type MessagePaidEvent = z.infer<typeof MessagePaidEvent>;
/** Realtime: the fan's other tabs get the unlocked message. */
export const PaidContentEvent = lazySchema(() =>
  z.object({
    chat_id: z.string(),
    message_id: z.string(),
    message: Message,
  }),
);
export type PaidContentEvent = z.infer<typeof PaidContentEvent>;

// ---- File checks, run by the web client before upload and by the server on arrival.

export type MediaKind = 'image' | 'video';
/** Where a file goes decides what it may be: a chat takes either, some places only one. */
export type MediaAccept = MediaKind | 'any';

export interface MediaFileFacts {
  /** MIME type as the browser reports it, or as the server detects it from the bytes. */
  type: string;
  size: number;
  /** Seconds, when known. */
  duration?: number | null | undefined;
}
export interface MediaLimits {
  imageMaxMb: number;
  videoMaxMb: number;
  maxDurationS: number;
}
export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  imageMaxMb: IMAGE_MAX_MB.production,
  videoMaxMb: VIDEO_MAX_MB,
  maxDurationS: VIDEO_MAX_DURATION_S,
};

const MB = 1024 * 1024;

/** The file's kind by MIME type: the listed video types and any `video/*` are accepted. */
export function mediaKindOf(type: string): MediaKind | null {
  const [top, sub = ''] = type.toLowerCase().split('/');
  if (top === 'image') return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(sub) ? 'image' : null;
  if (top === 'video') return 'video';
  const accepted = ACCEPTED_VIDEO_TYPES as readonly string[];
  return accepted.includes(sub) || accepted.includes(sub.replace(/^x-/, '')) ? 'video' : null;
}

/**
 * The spec's too-large sentence, then the limit itself, so the reader knows what size will do
 * (docs/decisions.md, "Upload errors").
 */
export function tooLargeMessage(kind: MediaKind, limits: MediaLimits = DEFAULT_MEDIA_LIMITS): string {
  return kind === 'image'
    ? `${MEDIA.imageTooLarge} Photos larger than ${limits.imageMaxMb} MB cannot be uploaded.`
    : `${MEDIA.videoTooLarge} Videos larger than ${limits.videoMaxMb} MB cannot be uploaded.`;
}

/**
 * The file checks in a fixed order; answers the exact message to show, or null when the file
 * may be uploaded. The duration check runs only once the duration is known.
 */
export function checkMediaFile(
  file: MediaFileFacts,
  accept: MediaAccept = 'any',
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): string | null {
  const top = file.type.toLowerCase().split('/')[0];
  if (accept === 'video' && top === 'image') return MEDIA.photoNotAllowed;
  if (accept === 'image' && top === 'video') return MEDIA.videoNotAllowed;
  if (file.size === 0) return MEDIA.empty;
  const kind = mediaKindOf(file.type);
  if (!kind) return MEDIA.unsupported.replace('{type}', file.type || 'unknown');
  if (kind === 'image' && file.size > limits.imageMaxMb * MB) return tooLargeMessage('image', limits);
  if (kind === 'video' && file.size > limits.videoMaxMb * MB) return tooLargeMessage('video', limits);
  if (kind === 'video' && file.duration != null && file.duration > limits.maxDurationS)
    return MEDIA.videoTooLong;
  return null;
}

/** The message to show when an upload fails: the server's, when it gave one. */
export function uploadErrorMessage(serverMessage?: string | null): string {
  return serverMessage?.trim() ? serverMessage : MEDIA.uploadFailed;
}
