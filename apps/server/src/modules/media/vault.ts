import { FEATURE_OFF_MESSAGES, type MessageMedia, type VaultPage } from '@parlor/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { assertFeature } from '../../lib/features';
import { nextLink } from '../../lib/paging';
import { isUuid } from '../../lib/users';
import { MEDIA_MESSAGES } from './content';
import { inTransaction } from './quota';
import { mediaRepository } from './repository';
import { signerFor, VARIANTS } from './signing';
import type { MediaStorage } from './storage';
import { mediaUsageRepository } from './usage-repository';
import { isUnlockedFor, toMessageMedia, toVaultMedia } from './views';

/**
 * GET /v1/media: the owner's vault, newest first; with `chat_id`, what they sent in that chat; with
 * `fan_id`, each item marked sent to and bought by that fan.
 */
export async function listVault(
  ctx: AppContext,
  user: UserRow,
  q: { limit: number; offset: number; chat_id?: string | undefined; fan_id?: string | undefined },
): Promise<VaultPage> {
  // A creator's vault is an area the vault flag opens; what she sent in one chat stays listed there.
  if (user.type === 'featured' && q.chat_id === undefined)
    assertFeature(user, 'vault', FEATURE_OFF_MESSAGES.vault, 'vault_disabled');
  if (q.chat_id !== undefined && !isUuid(q.chat_id)) return { data: [], next: null };
  const rows = await mediaRepository.vaultPage(ctx.db, user.id, {
    limit: q.limit + 1,
    offset: q.offset,
    chatId: q.chat_id,
  });
  const sign = signerFor(ctx, user.id);
  const page = rows.slice(0, q.limit);
  const fanId = q.fan_id;
  const marks =
    fanId !== undefined && isUuid(fanId)
      ? await mediaRepository.marksForFan(
          ctx.db,
          user.id,
          fanId,
          page.map((r) => r.id),
        )
      : undefined;
  return {
    data: page.map((r) => {
      const item = toVaultMedia(r, sign);
      if (fanId === undefined) return item;
      const mark = marks?.get(r.id);
      return { ...item, sent_to_fan: mark?.sent ?? false, bought_by_fan: mark?.bought ?? false };
    }),
    next: nextLink(
      '/v1/media',
      { limit: q.limit, offset: q.offset, chat_id: q.chat_id, fan_id: fanId },
      rows.length > q.limit,
    ),
  };
}

/**
 * DELETE /v1/media?ids=: takes the owner's media out of the vault. Files of media never sent are
 * removed from storage, and their bytes leave the owner's usage in the same transaction; media
 * already in messages stays reachable there, so its files stay and keep counting.
 */
export async function deleteFromVault(ctx: AppContext, storage: MediaStorage, user: UserRow, ids: string[]) {
  const numeric = ids.filter((id) => /^\d{1,18}$/.test(id)).map(Number);
  const publicIds = ids.filter((id) => !/^\d{1,18}$/.test(id));
  const { removed, unsent } = await inTransaction(ctx.db, async (trx) => {
    const removed = await mediaRepository.markDeleted(trx, user.id, numeric, publicIds, ctx.clock.now());
    const inMessages = await mediaRepository.sentInMessages(
      trx,
      removed.map((r) => r.id),
    );
    const unsent = removed.filter((r) => !inMessages.has(r.id));
    await mediaRepository.releaseStored(
      trx,
      unsent.map((r) => r.id),
    );
    await mediaUsageRepository.subtract(
      trx,
      user.id,
      unsent.reduce((sum, r) => sum + r.stored_bytes, 0),
    );
    return { removed, unsent };
  });
  // After commit: a failed removal leaves files no one counts or reaches, never a wrong total.
  await storage.remove(unsent.flatMap((r) => VARIANTS.map((v) => `${r.public_id}/${v}`)));
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
  const received = await mediaRepository.receivedBy(ctx.db, media.id, user.id, 20);
  if (received.length === 0) throw notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
  const unlocked = received.some(({ purchased, ...row }) => isUnlockedFor(row, user.id, purchased !== null));
  return toMessageMedia(media, sign, unlocked);
}
