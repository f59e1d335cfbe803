// What a broadcast is before its fan-out, whether it is sent now or scheduled for later: who may send
// one, its audience as a send names it, its checked draft, and the step that starts it.
import { BROADCAST_MESSAGES, type BroadcastSendRequest, type BroadcastStatus } from '@parlor/contract';
import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { BroadcastsTable, DB, UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { featuresFor } from '../../lib/features';
import type { KnownAuthor } from '../../lib/seat';
import { assertMayMessageFans, assertNotFrozen, isUuid } from '../../lib/users';
import { lists } from '../lists/service';
import { MEDIA_MESSAGES, resolveContent } from '../media/content';
import { namedMedia } from '../media/views';
import { type Audience, broadcastsRepository } from './repository';

export type SendInput = z.output<typeof BroadcastSendRequest>;
/** Who a send goes to, as it names them; a scheduled broadcast keeps this until it starts. */
export type AudienceInput = Pick<
  SendInput,
  'category' | 'search' | 'ids' | 'except_ids' | 'list_id' | 'exclude_list_ids'
>;

/** The fan-out of a broadcast that started (service.ts). */
export const BROADCAST_JOB = 'broadcast';

/** The Broadcast area (sending, its list, unsending) is a creator's, opened by the broadcast flag. */
export function assertBroadcastArea(user: UserRow) {
  if (user.type !== 'featured' || !featuresFor(user).broadcast)
    throw forbidden(BROADCAST_MESSAGES.notAllowed, 'broadcast_not_allowed');
}

export function assertMayBroadcast(user: UserRow) {
  assertNotFrozen(user);
  assertBroadcastArea(user);
  assertMayMessageFans(user);
}

/**
 * The chats a send names: ids, or a category (with its search) or one of the creator's fan lists,
 * less exceptions; the fans on the lists in `exclude_list_ids` are left out of any of them. A list
 * that is not the creator's is a 404.
 */
export async function audienceOf(
  ctx: AppContext,
  user: UserRow,
  input: AudienceInput,
  now: Date,
  // Inside a transaction its lists are read through it: the embedded database has one connection,
  // which the transaction holds until it ends.
  db: Kysely<DB> = ctx.db,
): Promise<Audience> {
  const { include, exclude } = await lists.audience(
    db,
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
export const listColumns = (input: AudienceInput) => ({
  list_id: input.list_id ?? null,
  exclude_list_ids: [...new Set(input.exclude_list_ids ?? [])],
});

/** The media a broadcast names, as `resolveContent` checks it: the message type is the media's kind. */
async function contentOf(ctx: AppContext, user: UserRow, input: SendInput) {
  const text = input.text?.trim() ?? '';
  if (input.type === 'text') {
    if (text === '') throw badRequest(BROADCAST_MESSAGES.textRequired, 'invalid_input', 'text');
    if (input.price > 0) throw badRequest(MEDIA_MESSAGES.priceMediaOnly, 'price_media_only', 'price');
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
 * The row a send stores, checked as a message is: its content, its options and who composed it.
 * A send now and a send scheduled for later store the same row, so the draft a scheduled one starts
 * with is exactly what an immediate one would have sent.
 */
export async function draftOf(
  ctx: AppContext,
  user: UserRow,
  input: SendInput,
  now: Date,
  author?: KnownAuthor,
): Promise<Insertable<BroadcastsTable>> {
  const content = await contentOf(ctx, user, input);
  return {
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
  };
}

/**
 * Fixes the audience of a broadcast that starts now and hands its fan-out to the `broadcast` job,
 * inside the caller's transaction; answers the audience's size (0: nothing was started).
 */
export async function launch(
  ctx: AppContext,
  trx: Kysely<DB>,
  b: { id: number; creator_id: string; media_id: number | null; exclude_buyers: boolean },
  audience: Audience,
  now: Date,
): Promise<number> {
  const total = await broadcastsRepository.fixAudience(trx, b.id, b.creator_id, audience, now, {
    media: b.media_id !== null,
    excludeBuyersOf: b.exclude_buyers ? b.media_id : null,
  });
  if (total === 0) return 0;
  await broadcastsRepository.setTotal(trx, b.id, total);
  await broadcastsRepository.setBroadcasting(trx, b.creator_id, true);
  await ctx.queue.enqueue(
    { kind: BROADCAST_JOB, key: `broadcast:${b.id}`, payload: { broadcast_id: b.id } },
    trx,
  );
  return total;
}

/** What POST /v1/broadcast/send answers: a scheduled one's time, or a started one's audience. */
export type SendAnswer = { _id: string; status: BroadcastStatus; total?: number; send_at?: string | null };
export const answerOf = (b: {
  id: number;
  status: BroadcastStatus;
  total: number;
  send_at: Date | null;
}): SendAnswer =>
  b.status === 'scheduled'
    ? { _id: String(b.id), status: b.status, send_at: b.send_at?.toISOString() ?? null }
    : { _id: String(b.id), status: b.status, total: b.total };

/** Seconds left at the rate so far; null before there is a rate. */
export function etaSeconds(sent: number, total: number, startedAt: Date, now: Date): number | null {
  const elapsed = (now.getTime() - startedAt.getTime()) / 1000;
  if (sent <= 0 || elapsed <= 0) return null;
  return Math.max(0, Math.round(((total - sent) * elapsed) / sent));
}
