import {
  BROADCAST_MESSAGES,
  type BroadcastPage,
  type BroadcastSendRequest,
  CONTENT_FLAGGED_MESSAGE,
  flaggedCharacters,
} from '@parlor/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../../lib/errors';
import { featuresFor } from '../../lib/features';
import { nextLink } from '../../lib/paging';
import type { KnownAuthor } from '../../lib/seat';
import { assertMayMessageFans, assertNotFrozen, isUuid } from '../../lib/users';
import { lists } from '../lists/service';
import { resolveContent } from '../media/content';
import { signerFor } from '../media/signing';
import { namedMedia } from '../media/views';
import { publishToRecipients } from '../messages/publish';
import { messages } from '../messages/service';
import { type Audience, broadcastsRepository } from './repository';

type SendInput = z.output<typeof BroadcastSendRequest>;
type AudienceInput = Pick<
  SendInput,
  'category' | 'search' | 'ids' | 'except_ids' | 'list_id' | 'exclude_list_ids'
>;

export const BROADCAST_JOB = 'broadcast';
/**
 * Copies per batch: one statement and one commit each. Small enough that a batch holds the
 * creator's inbox rows (and their counters) for tens of milliseconds, so the creator's own sends and
 * fans' messages to them wait at most that long while a broadcast runs (bench/README.md).
 */
const BATCH = 500;
/** A step of the job runs batches for about this long, then saves where it got to. */
const STEP_MS = 1000;
/**
 * Batches in flight at once: each waits on the database in turn (its own chats' rows, then the
 * creator's counter rows), so a few side by side keep both cores busy.
 */
const PARALLEL_BATCHES = 3;

/** The Broadcast area (sending, its list, unsending) is a creator's, opened by the broadcast flag. */
function assertBroadcastArea(user: UserRow) {
  if (user.type !== 'featured' || !featuresFor(user).broadcast)
    throw forbidden(BROADCAST_MESSAGES.notAllowed, 'broadcast_not_allowed');
}

function assertMayBroadcast(user: UserRow) {
  assertNotFrozen(user);
  assertBroadcastArea(user);
  assertMayMessageFans(user);
}

/**
 * The chats a send names: ids, or a category (with its search) or one of the creator's fan lists,
 * less exceptions; the fans on the lists in `exclude_list_ids` are left out of any of them. A list
 * that is not the creator's is a 404.
 */
async function audienceOf(
  ctx: AppContext,
  user: UserRow,
  input: AudienceInput,
  now: Date,
): Promise<Audience> {
  const { include, exclude } = await lists.audience(
    ctx.db,
    user,
    { listId: input.list_id, excludeIds: input.exclude_list_ids },
    now,
  );
  if (input.ids !== undefined) return { ids: input.ids.filter(isUuid), exclude };
  return {
    filter: { type: input.category ?? 'all', search: input.search || undefined, list: include },
    except: (input.except_ids ?? []).filter(isUuid),
    exclude,
  };
}

/** The lists a broadcast row keeps, so its figures can name them. */
const listColumns = (input: AudienceInput) => ({
  list_id: input.list_id ?? null,
  exclude_list_ids: [...new Set(input.exclude_list_ids ?? [])],
});

/** A broadcast's lists as named now; a list since deleted is no longer named. */
function namedLists(row: { list_id: string | null; exclude_list_ids: string[] }, names: Map<string, string>) {
  const named = (id: string) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ _id: id, name }];
  };
  return {
    list: row.list_id === null ? null : (named(row.list_id)[0] ?? null),
    exclude_lists: row.exclude_list_ids.flatMap(named),
  };
}

/**
 * POST /v1/broadcast/audience: how many fans a broadcast to this audience would reach now, with the
 * draft's rules (media leaves out fans who block it; exclude_buyers leaves out the media's buyers).
 */
export async function countAudience(
  ctx: AppContext,
  user: UserRow,
  input: AudienceInput &
    Pick<SendInput, 'public_id'> & {
      type?: SendInput['type'] | undefined;
      exclude_buyers?: boolean | undefined;
    },
) {
  assertMayBroadcast(user);
  const media =
    input.exclude_buyers && input.public_id
      ? await namedMedia(ctx.db, user.id, { public_id: input.public_id })
      : undefined;
  const now = ctx.clock.now();
  const total = await broadcastsRepository.countAudience(
    ctx.db,
    user.id,
    await audienceOf(ctx, user, input, now),
    now,
    {
      media: input.type !== undefined && input.type !== 'text',
      excludeBuyersOf: media && media.owner_id === user.id ? media.id : null,
    },
  );
  return { total };
}

/** The media a broadcast names, as `resolveContent` checks it: the message type is the media's kind. */
async function contentOf(ctx: AppContext, user: UserRow, input: SendInput) {
  const text = input.text?.trim() ?? '';
  if (input.type === 'text') {
    if (text === '') throw badRequest(BROADCAST_MESSAGES.textRequired, 'invalid_input', 'text');
    if (input.price > 0)
      throw badRequest('Only photos and videos can have a price.', 'price_media_only', 'price');
    return { type: 'text' as const, text, price: 0, mediaId: null, destructAt: null };
  }
  const media = await namedMedia(ctx.db, user.id, input);
  const type = input.type === 'media' ? (media?.kind ?? 'image') : input.type;
  const content = await resolveContent(ctx, user, { ...input, type, recipient_id: user.id, text });
  return {
    type,
    text: text === '' ? null : text,
    price: content.price,
    mediaId: content.mediaId,
    destructAt: content.destructAt,
  };
}

/**
 * POST /v1/broadcast/send: fixes the audience and starts the fan-out in one
 * transaction, then answers at once; the copies are written by the `broadcast` job. The same
 * client send id answers the broadcast it started.
 */
export async function sendBroadcast(ctx: AppContext, user: UserRow, input: SendInput, author?: KnownAuthor) {
  assertMayBroadcast(user);
  const flagged = flaggedCharacters(input.text ?? '');
  if (flagged.length > 0) throw new DomainError(422, 'content_flagged', CONTENT_FLAGGED_MESSAGE, { flagged });
  const answer = (b: { id: number; status: 'sending' | 'done' | 'canceled'; total: number }) => ({
    _id: String(b.id),
    status: b.status,
    total: b.total,
  });
  if (input.clientSideReceiveId) {
    const prior = await broadcastsRepository.findBySendId(ctx.db, user.id, input.clientSideReceiveId);
    if (prior) return answer(prior);
  }
  const content = await contentOf(ctx, user, input);
  const now = ctx.clock.now();
  const audience = await audienceOf(ctx, user, input, now);
  const created = await ctx.db.transaction().execute(async (trx) => {
    const row = await broadcastsRepository.insert(trx, {
      creator_id: user.id,
      client_send_id: input.clientSideReceiveId ?? null,
      type: content.type,
      text: content.text,
      price: content.price,
      self_destruct: input.self_destruct,
      media_id: content.mediaId,
      destruct_at: content.destructAt,
      exclude_buyers: input.exclude_buyers,
      created_at: now,
      // Its copies are written by whoever composed it (the fans see "Written by her team").
      author_member_id: author?.memberId ?? null,
      ...listColumns(input),
    });
    if (!row) return undefined;
    const total = await broadcastsRepository.fixAudience(trx, row.id, user.id, audience, now, {
      media: content.mediaId !== null,
      excludeBuyersOf: input.exclude_buyers ? content.mediaId : null,
    });
    if (total === 0) throw badRequest(BROADCAST_MESSAGES.empty, 'empty_audience', 'category');
    await broadcastsRepository.setTotal(trx, row.id, total);
    await broadcastsRepository.setBroadcasting(trx, user.id, true);
    await ctx.queue.enqueue(
      { kind: BROADCAST_JOB, key: `broadcast:${row.id}`, payload: { broadcast_id: row.id } },
      trx,
    );
    return { ...row, total };
  });
  if (!created) {
    // The same send id arrived twice at once, or another broadcast is still sending.
    const twin = input.clientSideReceiveId
      ? await broadcastsRepository.findBySendId(ctx.db, user.id, input.clientSideReceiveId)
      : undefined;
    if (twin) return answer(twin);
    throw conflict(BROADCAST_MESSAGES.alreadySending, 'broadcast_in_progress');
  }
  ctx.queue.wake();
  return answer(created);
}

/** Seconds left at the rate so far; null before there is a rate. */
function etaSeconds(sent: number, total: number, startedAt: Date, now: Date): number | null {
  const elapsed = (now.getTime() - startedAt.getTime()) / 1000;
  if (sent <= 0 || elapsed <= 0) return null;
  return Math.max(0, Math.round(((total - sent) * elapsed) / sent));
}

/**
 * The `broadcast` job: appends copies batch by batch from where the last step stopped, a few batches
 * side by side, pushes each batch to its online recipients, tells the creator the progress once a
 * step (about once a second), and finishes the broadcast. A step that runs twice stores nothing twice
 * (the copies' unique send ids).
 */
export function registerBroadcastJob(ctx: AppContext) {
  ctx.queue.register(BROADCAST_JOB, async (step) => {
    const { broadcast_id: id } = step.payload as { broadcast_id: number };
    let next = (step.progress as { next?: number } | null)?.next ?? 1;
    const b = await broadcastsRepository.byId(ctx.db, id);
    if (!b) return { done: true };
    const started = Date.now();
    let stored = 0;
    while (b.status === 'sending' && next <= b.total && Date.now() - started < STEP_MS) {
      const ranges: [number, number][] = [];
      for (let i = 0; i < PARALLEL_BATCHES && next <= b.total; i++) {
        const to = Math.min(next + BATCH, b.total + 1);
        ranges.push([next, to]);
        next = to;
      }
      const batches = await Promise.all(
        ranges.map(([from, to]) => broadcastsRepository.appendBatch(ctx.db, id, from, to)),
      );
      for (const rows of batches) {
        stored += rows.length;
        await pushCopies(ctx, b, rows);
      }
    }
    const counted = await broadcastsRepository.addSent(ctx.db, id, stored);
    if (counted?.status === 'sending' && next <= b.total) {
      const now = ctx.clock.now();
      ctx.hub.publish(b.creator_id, 'broadcast_progress', {
        _id: String(id),
        sent: counted.sent,
        total: counted.total,
        eta_s: etaSeconds(counted.sent, counted.total, counted.created_at, now),
      });
      return { done: false, progress: { next } };
    }
    const finished = await broadcastsRepository.finish(ctx.db, id, ctx.clock.now());
    if (finished) {
      await broadcastsRepository.setBroadcasting(ctx.db, b.creator_id, false);
      ctx.hub.publish(b.creator_id, 'broadcast_done', {
        _id: String(id),
        sent: finished.sent,
        total: finished.total,
      });
      ctx.hub.publish(b.creator_id, 'user.update', { is_broadcasting: false });
    }
    return { done: true, progress: { next } };
  });
}

type Broadcast = NonNullable<Awaited<ReturnType<typeof broadcastsRepository.byId>>>;
type AppendedCopy = Awaited<ReturnType<typeof broadcastsRepository.appendBatch>>[number];

/** `new_message` to the batch's recipients who are online now; the others read it when they come. */
async function pushCopies(ctx: AppContext, b: Broadcast, rows: AppendedCopy[]) {
  const online = await broadcastsRepository.onlineAmong(
    ctx.db,
    rows.map((r) => r.recipient_id),
  );
  const copies = rows
    .filter((r) => online.has(r.recipient_id))
    .map((r) =>
      messages.storedRow(
        {
          chatId: r.chat_id,
          senderId: b.creator_id,
          recipientId: r.recipient_id,
          type: b.type,
          text: b.text,
          price: b.price,
          selfDestruct: b.self_destruct,
          mediaId: b.media_id,
          destructAt: b.destruct_at,
          clientSendId: `broadcast:${b.id}:${r.chat_id}`,
        },
        { ...r, id: r.message_id },
        b.id,
      ),
    );
  if (copies.length === 0) return;
  await publishToRecipients(ctx, copies);
  ctx.events.committed('messages_sent', { messages: copies, origin: 'broadcast' });
}

/** GET /v1/broadcast: the creator's broadcasts with their figures, newest first. */
export async function listBroadcasts(
  ctx: AppContext,
  user: UserRow,
  q: { limit: number; offset: number },
): Promise<BroadcastPage> {
  assertBroadcastArea(user);
  const rows = await broadcastsRepository.page(ctx.db, user.id, q.limit + 1, q.offset);
  const names = await lists.names(
    ctx.db,
    user.id,
    rows.flatMap((r) => [...(r.list_id ? [r.list_id] : []), ...r.exclude_list_ids]),
  );
  const sign = signerFor(ctx, user.id);
  const now = ctx.clock.now();
  return {
    data: rows.slice(0, q.limit).map((r) => ({
      _id: String(r.id),
      created_at: r.created_at.toISOString(),
      finished_at: r.finished_at?.toISOString() ?? null,
      status: r.status,
      type: r.type,
      text: r.text,
      preview: r.media_public_id ? sign(r.media_public_id, 'th') : null,
      price: r.price,
      self_destruct: r.self_destruct,
      total: r.total,
      sent: r.sent,
      read: Number(r.read ?? 0),
      purchases: Number(r.purchases ?? 0),
      earned: Number(r.earned ?? 0),
      eta_s: r.status === 'sending' ? etaSeconds(r.sent, r.total, r.created_at, now) : null,
      // Every broadcast here started when it was sent.
      send_at: null,
      ...namedLists(r, names),
    })),
    next: nextLink('/v1/broadcast', { limit: q.limit, offset: q.offset }, rows.length > q.limit),
  };
}

/**
 * DELETE /v1/broadcast/{id}: stops a broadcast still sending and deletes every copy not bought, in
 * one transaction; bought copies stay with their buyers. Recipients online see the copy go.
 */
export async function unsendBroadcast(ctx: AppContext, user: UserRow, id: string) {
  assertBroadcastArea(user);
  if (!/^\d{1,18}$/.test(id)) throw notFound(BROADCAST_MESSAGES.notFound, 'broadcast_not_found');
  const now = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const b = await broadcastsRepository.cancel(trx, user.id, Number(id), now);
    if (!b) return undefined;
    const { deleted, kept } = await broadcastsRepository.deleteUnbought(trx, user.id, b.id, now);
    // Only one broadcast sends at a time: when this one was sending, none is now.
    if (b.wasSending) await broadcastsRepository.setBroadcasting(trx, user.id, false);
    return { b, deleted, kept };
  });
  if (!result) throw notFound(BROADCAST_MESSAGES.notFound, 'broadcast_not_found');
  const online = await broadcastsRepository.onlineAmong(
    ctx.db,
    result.deleted.map((m) => m.recipient_id),
  );
  for (const m of result.deleted) {
    if (online.has(m.recipient_id))
      ctx.hub.publish(m.recipient_id, 'message_deleted', { chat_id: m.chat_id, message_id: String(m.id) });
  }
  return {
    _id: String(result.b.id),
    status: 'canceled' as const,
    deleted: result.deleted.length,
    kept: result.kept,
  };
}
