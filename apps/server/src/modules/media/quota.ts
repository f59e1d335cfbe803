import { ERRORS, type MediaUsage } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { DomainError, forbidden } from '../../lib/errors';
import { mediaRepository } from './repository';
import { mediaUsageRepository } from './usage-repository';

/**
 * The storage quota of an account's uploads (docs/media.md, "Storage quota"): MEDIA_QUOTA_CREATOR_GB
 * for creators, MEDIA_QUOTA_FAN_MB for everyone else. What counts is what the uploads keep in
 * storage, every variant included, kept per account in media_usage.
 */
export function quotaBytes(ctx: AppContext, user: Pick<UserRow, 'type'>): number {
  return user.type === 'featured' ? ctx.config.mediaQuotaBytes.creator : ctx.config.mediaQuotaBytes.fan;
}

export const storageFull = () => new DomainError(413, 'storage_full', ERRORS.storageFull, { field: 'file' });

/** GET /v1/media/usage: what the caller's uploads take in storage, and their quota. */
export async function mediaUsage(ctx: AppContext, user: UserRow): Promise<MediaUsage> {
  return { used_bytes: await mediaUsageRepository.used(ctx.db, user.id), quota_bytes: quotaBytes(ctx, user) };
}

/**
 * How many bytes of upload the owner has room for, read before the file streams in. A file the
 * owner already has (by the md5 the client declared) is answered from the vault and stores nothing,
 * so it needs no room; a declared md5 that does not match the bytes is refused later anyway.
 */
export async function roomForUpload(
  ctx: AppContext,
  owner: UserRow,
  declared: { md5?: string | undefined; size?: number | undefined },
): Promise<number> {
  const room = Math.max(0, quotaBytes(ctx, owner) - (await mediaUsageRepository.used(ctx.db, owner.id)));
  const mayNotFit = declared.size === undefined || !(declared.size <= room);
  if (mayNotFit && declared.md5 && /^[0-9a-f]{32}$/i.test(declared.md5)) {
    if (await mediaRepository.byOwnerMd5(ctx.db, owner.id, declared.md5)) return Number.POSITIVE_INFINITY;
  }
  return room;
}

/**
 * Fans send photos and videos in chat, free; a price is for creators (ERRORS.paidCreatorsOnly). An
 * upload says what it is for (`type`): a fan's `paid_message` upload is refused before any byte
 * of it is stored.
 */
export function assertMayUpload(owner: Pick<UserRow, 'type'>, type: string | undefined) {
  if (type === 'paid_message' && owner.type !== 'featured')
    throw forbidden(ERRORS.paidCreatorsOnly, 'paid_creators_only');
}

/** Runs `fn` in a transaction, or in the caller's when `db` already is one (the demo seed). */
export function inTransaction<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
