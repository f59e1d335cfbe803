import {
  AUTO_MESSAGE_MAX_DELAY_S,
  AUTO_MESSAGES_PER_CATEGORY,
  type AutoMessage,
  type AutoMessageCategory,
  type AutoMessageInput,
  type MediaUploadType,
  type MessageMedia,
  type PutAutoMessagesRequest,
} from '@parlor/contract';

// The automatic messages' editor works on drafts: the server's messages plus new ones with
// temporary ids (`_1`, `_2`, ...), files waiting to upload, and each item's upload state. Saving
// strips what only the client knows: temporary ids and upload state.

export interface CategoryInfo {
  category: AutoMessageCategory;
  label: string;
  /** One line: when the category's messages go out. */
  explanation: string;
}

export const CATEGORIES: readonly CategoryInfo[] = [
  {
    category: 'new_follower',
    label: 'New follower',
    explanation: 'Sent when a fan follows you.',
  },
  {
    category: 'new_subscriber',
    label: 'New subscriber',
    explanation: 'Sent when a fan subscribes to you.',
  },
  {
    category: 'first_message',
    label: 'First message from a fan',
    explanation: 'Sent when a fan writes to you for the first time.',
  },
  {
    category: 'tip_received',
    label: 'Tip received',
    explanation: 'Sent when a fan tips you.',
  },
  {
    category: 'content_purchased',
    label: 'Content purchased',
    explanation: 'Sent when a fan buys one of your paid messages.',
  },
];

export const categoryInfo = (category: AutoMessageCategory): CategoryInfo =>
  CATEGORIES.find((c) => c.category === category) ?? CATEGORIES[0]!;

export const isCategory = (value: string | undefined): value is AutoMessageCategory =>
  CATEGORIES.some((c) => c.category === value);

export type UploadState =
  | { state: 'idle' }
  | { state: 'uploading'; progress: number }
  /** `message` is the server's (or the file check's) wording. */
  | { state: 'failed'; message: string };

/** A device file chosen for a media message, not uploaded yet (the File itself is kept aside). */
export interface PendingFile {
  name: string;
  kind: 'image' | 'video';
  /** An object URL of the file, for the preview. */
  previewUrl: string | null;
}

export interface DraftMessage {
  /** The server's id, or a temporary one starting with `_`. */
  _id: string;
  type: 'text' | 'media';
  text: string;
  price: number;
  delay_seconds: number;
  media_id: string | null;
  public_id: string | null;
  media: MessageMedia | null;
  file: PendingFile | null;
  upload: UploadState;
}

/** Temporary ids are the client's only: they start with an underscore. */
export const isTemporaryId = (id: string | undefined): boolean => !!id && id.startsWith('_');

let lastTemporary = 0;
export const temporaryId = () => `_${++lastTemporary}`;

const IDLE: UploadState = { state: 'idle' };

export function draftFromServer(message: AutoMessage): DraftMessage {
  return {
    _id: message._id,
    type: message.type,
    text: message.text ?? '',
    price: message.price,
    delay_seconds: message.delay_seconds,
    media_id: message.media_id,
    public_id: message.public_id ?? message.media?.public_id ?? null,
    media: message.media,
    file: null,
    upload: IDLE,
  };
}

export function newTextDraft(delay_seconds = 0): DraftMessage {
  return {
    _id: temporaryId(),
    type: 'text',
    text: '',
    price: 0,
    delay_seconds,
    media_id: null,
    public_id: null,
    media: null,
    file: null,
    upload: IDLE,
  };
}

/** A media message from the vault: ready to save, nothing to upload. */
export function newVaultDraft(media: MessageMedia, delay_seconds = 0): DraftMessage {
  return {
    ...newTextDraft(delay_seconds),
    type: 'media',
    media_id: media.media_id,
    public_id: media.public_id,
    media,
  };
}

/** A media message from the device: uploaded when the category is saved. */
export function newFileDraft(file: PendingFile, delay_seconds = 0): DraftMessage {
  return { ...newTextDraft(delay_seconds), type: 'media', file };
}

/** Moves the item at `from` one place up (-1) or down (+1); out of range leaves the list as is. */
export function moveItem<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A file waiting to be uploaded: priced ones upload as `paid_message`, free ones as `message`. */
export const uploadTypeFor = (price: number): MediaUploadType => (price > 0 ? 'paid_message' : 'message');

/** Why a draft list cannot be saved yet, or null when it can. */
export function draftProblem(items: readonly DraftMessage[]): string | null {
  if (items.length > AUTO_MESSAGES_PER_CATEGORY)
    return `A category holds at most ${AUTO_MESSAGES_PER_CATEGORY} messages.`;
  const at = (i: number) => `Message ${i + 1}`;
  for (const [i, item] of items.entries()) {
    if (item.type === 'text' && item.text.trim() === '')
      return `${at(i)} is empty: write something or remove it.`;
    if (item.type === 'media' && !item.public_id && !item.file)
      return `${at(i)} has no photo or video: choose one or remove it.`;
  }
  return null;
}

/** One draft as the PUT takes it: no temporary id, no client flags; text needs no media. */
export function toInput(item: DraftMessage): AutoMessageInput {
  const input: AutoMessageInput = {
    type: item.type,
    text: item.text.trim() === '' ? null : item.text,
    delay_seconds: item.delay_seconds,
  };
  if (!isTemporaryId(item._id)) input._id = item._id;
  if (item.type === 'media') {
    input.price = item.price;
    input.public_id = item.public_id;
    input.media_id = item.media_id;
  } else {
    input.price = 0;
  }
  return input;
}

/** PUT /v1/auto-messages for one category: the ordered list; an empty one deletes all. */
export function buildPutRequest(
  category: AutoMessageCategory,
  items: readonly DraftMessage[],
): PutAutoMessagesRequest {
  return { category, auto_messages: items.map(toInput) };
}

/** Whether the draft differs from what the server holds (pending files always do). */
export function isDirty(items: readonly DraftMessage[], saved: readonly AutoMessage[]): boolean {
  if (items.some((i) => i.file)) return true;
  const a = items.map(toInput);
  const b = saved.map((m) => toInput(draftFromServer(m)));
  return JSON.stringify(a) !== JSON.stringify(b);
}

// --- Delays ---

export type DelayUnit = 'now' | 'minutes' | 'hours' | 'days';
const UNIT_SECONDS: Record<Exclude<DelayUnit, 'now'>, number> = {
  minutes: 60,
  hours: 3600,
  days: 86_400,
};

/** The largest unit the delay is a whole number of (minutes at least). */
export function splitDelay(seconds: number): { unit: DelayUnit; amount: number } {
  if (seconds <= 0) return { unit: 'now', amount: 0 };
  if (seconds % UNIT_SECONDS.days === 0) return { unit: 'days', amount: seconds / UNIT_SECONDS.days };
  if (seconds % UNIT_SECONDS.hours === 0) return { unit: 'hours', amount: seconds / UNIT_SECONDS.hours };
  return { unit: 'minutes', amount: Math.max(1, Math.round(seconds / UNIT_SECONDS.minutes)) };
}

/** Seconds for an amount of a unit, within 0 and a week. */
export function joinDelay(unit: DelayUnit, amount: number): number {
  if (unit === 'now') return 0;
  const whole = Math.max(0, Math.floor(Number.isFinite(amount) ? amount : 0));
  return Math.min(AUTO_MESSAGE_MAX_DELAY_S, whole * UNIT_SECONDS[unit]);
}

/** "Immediately", "After 5 minutes", "After 1 day". */
export function delayLabel(seconds: number): string {
  const { unit, amount } = splitDelay(seconds);
  if (unit === 'now') return 'Immediately';
  const name = amount === 1 ? unit.slice(0, -1) : unit;
  return `After ${amount} ${name}`;
}

/** "No messages", "1 message", "3 messages". */
export const messageCount = (n: number) =>
  n === 0 ? 'No messages' : n === 1 ? '1 message' : `${n} messages`;
