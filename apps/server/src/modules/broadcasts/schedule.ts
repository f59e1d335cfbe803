import {
  BROADCAST_MESSAGES,
  type BroadcastStats,
  type BroadcastUpdateRequest,
  CONTENT_FLAGGED_MESSAGE,
  flaggedCharacters,
  SCHEDULE_MESSAGES,
  SELF_DESTRUCT_AFTER_MS,
} from '@parlor/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { BroadcastsTable, DB, UserRow } from '../../db/schema';
import { badRequest, conflict, DomainError, notFound } from '../../lib/errors';
import { scheduleTime } from '../../lib/schedule';
import type { KnownAuthor } from '../../lib/seat';
import { MEDIA_MESSAGES } from '../media/content';
import { mediaByIds } from '../media/views';
import { team } from '../team/service';
import { users } from '../users/service';
import {
  type AudienceInput,
  assertMayBroadcast,
  audienceOf,
  draftOf,
  launch,
  listColumns,
  type SendInput,
} from './draft';
import { broadcastsRepository } from './repository';
import { scheduleRepository } from './schedule-repository';
import { broadcastStats } from './stats';

type UpdateInput = z.output<typeof BroadcastUpdateRequest>;
type BroadcastRow = Selectable<BroadcastsTable>;

/** Starts a scheduled broadcast at its time (docs/scheduling.md). */
export const BROADCAST_START_JOB = 'broadcast.start';
/**
 * A broadcast due while another of the creator's is still sending waits behind it: it looks again
 * this often, and starts once that one is done.
 */
const WAIT_BEHIND_MS = 5000;

const notFoundError = () => notFound(BROADCAST_MESSAGES.notFound, 'broadcast_not_found');
const parseId = (id: string) => (/^\d{1,18}$/.test(id) ? Number(id) : null);
const isOneSendingKey = (e: unknown) =>
  (e as { code?: string })?.code === '23505' &&
  String((e as { constraint?: string; message?: string }).constraint ?? (e as Error).message).includes(
    'broadcasts_one_sending',
  );

/** Queues the start of broadcast `id` at `at`, inside the caller's transaction. */
function enqueueStart(ctx: AppContext, trx: Kysely<DB>, id: number, at: Date) {
  return ctx.queue.enqueue(
    { kind: BROADCAST_START_JOB, payload: { broadcast_id: id, at: at.toISOString() }, runAt: at },
    trx,
  );
}

/**
 * A send with `send_at`: the draft is checked and stored as an immediate send's would be, with the
 * audience as the send names it, and a start job is queued for that time in the same transaction.
 * Another broadcast sending now does not stand in its way. Undefined when the send id is taken.
 */
export async function scheduleBroadcast(
  ctx: AppContext,
  user: UserRow,
  input: SendInput,
  sendAtIso: string,
  now: Date,
  author?: KnownAuthor,
) {
  const sendAt = scheduleTime(now, sendAtIso, 'send_at');
  const draft = await draftOf(ctx, user, input, now, author);
  const audience: AudienceInput = {
    category: input.category,
    search: input.search,
    ids: input.ids,
    except_ids: input.except_ids,
    list_id: input.list_id,
    exclude_list_ids: input.exclude_list_ids,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const row = await broadcastsRepository.insert(trx, {
      ...draft,
      status: 'scheduled',
      send_at: sendAt,
      audience: JSON.stringify(audience),
      // A free self-destructing copy's countdown starts when it is sent, so at the start.
      destruct_at: null,
    });
    if (row) await enqueueStart(ctx, trx, row.id, sendAt);
    return row;
  });
}

/** The audience after an edit: a list replaces the chats named before; left-out lists replace theirs. */
function editedAudience(before: AudienceInput, input: UpdateInput): AudienceInput {
  const base: AudienceInput = input.list_id === undefined ? before : { list_id: input.list_id };
  const exclude = input.exclude_list_ids ?? before.exclude_list_ids;
  return { ...base, ...(exclude === undefined ? {} : { exclude_list_ids: exclude }) };
}

/**
 * PATCH /v1/broadcast/{id}: a scheduled broadcast's time, text, price or lists, until it starts
 * (409 after). A new time queues a start job for it; the job of the old time finds the time changed
 * and does nothing.
 */
export async function updateBroadcast(
  ctx: AppContext,
  user: UserRow,
  idParam: string,
  input: UpdateInput,
): Promise<BroadcastStats> {
  assertMayBroadcast(user);
  const id = parseId(idParam);
  if (id === null) throw notFoundError();
  const flagged = flaggedCharacters(input.text ?? '');
  if (flagged.length > 0) throw new DomainError(422, 'content_flagged', CONTENT_FLAGGED_MESSAGE, { flagged });
  const now = ctx.clock.now();
  const sendAt = input.send_at === undefined ? undefined : scheduleTime(now, input.send_at, 'send_at');
  await ctx.db.transaction().execute(async (trx) => {
    const b = await scheduleRepository.forUpdate(trx, id, user.id);
    if (!b) throw notFoundError();
    if (b.status !== 'scheduled') throw conflict(SCHEDULE_MESSAGES.started, 'broadcast_started');
    const text = input.text === undefined ? b.text : input.text?.trim() || null;
    const price = input.price ?? b.price;
    if (b.type === 'text' && !text)
      throw badRequest(BROADCAST_MESSAGES.textRequired, 'invalid_input', 'text');
    if (b.type === 'text' && price > 0)
      throw badRequest(MEDIA_MESSAGES.priceMediaOnly, 'price_media_only', 'price');
    const audience = editedAudience(b.audience as AudienceInput, input);
    // Another creator's list is a 404 now, not a broadcast that silently never starts.
    await audienceOf(ctx, user, audience, ctx.clock.now(), trx);
    await scheduleRepository.update(trx, id, {
      text,
      price,
      audience: JSON.stringify(audience),
      ...listColumns(audience),
      ...(sendAt ? { send_at: sendAt } : {}),
    });
    if (sendAt && sendAt.getTime() !== b.send_at?.getTime()) await enqueueStart(ctx, trx, id, sendAt);
  });
  ctx.queue.wake();
  const stats = await broadcastStats(ctx, user, id);
  if (!stats) throw notFoundError();
  return stats;
}

/** A scheduled broadcast's audience as it is at its start; undefined when one of its lists is gone. */
async function startAudience(ctx: AppContext, trx: Kysely<DB>, creator: UserRow, b: BroadcastRow, now: Date) {
  try {
    return await audienceOf(ctx, creator, b.audience as AudienceInput, now, trx);
  } catch (e) {
    if (e instanceof DomainError) return undefined;
    throw e;
  }
}

/**
 * Whether a due broadcast may not go out after all, by the rules at its start: the account is gone
 * or may no longer broadcast, its photo or video left the vault, or the team member who composed
 * it is off the team or no longer holds `broadcasts` (and `paid` for a priced one). Such a
 * broadcast is canceled instead, and shows so in the creator's list.
 */
async function refusedAtStart(trx: Kysely<DB>, creator: UserRow, b: BroadcastRow): Promise<boolean> {
  if (creator.deleted_at !== null || creator.banned_at !== null) return true;
  try {
    assertMayBroadcast(creator);
  } catch (e) {
    if (e instanceof DomainError) return true;
    throw e;
  }
  if (b.media_id !== null) {
    const [media] = await mediaByIds(trx, [b.media_id]);
    if (!media || media.deleted_at !== null) return true;
  }
  if (b.author_member_id !== null) {
    const held = await team.permissionsOf(trx, b.creator_id, b.author_member_id);
    const needs = b.price > 0 ? (['broadcasts', 'paid'] as const) : (['broadcasts'] as const);
    if (!held || !needs.every((p) => held.includes(p))) return true;
  }
  return false;
}

type StartOutcome =
  | { kind: 'gone' }
  | { kind: 'later'; delayMs: number }
  | { kind: 'refused' | 'empty' | 'started'; creatorId: string };

/**
 * Starts the scheduled broadcast `id` if it is still due at `at`, in one transaction on its locked
 * row: its audience is fixed now, then it sends as an immediate broadcast does. Exactly once: the
 * row leaves `scheduled` in the transaction that starts it, so a second run (another process, a
 * step repeated after a crash) finds nothing to do.
 */
async function startScheduled(ctx: AppContext, id: number, at: Date): Promise<StartOutcome> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction().execute(async (trx): Promise<StartOutcome> => {
      const b = await scheduleRepository.forUpdate(trx, id);
      // Canceled, started, or moved to another time (whose own job starts it).
      if (b?.status !== 'scheduled' || b.send_at?.getTime() !== at.getTime()) return { kind: 'gone' };
      const creator = await users.byId(trx, b.creator_id);
      if (!creator || (await refusedAtStart(trx, creator, b))) {
        await scheduleRepository.close(trx, id, 'canceled', now);
        return { kind: 'refused', creatorId: b.creator_id };
      }
      if (await scheduleRepository.isSending(trx, b.creator_id))
        return { kind: 'later', delayMs: WAIT_BEHIND_MS };
      const destructAt =
        b.self_destruct && b.price === 0 ? new Date(now.getTime() + SELF_DESTRUCT_AFTER_MS) : null;
      await scheduleRepository.markStarted(trx, id, now, destructAt);
      const audience = await startAudience(ctx, trx, creator, b, now);
      if (!audience) {
        await scheduleRepository.close(trx, id, 'canceled', now);
        return { kind: 'refused', creatorId: b.creator_id };
      }
      const total = await launch(ctx, trx, b, audience, now);
      if (total > 0) return { kind: 'started', creatorId: b.creator_id };
      await scheduleRepository.close(trx, id, 'done', now);
      return { kind: 'empty', creatorId: b.creator_id };
    });
  } catch (e) {
    // Another of the creator's broadcasts began sending at this very moment.
    if (isOneSendingKey(e)) return { kind: 'later', delayMs: WAIT_BEHIND_MS };
    throw e;
  }
}

/** The `broadcast.start` job: starts a scheduled broadcast at its time, or waits until it may. */
export function registerBroadcastStartJob(ctx: AppContext) {
  ctx.queue.register(BROADCAST_START_JOB, async (step) => {
    const { broadcast_id: id, at } = step.payload as { broadcast_id: number; at: string };
    const outcome = await startScheduled(ctx, id, new Date(at));
    switch (outcome.kind) {
      case 'later':
        return { done: false, progress: null, delayMs: outcome.delayMs };
      case 'started':
        ctx.queue.wake();
        ctx.hub.publish(outcome.creatorId, 'user.update', { is_broadcasting: true });
        break;
      case 'empty':
        ctx.hub.publish(outcome.creatorId, 'broadcast_done', { _id: String(id), sent: 0, total: 0 });
        break;
    }
    return { done: true };
  });
}
