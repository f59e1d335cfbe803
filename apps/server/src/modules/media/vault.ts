import type { MessageMedia, VaultPage } from '@parlor/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/users';
import type { UserRow } from '../../plugins/auth';
import { isUnlockedFor } from '../messages/dto';
import { MEDIA_MESSAGES } from './content';
import { mediaRepository, toMessageMedia, toVaultMedia } from './repository';
import { signerFor, VARIANTS } from './signing';
import type { MediaStorage } from './storage';

/** GET /v1/media: the owner's vault, newest first; with `chat_id`, what they sent in that chat. */
export async function listVault(
  ctx: AppContext,
  user: UserRow,
  q: { limit: number; offset: number; chat_id?: string | undefined },
): Promise<VaultPage> {
  if (q.chat_id !== undefined && !isUuid(q.chat_id)) return { data: [], next: null };
  const rows = await ctx.db
    .selectFrom('media as m')
    .selectAll('m')
    .where('m.owner_id', '=', user.id)
    .where('m.deleted_at', 'is', null)
    .$if(q.chat_id !== undefined, (qb) =>
      qb.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('messages as msg')
            .select('msg.id')
            .whereRef('msg.media_id', '=', 'm.id')
            .where('msg.chat_id', '=', q.chat_id as string)
            .where('msg.sender_id', '=', user.id),
        ),
      ),
    )
    .orderBy('m.id', 'desc')
    .limit(q.limit + 1)
    .offset(q.offset)
    .execute();
  const sign = signerFor(ctx, user.id);
  const chat = q.chat_id ? `&chat_id=${q.chat_id}` : '';
  return {
    data: rows.slice(0, q.limit).map((r) => toVaultMedia(r, sign)),
    next: rows.length > q.limit ? `/v1/media?limit=${q.limit}&offset=${q.offset + q.limit}${chat}` : null,
  };
}

/**
 * DELETE /v1/media?ids=: takes the owner's media out of the vault. Files of media never sent are
 * removed from storage; media already in messages stays reachable there.
 */
export async function deleteFromVault(ctx: AppContext, storage: MediaStorage, user: UserRow, ids: string[]) {
  const numeric = ids.filter((id) => /^\d{1,18}$/.test(id)).map(Number);
  const publicIds = ids.filter((id) => !/^\d{1,18}$/.test(id));
  const removed = await ctx.db
    .updateTable('media')
    .set({ deleted_at: ctx.clock.now() })
    .where('owner_id', '=', user.id)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(numeric.length ? [eb('id', 'in', numeric)] : []),
        ...(publicIds.length ? [eb('public_id', 'in', publicIds)] : []),
      ]),
    )
    .returning(['id', 'public_id'])
    .execute();
  if (removed.length > 0) {
    const sent = await ctx.db
      .selectFrom('messages')
      .select('media_id')
      .distinct()
      .where(
        'media_id',
        'in',
        removed.map((r) => r.id),
      )
      .execute();
    const inMessages = new Set(sent.map((s) => s.media_id));
    const unsent = removed.filter((r) => !inMessages.has(r.id));
    await storage.remove(unsent.flatMap((r) => VARIANTS.map((v) => `${r.public_id}/${v}`)));
  }
  return { deleted: removed.length };
}

/**
 * GET /v1/users/images/public_id/{id}: the media as the caller may see it. Its owner sees it whole;
 * a recipient sees it as in the newest message that carried it to them (locked until bought);
 * anyone else, and everyone for media never sent, gets 404.
 */
export async function mediaByPublicId(
  ctx: AppContext,
  user: UserRow,
  publicId: string,
): Promise<MessageMedia> {
  const media = await mediaRepository.byPublicId(ctx.db, publicId);
  if (!media) throw notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
  const sign = signerFor(ctx, user.id);
  if (media.owner_id === user.id) return toMessageMedia(media, sign, true);
  const received = await ctx.db
    .selectFrom('messages as msg')
    .leftJoin('message_purchases as p', 'p.message_id', 'msg.id')
    .selectAll('msg')
    .select('p.message_id as purchased')
    .where('msg.media_id', '=', media.id)
    .where('msg.recipient_id', '=', user.id)
    .where('msg.deleted_at', 'is', null)
    .where('msg.destructed_at', 'is', null)
    .orderBy('msg.id', 'desc')
    .limit(20)
    .execute();
  if (received.length === 0) throw notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
  const unlocked = received.some(({ purchased, ...row }) => isUnlockedFor(row, user.id, purchased !== null));
  return toMessageMedia(media, sign, unlocked);
}
