import {
  type AutoMessage,
  AutoMessageCategory,
  type AutoMessageCategoryEntry,
  type AutoMessageLogPage,
  isModerationPending,
  type PutAutoMessagesRequest,
  VALIDATION,
} from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { AutoMessageCategoryName, DB, UserRow } from '../../db/schema';
import type { EventTransaction } from '../../events/bus';
import type { DomainEvents } from '../../events/types';
import type { JobHandler, StepResult } from '../../jobs/queue';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { nextLink } from '../../lib/paging';
import { AUTOMATION } from '../../lib/seat';
import { assertNotFrozen, isUuid } from '../../lib/users';
import { chats } from '../chats/service';
import { MEDIA_MESSAGES } from '../media/content';
import { signerFor } from '../media/signing';
import { type MediaRow, mediaByIds, ownLiveMedia, toMessageMedia } from '../media/views';
import { publishNewMessage } from '../messages/publish';
import { messages, type NewMessage } from '../messages/service';
import { users } from '../users/service';
import { type AutoMessageRow, type AutoMessageValues, autoMessagesRepository as repo } from './repository';

type PutInput = z.output<typeof PutAutoMessagesRequest>;
type Db = Kysely<DB>;

export const AUTO_MESSAGE_JOB = 'auto_message';
const EXCERPT_LENGTH = 80;

export const AUTO_MESSAGE_ERRORS = {
  creatorsOnly: 'Only creators can set automatic messages.',
  notFound: 'Automatic message not found',
  textRequired: 'Write a message or choose a photo or a video.',
  priceMediaOnly: MEDIA_MESSAGES.priceMediaOnly,
} as const;

function assertCreator(user: UserRow) {
  if (user.type !== 'featured') throw forbidden(AUTO_MESSAGE_ERRORS.creatorsOnly, 'creators_only');
}

function excerptOf(first: AutoMessageRow | undefined, media: Map<number, MediaRow>): string {
  if (!first) return '';
  if (first.type === 'media') {
    const kind = first.media_id !== null ? media.get(first.media_id)?.kind : undefined;
    return kind === 'video' ? 'Video' : 'Photo';
  }
  const text = (first.text ?? '').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/** The category's entry as its owner sees it: media signed for them. */
async function entriesOf(
  ctx: AppContext,
  user: UserRow,
  rows: AutoMessageRow[],
  categories: readonly AutoMessageCategoryName[],
): Promise<AutoMessageCategoryEntry[]> {
  const mediaIds = [...new Set(rows.flatMap((r) => (r.media_id !== null ? [r.media_id] : [])))];
  const media = new Map((await mediaByIds(ctx.db, mediaIds)).map((m) => [m.id, m]));
  const sign = signerFor(ctx, user.id);
  const toAutoMessage = (r: AutoMessageRow): AutoMessage => {
    const m = r.media_id !== null ? media.get(r.media_id) : undefined;
    return {
      _id: r.id,
      category: r.category,
      type: r.type,
      text: r.text,
      price: r.price,
      media_id: m ? m.md5 : null,
      public_id: m ? m.public_id : null,
      media: m ? toMessageMedia(m, sign, true) : null,
      delay_seconds: r.delay_seconds,
    };
  };
  return categories.map((category) => {
    const messages = rows.filter((r) => r.category === category);
    return { category, excerpt: excerptOf(messages[0], media), messages: messages.map(toAutoMessage) };
  });
}

/** GET /v1/auto-messages: every category in the enum's order, empty ones included. */
export async function listAutoMessages(ctx: AppContext, user: UserRow) {
  assertCreator(user);
  const rows = await repo.allOf(ctx.db, user.id);
  return { data: await entriesOf(ctx, user, rows, AutoMessageCategory.options) };
}

/** The creator's own live media a message names (by public id, or by md5 as media_id). */
async function ownMedia(ctx: AppContext, user: UserRow, item: PutInput['auto_messages'][number]) {
  if (!item.public_id && !item.media_id)
    throw badRequest(MEDIA_MESSAGES.missingMedia, 'invalid_input', 'public_id');
  const media = await ownLiveMedia(ctx.db, user.id, item);
  if (!media) throw notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
  return media;
}

/**
 * PUT /v1/auto-messages: the category becomes exactly this ordered list, in one transaction. Items
 * without `_id` are new; an `_id` must be one of this creator's messages of this category (404
 * otherwise); messages left out are deleted, and an empty list deletes them all.
 */
export async function putAutoMessages(ctx: AppContext, user: UserRow, input: PutInput) {
  assertCreator(user);
  assertNotFrozen(user);
  const { category } = input;
  const values: AutoMessageValues[] = [];
  const seen = new Set<string>();
  for (const [i, item] of input.auto_messages.entries()) {
    const field = (name: string) => `auto_messages.${i}.${name}`;
    // A client's temporary id (underscore first) is a new message, as if stripped.
    const id = item._id?.startsWith('_') ? undefined : item._id;
    if (id !== undefined) {
      if (!isUuid(id)) throw notFound(AUTO_MESSAGE_ERRORS.notFound, 'auto_message_not_found');
      if (seen.has(id)) throw badRequest('The same message is listed twice.', 'invalid_input', field('_id'));
      seen.add(id);
    }
    const text = item.text?.trim() ?? '';
    if (item.type === 'text') {
      if (text === '') throw badRequest(VALIDATION.required, 'invalid_input', field('text'));
      if (item.price > 0)
        throw badRequest(AUTO_MESSAGE_ERRORS.priceMediaOnly, 'price_media_only', field('price'));
    }
    const media = item.type === 'media' ? await ownMedia(ctx, user, item) : undefined;
    values.push({
      id,
      type: item.type,
      text: text === '' ? null : text,
      price: media ? item.price : 0,
      media_id: media?.id ?? null,
      delay_seconds: item.delay_seconds,
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.lockCategory(trx, user.id, category);
    // Another creator's id, or one of another category, is refused before anything changes.
    if ([...seen].some((id) => !existing.has(id)))
      throw notFound(AUTO_MESSAGE_ERRORS.notFound, 'auto_message_not_found');
    await repo.replaceCategory(trx, user.id, category, values);
  });
  noteCategory(ctx, user.id, category, values.length > 0);
  // Every process hears it (the hub fans events out to all of them), and so do the creator's tabs.
  ctx.hub.publish(user.id, 'auto_messages_changed', { category, has_messages: values.length > 0 });
  const rows = await repo.categoryOf(ctx.db, user.id, category);
  const [entry] = await entriesOf(ctx, user, rows, [category]);
  return entry as AutoMessageCategoryEntry;
}

/** GET /v1/auto-messages/log: what was sent automatically, newest first. */
export async function autoMessageLog(
  ctx: AppContext,
  user: UserRow,
  q: { limit: number; offset: number },
): Promise<AutoMessageLogPage> {
  assertCreator(user);
  const rows = await repo.logPage(ctx.db, user.id, { limit: q.limit + 1, offset: q.offset });
  return {
    data: rows.slice(0, q.limit).map((r) => ({
      _id: String(r.id),
      category: r.category,
      fan: { _id: r.fan_id, username: r.username },
      message_id: String(r.message_id),
      sent_at: r.sent_at.toISOString(),
    })),
    next: nextLink('/v1/auto-messages/log', { limit: q.limit, offset: q.offset }, rows.length > q.limit),
  };
}

// --- Which creators have first_message messages: kept in process, so a send asks no database ---

/**
 * The set is reloaded this often as a safety net; other processes' PUTs reach it at once through
 * their `auto_messages_changed` event.
 */
const CACHE_TTL_MS = 60_000;
const CHANGED_FRAME = '{"event":"auto_messages_changed"';
/** Fan-creator pairs already past their first message, remembered up to this many. */
const PAIRS_MAX = 100_000;

interface FirstMessageCache {
  creators: Set<string>;
  loadedAt: number;
  loading: Promise<void> | undefined;
  /** Changes made by this process's PUTs while a reload runs: applied over its result. */
  edits: Map<string, boolean> | undefined;
  /** `creator:fan` pairs whose first message was handled (fired or not), so later sends skip it. */
  pairs: Set<string>;
}
const caches = new WeakMap<AppContext, FirstMessageCache>();

function cacheOf(ctx: AppContext): FirstMessageCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = { creators: new Set(), loadedAt: 0, loading: undefined, edits: undefined, pairs: new Set() };
    caches.set(ctx, cache);
  }
  return cache;
}

/** Reloads the set in the background; a failure keeps the old set and tries again later. */
function refresh(ctx: AppContext, cache: FirstMessageCache): Promise<void> {
  if (cache.loading) return cache.loading;
  const edits = new Map<string, boolean>();
  cache.edits = edits;
  cache.loadedAt = Date.now();
  cache.loading = repo
    .creatorsWith(ctx.db, 'first_message')
    .then((creators) => {
      for (const [id, has] of edits) has ? creators.add(id) : creators.delete(id);
      cache.creators = creators;
    })
    .catch(() => undefined)
    .finally(() => {
      cache.loading = undefined;
      cache.edits = undefined;
    });
  return cache.loading;
}

/**
 * Loads the set at start, so the first sends already know, and follows every process's changes to
 * first_message categories (the app calls this once; it answers the unsubscribe).
 */
export async function warmAutoMessageCache(ctx: AppContext): Promise<() => void> {
  const unsubscribe = ctx.hub.subscribe((creatorId, frame) => {
    if (!frame.startsWith(CHANGED_FRAME)) return;
    const { data } = JSON.parse(frame) as {
      data: { category: AutoMessageCategoryName; has_messages: boolean };
    };
    noteCategory(ctx, creatorId, data.category, data.has_messages);
  });
  // Changes made on other processes while the fan-out was away were missed: read the set again.
  const unsubscribeResync = ctx.hub.onResync(() => void refresh(ctx, cacheOf(ctx)));
  await refresh(ctx, cacheOf(ctx));
  return () => {
    unsubscribe();
    unsubscribeResync();
  };
}

function noteCategory(ctx: AppContext, creatorId: string, category: AutoMessageCategoryName, has: boolean) {
  if (category !== 'first_message') return;
  const cache = cacheOf(ctx);
  has ? cache.creators.add(creatorId) : cache.creators.delete(creatorId);
  cache.edits?.set(creatorId, has);
}

function hasFirstMessage(ctx: AppContext, creatorId: string): boolean {
  const cache = cacheOf(ctx);
  if (Date.now() - cache.loadedAt > CACHE_TTL_MS) void refresh(ctx, cache);
  return cache.creators.has(creatorId);
}

// --- Triggers ---

/**
 * Fires a category for a fan (inside `db`'s transaction when it is one): the once-row and the job
 * commit together, or neither. Nothing happens when the creator has no messages in the category,
 * so messages set later still reach new fans. Answers whether a job was queued; the caller wakes
 * the queue after commit.
 */
export async function fireInTransaction(
  ctx: AppContext,
  db: Db,
  t: {
    creatorId: string;
    fanId: string;
    category: AutoMessageCategoryName;
    firstMessage?: { chatId: string; messageId: number };
  },
): Promise<boolean> {
  const run = async (trx: Db) => {
    const fired = await repo.fire(trx, { ...t, at: ctx.clock.now() });
    if (!fired) return false;
    await ctx.queue.enqueue(
      {
        kind: AUTO_MESSAGE_JOB,
        key: `auto:${t.creatorId}:${t.fanId}:${t.category}`,
        payload: { creatorId: t.creatorId, fanId: t.fanId, category: t.category },
      },
      trx,
    );
    return true;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * Fires a category inside the write's transaction (a purchase, a tip, a subscription, a follow);
 * the queue is woken once that transaction has committed, when a job was queued.
 */
export async function fireWith(
  ctx: AppContext,
  trx: Db,
  tx: EventTransaction,
  t: { creatorId: string; fanId: string; category: AutoMessageCategoryName },
): Promise<void> {
  if (await fireInTransaction(ctx, trx, t)) tx.afterCommit(() => ctx.queue.wake());
}

/** new_follower fires for a fan's first follow of a creator (once per fan ever, auto_message_triggers). */
export function fireOnFollow(ctx: AppContext, trx: Db, tx: EventTransaction, e: DomainEvents['followed']) {
  if (!e.created || e.followee.type !== 'featured' || e.follower.type !== 'user') return Promise.resolve();
  return fireWith(ctx, trx, tx, { creatorId: e.followee.id, fanId: e.follower.id, category: 'new_follower' });
}

/**
 * After a message was stored (the send path, hot): a fan's first message to a creator with
 * first_message messages fires them. Asks the database nothing unless the creator has such messages
 * and this pair was not handled before, and runs after the send answered, never delaying it.
 */
export function afterFanMessage(ctx: AppContext, e: DomainEvents['message_stored']): void {
  if (!e.fanToCreator) return;
  const m = {
    chatId: e.message.chat_id,
    messageId: e.message.id,
    fanId: e.sender.id,
    creatorId: e.message.recipient_id,
  };
  if (!hasFirstMessage(ctx, m.creatorId)) return;
  const cache = cacheOf(ctx);
  const pair = `${m.creatorId}:${m.fanId}`;
  if (cache.pairs.has(pair)) return;
  if (cache.pairs.size >= PAIRS_MAX) cache.pairs.clear();
  cache.pairs.add(pair);
  setImmediate(() => {
    fireInTransaction(ctx, ctx.db, {
      creatorId: m.creatorId,
      fanId: m.fanId,
      category: 'first_message',
      firstMessage: { chatId: m.chatId, messageId: m.messageId },
    }).then(
      (fired) => {
        if (fired) ctx.queue.wake();
      },
      () => cache.pairs.delete(pair),
    );
  });
}

// --- The job: one fan's messages of one category, in order, each after its delay ---

interface JobPayload {
  creatorId: string;
  fanId: string;
  category: AutoMessageCategoryName;
}
interface JobProgress {
  /** Auto messages already sent (or skipped). */
  handled: string[];
  /** The message whose delay was waited for: the next step sends it. */
  waited: string | null;
}

type SendOutcome = 'sent' | 'skipped' | 'stop';

/** Sends one auto message to the fan; a repeat of the same step stores nothing twice. */
async function sendOne(ctx: AppContext, job: JobPayload, auto: AutoMessageRow): Promise<SendOutcome> {
  const [creator, fan] = await Promise.all([
    users.byId(ctx.db, job.creatorId),
    users.byId(ctx.db, job.fanId),
  ]);
  const gone = (u: UserRow | undefined) => !u || u.banned_at !== null || u.deleted_at !== null;
  if (gone(creator) || gone(fan)) return 'stop';
  // A creator awaiting moderation sends fans nothing (lib/users `assertMayMessageFans`).
  if (!creator || isModerationPending(creator)) return 'stop';
  let target = await chats.sendTarget(ctx.db, job.creatorId, job.fanId);
  if (!target) {
    // A follower who never wrote has no chat yet: the automatic message opens it.
    if (fan) await chats.create(ctx, creator, fan);
    target = await chats.sendTarget(ctx.db, job.creatorId, job.fanId);
    if (!target) return 'stop';
  }
  if (target.blocked || target.blocked_by_other) return 'stop';
  let media: MediaRow | undefined;
  if (auto.type === 'media') {
    media = auto.media_id !== null ? (await mediaByIds(ctx.db, [auto.media_id]))[0] : undefined;
    // Media taken out of the vault, or a fan who blocks media, skips this message only.
    if (!media || media.deleted_at !== null || target.other_media_blocked) return 'skipped';
  }
  const clientSendId = `auto:${job.fanId}:${auto.id}`;
  const message: NewMessage = {
    chatId: target.chat_id,
    senderId: job.creatorId,
    recipientId: job.fanId,
    type: media ? media.kind : 'text',
    text: auto.text,
    // A paid message locks for the fan like any other: the price is on the message, paid when bought.
    price: media ? auto.price : 0,
    mediaId: media?.id ?? null,
    clientSendId,
    author: AUTOMATION,
  };
  const at = ctx.clock.now();
  const { stored, logged } = await ctx.db.transaction().execute(async (trx) => {
    const stored = await messages.store(trx, message);
    const id = stored?.id ?? (await messages.bySendId(trx, job.creatorId, clientSendId))?.id;
    if (id === undefined) throw new Error('automatic message neither stored nor found');
    const logged = await repo.log(trx, {
      creatorId: job.creatorId,
      fanId: job.fanId,
      category: job.category,
      autoMessageId: auto.id,
      messageId: id,
      at,
    });
    return { stored, logged: logged ? { id: logged.id, messageId: id } : undefined };
  });
  // A step re-run after a crash finds the message stored: it was published then (or is in the chat).
  if (stored) {
    await publishNewMessage(ctx, stored, { credit_rate: target.credit_rate });
    ctx.events.committed('messages_sent', { messages: [stored], origin: 'automatic' });
  }
  // The creator's open log shows the send as it happens.
  if (logged && fan) {
    ctx.hub.publish(job.creatorId, 'auto_message_sent', {
      _id: String(logged.id),
      category: job.category,
      fan: { _id: fan.id, username: fan.username },
      message_id: String(logged.messageId),
      sent_at: at.toISOString(),
    });
  }
  return 'sent';
}

/** The `auto_message` job's step: sends the next message of the category, or waits for its delay. */
export function autoMessageJob(ctx: AppContext): JobHandler {
  return async (step): Promise<StepResult> => {
    const job = step.payload as JobPayload;
    const progress: JobProgress = (step.progress as JobProgress | null) ?? { handled: [], waited: null };
    // The category as it is now: messages deleted meanwhile are not sent, edits apply.
    const list = await repo.categoryOf(ctx.db, job.creatorId, job.category);
    const next = list.find((m) => !progress.handled.includes(m.id));
    if (!next) return { done: true, progress };
    if (next.delay_seconds > 0 && progress.waited !== next.id)
      return { done: false, progress: { ...progress, waited: next.id }, delayMs: next.delay_seconds * 1000 };
    const outcome = await sendOne(ctx, job, next);
    if (outcome === 'stop') return { done: true, progress };
    return { done: false, progress: { handled: [...progress.handled, next.id], waited: null } };
  };
}
