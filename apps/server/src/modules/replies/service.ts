import {
  ACCOUNT_MESSAGES,
  type CreateSavedReplyRequest,
  SAVED_REPLIES_MAX,
  SAVED_REPLY_MESSAGES,
  type SavedReply,
  type SavedReplyList,
  type UpdateSavedReplyRequest,
} from '@parlor/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { assertNotFrozen, isUuid } from '../../lib/users';
import { MEDIA_MESSAGES } from '../media/content';
import { signerFor } from '../media/signing';
import { type MediaRow, mediaByIds, ownLiveMedia, toMessageMedia } from '../media/views';
import { repliesRepository, type SavedReplyRow } from './repository';

type CreateInput = z.output<typeof CreateSavedReplyRequest>;
type UpdateInput = z.output<typeof UpdateSavedReplyRequest>;

const replyNotFound = () => notFound(SAVED_REPLY_MESSAGES.notFound, 'saved_reply_not_found');

/** Saved replies are a creator's (her team's seats with `chats` use hers). */
function assertCreator(user: UserRow) {
  if (user.type !== 'featured') throw forbidden(ACCOUNT_MESSAGES.creatorsOnly, 'creators_only');
}

/**
 * Replies as their creator sees them, their media loaded in one query. A photo or video taken out
 * of the vault since keeps its ids but has no preview: sending the reply would find no media.
 */
async function toReplies(ctx: AppContext, user: UserRow, rows: SavedReplyRow[]): Promise<SavedReply[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.media_id === null ? [] : [r.media_id])))];
  const media = new Map((await mediaByIds(ctx.db, ids)).map((m) => [m.id, m]));
  const sign = signerFor(ctx, user.id);
  return rows.map((r) => {
    const m = r.media_id === null ? undefined : media.get(r.media_id);
    return {
      _id: r.id,
      title: r.title,
      text: r.text,
      // The spec's media_id is the media's checksum, as a message names it.
      media_id: m?.md5 ?? null,
      public_id: m?.public_id ?? null,
      media: m && m.deleted_at === null ? toMessageMedia(m, sign, true) : null,
      price: r.price,
      created_at: r.created_at.toISOString(),
    };
  });
}

async function toReply(ctx: AppContext, user: UserRow, row: SavedReplyRow): Promise<SavedReply> {
  const [reply] = await toReplies(ctx, user, [row]);
  return reply as SavedReply;
}

/** The creator's own vault item a request names, as a message's media is checked: else 404. */
async function ownMedia(
  ctx: AppContext,
  user: UserRow,
  ref: { media_id?: string | null | undefined; public_id?: string | null | undefined },
): Promise<MediaRow> {
  const media = await ownLiveMedia(ctx.db, user.id, ref);
  if (!media) throw notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
  return media;
}

const cleanText = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** A reply needs a text or a photo or a video; only a photo or a video has a price. */
function assertContent(text: string | null, mediaId: number | null, price: number) {
  if (!text && mediaId === null)
    throw badRequest(SAVED_REPLY_MESSAGES.contentRequired, 'invalid_input', 'text');
  if (price > 0 && mediaId === null)
    throw badRequest(SAVED_REPLY_MESSAGES.priceNeedsMedia, 'price_media_only', 'price');
}

/** GET /v1/saved-replies: the creator's replies by title. */
export async function listSavedReplies(ctx: AppContext, user: UserRow): Promise<SavedReplyList> {
  assertCreator(user);
  return { data: await toReplies(ctx, user, await repliesRepository.list(ctx.db, user.id)) };
}

/** POST /v1/saved-replies: at most SAVED_REPLIES_MAX per creator (409 beyond). */
export async function createSavedReply(
  ctx: AppContext,
  user: UserRow,
  input: CreateInput,
): Promise<SavedReply> {
  assertNotFrozen(user);
  assertCreator(user);
  const text = cleanText(input.text);
  const media = input.media_id || input.public_id ? await ownMedia(ctx, user, input) : undefined;
  assertContent(text, media?.id ?? null, input.price);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await repliesRepository.countLocked(trx, user.id)) >= SAVED_REPLIES_MAX)
      throw conflict(SAVED_REPLY_MESSAGES.tooMany, 'too_many_saved_replies');
    return repliesRepository.insert(trx, {
      creator_id: user.id,
      title: input.title,
      text,
      media_id: media?.id ?? null,
      price: input.price,
      created_at: ctx.clock.now(),
    });
  });
  return toReply(ctx, user, row);
}

/**
 * PATCH /v1/saved-replies/{id}: the fields given replace the saved ones; a media id or public id
 * names new media, `null` for both (or the one given) drops it.
 */
export async function updateSavedReply(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: UpdateInput,
): Promise<SavedReply> {
  assertNotFrozen(user);
  assertCreator(user);
  if (!isUuid(id)) throw replyNotFound();
  const named = input.media_id || input.public_id;
  const dropped = !named && (input.media_id === null || input.public_id === null);
  const media = named ? await ownMedia(ctx, user, input) : undefined;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await repliesRepository.ownForUpdate(trx, user.id, id);
    if (!before) throw replyNotFound();
    const text = input.text === undefined ? before.text : cleanText(input.text);
    const mediaId = media ? media.id : dropped ? null : before.media_id;
    const price = input.price ?? before.price;
    assertContent(text, mediaId, price);
    return repliesRepository.update(trx, id, {
      title: input.title ?? before.title,
      text,
      media_id: mediaId,
      price,
    });
  });
  return toReply(ctx, user, row);
}

/** DELETE /v1/saved-replies/{id}. */
export async function deleteSavedReply(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  assertCreator(user);
  if (!isUuid(id) || !(await repliesRepository.delete(ctx.db, user.id, id))) throw replyNotFound();
}
