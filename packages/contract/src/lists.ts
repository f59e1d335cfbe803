import { z } from 'zod';
import { lazySchema } from './lazy';
import { CONTENT_PRICE_MAX_CREDITS, MESSAGE_MAX_LENGTH, MessageMedia } from './messages';

// --- Fan lists (docs/lists.md) ---

export const LIST_NAME_MAX = 60;
/** A creator keeps at most this many lists. */
export const LISTS_MAX = 100;
/** A custom list's members are added or removed at most this many at a time. */
export const LIST_MEMBERS_PER_CALL = 1000;
/** The longest window of a smart list's day rules: ten years. */
export const LIST_RULE_MAX_DAYS = 3650;

export const LIST_MESSAGES = {
  notFound: 'List not found.',
  nameRequired: 'Give the list a name.',
  nameTaken: 'You already have a list with this name.',
  tooMany: `You can keep at most ${LISTS_MAX} lists.`,
  ruleRequired: 'Choose at least one rule for a smart list.',
  customHasNoRule: 'A custom list has no rules: add fans to it instead.',
  spentDaysNeedsMin: 'Choose how many credits fans spent for the days to count.',
  smartMembers: 'Fans join a smart list by its rules; they cannot be added or removed by hand.',
  noFans: 'Choose at least one fan.',
  creatorsOnly: 'Only creators keep fan lists.',
} as const;

export const FanListKind = lazySchema(() => z.enum(['custom', 'smart']));
export type FanListKind = z.infer<typeof FanListKind>;

const days = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number of days`)
    .min(1, `${label} must be at least 1 day`)
    .max(LIST_RULE_MAX_DAYS, `${label} must be at most ${LIST_RULE_MAX_DAYS} days`);

/**
 * A smart list's rule: every condition given must hold for a fan to be on the list. Spending counts
 * the credits the fan spent with the creator (paid messages, posts, tips and subscriptions), in the
 * last `spent_days` days or ever. `false` for a flag means "not": `subscribed: false` is the fans
 * who do not subscribe.
 */
export const ListRule = lazySchema(() =>
  z
    .object({
      spent_min: z.number().int().min(1).max(100_000_000).optional(),
      spent_days: days('Spent within').optional(),
      subscribed: z.boolean().optional(),
      subscription_ends_within_days: days('Subscription ending within').optional(),
      last_message_within_days: days('Last message within').optional(),
      no_message_for_days: days('No message for').optional(),
      /** The vault item (its media id) the fan bought. */
      bought_media_id: z.string().min(1).max(128).optional(),
      never_bought: z.literal(true).optional(),
      follower: z.boolean().optional(),
    })
    .strict()
    .refine((r) => r.spent_days === undefined || r.spent_min !== undefined, {
      message: LIST_MESSAGES.spentDaysNeedsMin,
      path: ['spent_days'],
    }),
);
export type ListRule = z.infer<typeof ListRule>;

const ListName = z
  .string()
  .trim()
  .min(1, LIST_MESSAGES.nameRequired)
  .max(LIST_NAME_MAX, `List names cannot exceed ${LIST_NAME_MAX} characters`);

const hasRule = (rule: ListRule | null | undefined) =>
  rule != null && Object.values(rule).some((v) => v !== undefined);

export const FanList = lazySchema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    kind: FanListKind,
    /** null for a custom list. */
    rule: ListRule.nullable(),
    /** The chats on the list now. */
    count: z.number().int(),
    /** With `GET /v1/lists?member_id=`: whether that fan is on the list. */
    includes: z.boolean().optional(),
    created_at: z.string(),
  }),
);
export type FanList = z.infer<typeof FanList>;

/** GET /v1/lists: my lists, oldest first; `member_id` also tells, per list, whether that fan is on it. */
export const FanListQuery = lazySchema(() => z.object({ member_id: z.string().max(64).optional() }));
export const FanListList = lazySchema(() => z.object({ data: z.array(FanList) }));
export type FanListList = z.infer<typeof FanListList>;

export const CreateFanListRequest = lazySchema(() =>
  z
    .object({ name: ListName, kind: FanListKind, rule: ListRule.nullable().optional() })
    .refine((b) => b.kind !== 'smart' || hasRule(b.rule), {
      message: LIST_MESSAGES.ruleRequired,
      path: ['rule'],
    })
    .refine((b) => b.kind !== 'custom' || !hasRule(b.rule), {
      message: LIST_MESSAGES.customHasNoRule,
      path: ['rule'],
    }),
);
export type CreateFanListRequest = z.input<typeof CreateFanListRequest>;

/** PATCH /v1/lists/{id}: rename, or (a smart list) change its rule. */
export const UpdateFanListRequest = lazySchema(() =>
  z.object({ name: ListName.optional(), rule: ListRule.optional() }),
);
export type UpdateFanListRequest = z.input<typeof UpdateFanListRequest>;

/** POST /v1/lists/{id}/members: fans' user ids; fans without a chat with me are left out. */
export const AddListMembersRequest = lazySchema(() =>
  z.object({
    ids: z.array(z.string().max(64)).min(1, LIST_MESSAGES.noFans).max(LIST_MEMBERS_PER_CALL),
  }),
);
export const RemoveListMembersQuery = lazySchema(() =>
  z.object({
    ids: z
      .string()
      .max(LIST_MEMBERS_PER_CALL * 40)
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(64)).min(1, LIST_MESSAGES.noFans).max(LIST_MEMBERS_PER_CALL)),
  }),
);
/** How many fans the call added or removed, and the list's count after it. */
export const ListMembersResponse = lazySchema(() =>
  z.object({ changed: z.number().int(), count: z.number().int() }),
);

// --- Scheduling (docs/lists.md) ---

/** A broadcast or a post is scheduled at most this many days ahead. */
export const SCHEDULE_MAX_DAYS = 90;

export const SCHEDULE_MESSAGES = {
  past: 'Choose a time in the future.',
  tooFar: `You can schedule at most ${SCHEDULE_MAX_DAYS} days ahead.`,
  started: 'This broadcast has already started and can no longer be changed.',
  invalid: 'Choose a valid date and time.',
  published: 'This post is already published.',
} as const;

/**
 * A time to start at: an ISO time with its offset, later than now and at most 90 days ahead (the
 * server checks both against its own clock, so the schema only checks the form).
 */
export const ScheduleTime = lazySchema(() =>
  z.string().datetime({ offset: true, message: SCHEDULE_MESSAGES.invalid }),
);

// --- Saved replies (docs/lists.md) ---

export const SAVED_REPLY_TITLE_MAX = 60;
export const SAVED_REPLIES_MAX = 200;

export const SAVED_REPLY_MESSAGES = {
  notFound: 'Saved reply not found.',
  titleRequired: 'Give the reply a title.',
  contentRequired: 'Write a text or choose a photo or a video.',
  tooMany: `You can keep at most ${SAVED_REPLIES_MAX} saved replies.`,
  priceNeedsMedia: 'Only a photo or a video can have a price.',
} as const;

/** The composer's placeholders: the fan's username and mine. */
export const SAVED_REPLY_PLACEHOLDERS = { fan: '{fan}', me: '{me}' } as const;

/** A saved reply's text with its placeholders filled in. */
export function fillSavedReply(text: string, names: { fan: string; me: string }): string {
  return text
    .replaceAll(SAVED_REPLY_PLACEHOLDERS.fan, names.fan)
    .replaceAll(SAVED_REPLY_PLACEHOLDERS.me, names.me);
}

export const SavedReply = lazySchema(() =>
  z.object({
    _id: z.string(),
    title: z.string(),
    text: z.string().nullable(),
    media_id: z.string().nullable(),
    public_id: z.string().nullable(),
    /** The vault item's preview, as a message shows it. */
    media: MessageMedia.nullable(),
    price: z.number().int(),
    created_at: z.string(),
  }),
);
export type SavedReply = z.infer<typeof SavedReply>;
export const SavedReplyList = lazySchema(() => z.object({ data: z.array(SavedReply) }));
export type SavedReplyList = z.infer<typeof SavedReplyList>;

const ReplyTitle = z
  .string()
  .trim()
  .min(1, SAVED_REPLY_MESSAGES.titleRequired)
  .max(SAVED_REPLY_TITLE_MAX, `Titles cannot exceed ${SAVED_REPLY_TITLE_MAX} characters`);
const ReplyText = z
  .string()
  .max(MESSAGE_MAX_LENGTH, `Messages cannot exceed ${MESSAGE_MAX_LENGTH} characters`)
  .nullable()
  .optional();

export const CreateSavedReplyRequest = lazySchema(() =>
  z
    .object({
      title: ReplyTitle,
      text: ReplyText,
      media_id: z.string().max(128).nullable().optional(),
      public_id: z.string().max(128).nullable().optional(),
      price: z.number().int().min(0).max(CONTENT_PRICE_MAX_CREDITS).default(0),
    })
    .refine((b) => Boolean(b.text?.trim()) || Boolean(b.media_id || b.public_id), {
      message: SAVED_REPLY_MESSAGES.contentRequired,
      path: ['text'],
    })
    .refine((b) => b.price === 0 || Boolean(b.media_id || b.public_id), {
      message: SAVED_REPLY_MESSAGES.priceNeedsMedia,
      path: ['price'],
    }),
);
export type CreateSavedReplyRequest = z.input<typeof CreateSavedReplyRequest>;

/** PATCH /v1/saved-replies/{id}: the fields given replace the saved ones; `media_id: null` drops the media. */
export const UpdateSavedReplyRequest = lazySchema(() =>
  z.object({
    title: ReplyTitle.optional(),
    text: ReplyText,
    media_id: z.string().max(128).nullable().optional(),
    public_id: z.string().max(128).nullable().optional(),
    price: z.number().int().min(0).max(CONTENT_PRICE_MAX_CREDITS).optional(),
  }),
);
export type UpdateSavedReplyRequest = z.input<typeof UpdateSavedReplyRequest>;
