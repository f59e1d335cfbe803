import fsp from 'node:fs/promises';
import {
  MEDIA,
  type MediaAvailableResponse,
  type MediaUploadResponse,
  type MediaUploadType,
} from '@parlor/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import type { AuthContext } from '../../plugins/auth';
import { assertMayUpload } from './quota';
import { mediaRepository } from './repository';
import { serveFile } from './serve';
import { signerFor } from './signing';
import type { MediaStorage } from './storage';
import { ingest, readUploadForm } from './upload';
import { toMessageMedia } from './views';

/** POST {MEDIA_BASE_URL}/v1/media: one photo or video into the uploader's vault, ready to send. */
export async function uploadMedia(
  ctx: AppContext,
  storage: MediaStorage,
  user: UserRow,
  request: FastifyRequest,
): Promise<MediaUploadResponse> {
  assertNotFrozen(user);
  const { file, fields } = await readUploadForm(ctx, request, user);
  if (!file) throw badRequest(MEDIA.uploadFailed, 'media_missing', 'file');
  try {
    const row = await ingest(ctx, storage, user, file, fields);
    return {
      width: row.width,
      height: row.height,
      video_length: row.video_length,
      media: toMessageMedia(row, signerFor(ctx, user.id), true),
    };
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

/**
 * GET /v1/media/available?media_id=<md5>&type=: the caller's own copy of a file, when they have it.
 * Asked for a paid message by a fan, it is refused as the upload would be.
 */
export async function mediaAvailable(
  ctx: AppContext,
  user: UserRow,
  md5: string,
  type: MediaUploadType,
): Promise<MediaAvailableResponse> {
  assertMayUpload(user, type);
  const row = await mediaRepository.byOwnerMd5(ctx.db, user.id, md5);
  if (!row) return { status: false, media: null, width: null, height: null, video_length: null };
  return {
    status: true,
    media: toMessageMedia(row, signerFor(ctx, user.id), true),
    width: row.width,
    height: row.height,
    video_length: row.video_length,
  };
}

/**
 * GET {MEDIA_BASE_URL}/v1/media/files/{public_id}/{variant}: the URL is the capability, and a URL
 * issued to someone else does not open with your credentials, so paid media stays locked.
 */
export async function openMediaFile(
  ctx: AppContext,
  storage: MediaStorage,
  auth: AuthContext | null,
  request: FastifyRequest,
  reply: FastifyReply,
  url: { publicId: string; variant: string; u: string; e: number; s: string },
) {
  if (auth && auth.user.id !== url.u) throw forbidden();
  return serveFile(ctx, storage, request, reply, url);
}
