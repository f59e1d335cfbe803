import type { MessageMedia, VaultMedia } from '@parlor/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, MediaTable } from '../../db/schema';
import type { UrlSigner, Variant } from './signing';

type Db = Kysely<DB>;
export type MediaRow = Selectable<MediaTable>;

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

export const mediaRepository = {
  byIds(db: Db, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as MediaRow[]);
    return db.selectFrom('media').selectAll().where('id', 'in', ids).execute();
  },
  /** The owner's live media with this md5 (the spec's media_id). */
  byOwnerMd5(db: Db, ownerId: string, md5: string) {
    return db
      .selectFrom('media')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('md5', '=', md5.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },
  byPublicId(db: Db, publicId: string) {
    return db.selectFrom('media').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  },
  /** Which of these messages the buyer has bought. */
  async purchased(db: Db, messageIds: number[]): Promise<Set<number>> {
    if (messageIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('message_purchases')
      .select('message_id')
      .where('message_id', 'in', messageIds)
      .execute();
    return new Set(rows.map((r) => r.message_id));
  },
};
