import { BROADCAST_MESSAGES, CONTENT_FLAGGED_MESSAGE, flaggedCharacters } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError, notFound } from '../../lib/errors';
import type { KnownAuthor } from '../../lib/seat';
import { namedMedia } from '../media/views';
import { publishToRecipients } from '../messages/publish';
import { messages } from '../messages/service';
import {
  type AudienceInput,
  answerOf,
  assertBroadcastArea,
  assertMayBroadcast,
  audienceOf,
  BROADCAST_JOB,
  draftOf,
  etaSeconds,
  launch,
  type SendAnswer,
  type SendInput,
} from './draft';
import { broadcastsRepository } from './repository';
import { scheduleBroadcast } from './schedule';

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
  const total = await broadcastsRepository.countAudience(
    ctx.db,
    user.id,
    await audienceOf(ctx, user, input, ctx.clock.now()),
    ctx.clock.now(),
    {
      media: input.type !== undefined && input.type !== 'text',
      excludeBuyersOf: media && media.owner_id === user.id ? media.id : null,
    },
  );
  return { total };
}

/**
 * POST /v1/broadcast/send: with `send_at`, stores it scheduled (schedule.ts); else fixes the
 * audience and starts the fan-out in one transaction, then answers at once; the copies are
 * written by the `broadcast` job. The same client send id answers the broadcast it started.
 */
export async function sendBroadcast(
  ctx: AppContext,
  user: UserRow,
  input: SendInput,
  author?: KnownAuthor,
): Promise<SendAnswer> {
  assertMayBroadcast(user);
  const flagged = flaggedCharacters(input.text ?? '');
  if (flagged.length > 0) throw new DomainError(422, 'content_flagged', CONTENT_FLAGGED_MESSAGE, { flagged });
  if (input.clientSideReceiveId) {
    const prior = await broadcastsRepository.findBySendId(ctx.db, user.id, input.clientSideReceiveId);
    if (prior) return answerOf(prior);
  }
  const now = ctx.clock.now();
  const created =
    input.send_at === undefined
      ? await sendNow(ctx, user, input, now, author)
      : await scheduleBroadcast(ctx, user, input, input.send_at, now, author);
  if (!created) {
    // The same send id arrived twice at once, or another broadcast is still sending.
    const twin = input.clientSideReceiveId
      ? await broadcastsRepository.findBySendId(ctx.db, user.id, input.clientSideReceiveId)
      : undefined;
    if (twin) return answerOf(twin);
    throw conflict(BROADCAST_MESSAGES.alreadySending, 'broadcast_in_progress');
  }
  ctx.queue.wake();
  return answerOf(created);
}

/** A broadcast that starts now; undefined when one is still sending or the send id is taken. */
async function sendNow(ctx: AppContext, user: UserRow, input: SendInput, now: Date, author?: KnownAuthor) {
  const draft = await draftOf(ctx, user, input, now, author);
  const audience = await audienceOf(ctx, user, input, now);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await broadcastsRepository.insert(trx, draft);
    if (!row) return undefined;
    const total = await launch(ctx, trx, row, audience, now);
    if (total === 0) throw badRequest(BROADCAST_MESSAGES.empty, 'empty_audience', 'category');
    return { ...row, total };
  });
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
        eta_s: etaSeconds(counted.sent, counted.total, counted.send_at ?? counted.created_at, now),
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
