import type { MessageMedia, VaultMedia } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type MediaRow, mediaRepository } from './repository';
import type { UrlSigner, Variant } from './signing';

// What other modules ask of media: rows by id, a user's own media, and media as a viewer may see it.

export type { MediaRow };

/** May `viewerId` see a message's full media? Its sender always; others once free or bought. */
export function isUnlockedFor(
  message: { sender_id: string; price: number },
  viewerId: string,
  purchased: boolean,
): boolean {
  return message.sender_id === viewerId || message.price === 0 || purchased;
}

/**
 * The media as a viewer may see it. Locked (a paid message not bought): only the blurred preview
 * and the dimensions, so no answer or event carries a URL to the full picture or the video.
 */
export function toMessageMedia(row: MediaRow, sign: UrlSigner, unlocked: boolean): MessageMedia {
  const has = (v: Variant) => row.variants.includes(v);
  const url = (v: Variant) => (unlocked && has(v) ? sign(row.public_id, v) : null);
  return {
    public_id: row.public_id,
    media_id: unlocked ? row.md5 : null,
    th: url('th'),
    st: url('st'),
    rt: url('rt'),
    sr: url('sr'),
    blur: has('blur') ? sign(row.public_id, 'blur') : null,
    video_url: url('video'),
    width: row.width,
    height: row.height,
    video_length: row.video_length,
  };
}

export function toVaultMedia(row: MediaRow, sign: UrlSigner): VaultMedia {
  return {
    ...toMessageMedia(row, sign, true),
    _id: String(row.id),
    type: row.kind,
    created_at: row.created_at.toISOString(),
  };
}

/** Media rows by id (absent ids are left out). */
export function mediaByIds(db: Kysely<DB>, ids: number[]): Promise<MediaRow[]> {
  return mediaRepository.byIds(db, ids);
}

/** The media a request names, by public id or by the owner's md5 (the spec's media_id), whoever owns it. */
export function namedMedia(
  db: Kysely<DB>,
  ownerId: string,
  ref: { public_id?: string | null | undefined; media_id?: string | null | undefined },
): Promise<MediaRow | undefined> {
  if (ref.public_id) return mediaRepository.byPublicId(db, ref.public_id);
  if (ref.media_id) return mediaRepository.byOwnerMd5(db, ownerId, ref.media_id);
  return Promise.resolve(undefined);
}

/**
 * The owner's live media a request names. Someone else's media, or media taken out of the vault, is
 * as good as absent: undefined.
 */
export async function ownLiveMedia(
  db: Kysely<DB>,
  ownerId: string,
  ref: { public_id?: string | null | undefined; media_id?: string | null | undefined },
): Promise<MediaRow | undefined> {
  const media = await namedMedia(db, ownerId, ref);
  return media && media.owner_id === ownerId && media.deleted_at === null ? media : undefined;
}
