import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ACCOUNT_MESSAGES, AVATAR_MAX_BYTES, type User } from '@parlor/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, DomainError, isNoSpace, notFound } from '../../lib/errors';
import { assertNotFrozen } from '../../lib/users';
import { postAvatar } from '../feed/service';
import { LoadError, processAvatar } from '../media/processing';
import type { MediaStorage } from '../media/storage';
import { ingestBytes, unreadableUpload } from '../media/upload';
import { avatarTooLarge, setAvatarUrl } from './service';

/** The image type by its first bytes: the client's Content-Type is not trusted. */
function sniffImage(buf: Buffer): { ext: string; mime: string } | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
    return { ext: 'jpg', mime: 'image/jpeg' };
  }
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (buf.subarray(0, 4).toString('latin1') === 'GIF8') return { ext: 'gif', mime: 'image/gif' };
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { ext: 'webp', mime: 'image/webp' };
  }
  return undefined;
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The multipart parser's limits for a profile photo: one image of at most AVATAR_MAX_BYTES. */
export const avatarParserOptions = {
  limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 5, fieldSize: 1024, parts: 6 },
};

/**
 * The first file of the form, read to its end: the whole body is parsed before anything is stored,
 * so a body cut short or with a boundary the parser cannot find stores nothing (400).
 */
async function readAvatarForm(request: FastifyRequest): Promise<Buffer | undefined> {
  let buf: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (buf) part.file.resume();
      else buf = await part.toBuffer();
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge();
    throw unreadableUpload(e);
  }
  return buf;
}

/**
 * POST /v1/users/avatar: one image of at most 5 MB, re-encoded (processAvatar) and kept in the
 * media storage (DATA_DIR/media/avatars or the bucket's avatars/ prefix), served back by name.
 */
export async function uploadAvatar(
  ctx: AppContext,
  storage: MediaStorage,
  vault: MediaStorage,
  user: UserRow,
  request: FastifyRequest,
): Promise<User> {
  assertNotFrozen(user);
  if (!request.isMultipart()) throw badRequest(ACCOUNT_MESSAGES.avatarMissing, 'avatar_missing', 'file');
  const buf = await readAvatarForm(request);
  if (!buf?.length) throw badRequest(ACCOUNT_MESSAGES.avatarMissing, 'avatar_missing', 'file');
  if (!sniffImage(buf)) throw badRequest(ACCOUNT_MESSAGES.avatarType, 'avatar_type', 'file');
  let photo: Buffer;
  try {
    photo = await processAvatar(buf);
  } catch (e) {
    if (e instanceof LoadError) throw badRequest(ACCOUNT_MESSAGES.avatarType, 'avatar_type', 'file');
    throw e;
  }
  const name = `${user.id}-${randomBytes(6).toString('hex')}.jpg`;
  await storage.put(name, photo, 'image/jpeg');
  const changed = await setAvatarUrl(ctx, user, `/v1/users/avatars/${name}`);
  if (user.type === 'featured') await announceAvatar(ctx, vault, user, photo);
  return changed;
}

/**
 * A creator's new profile photo is also an `avatar` post in their feed, its photo kept in the vault
 * like any upload. The photo is already the profile's: a full vault only skips the post.
 */
async function announceAvatar(ctx: AppContext, vault: MediaStorage, user: UserRow, photo: Buffer) {
  try {
    const media = await ingestBytes(ctx, vault, user, photo, 'image/jpeg');
    await postAvatar(ctx, user, media.public_id);
  } catch (err) {
    // A refusal (a full vault, a frozen account, a full disk) skips the post; anything else is a fault.
    if (!(err instanceof DomainError) && !isNoSpace(err)) throw err;
  }
}

/** GET /v1/users/avatars/{file}: a stored profile photo (older ones may be PNG, GIF or WebP), or 404. */
export async function readAvatar(
  storage: MediaStorage,
  name: string,
): Promise<{ body: Readable; size: number; mime: string }> {
  const match = /^[0-9a-f-]{36}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/.exec(name);
  if (!match) throw notFound();
  const size = await storage.size(name);
  const body = size === null ? null : await storage.read(name);
  if (size === null || !body) throw notFound();
  return { body, size, mime: MIME_BY_EXT[match[1]!]! };
}
