import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import {
  checkMediaFile,
  DEFAULT_MEDIA_LIMITS,
  MEDIA,
  type MediaAccept,
  type MediaLimits,
  MediaUploadType,
  mediaKindOf,
  tooLargeMessage,
} from '@parlor/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, DomainError } from '../../lib/errors';
import { detectType, LoadError, MAX_IMAGE_PIXELS, processImage, processVideo } from './processing';
import { assertMayUpload, inTransaction, quotaBytes, roomForUpload, storageFull } from './quota';
import { type MediaRow, mediaRepository } from './repository';
import type { MediaStorage } from './storage';
import { mediaUsageRepository } from './usage-repository';

export function mediaLimits(ctx: AppContext): MediaLimits {
  return {
    ...DEFAULT_MEDIA_LIMITS,
    imageMaxMb: ctx.config.mediaLimitsMb.image ?? DEFAULT_MEDIA_LIMITS.imageMaxMb,
    videoMaxMb: ctx.config.mediaLimitsMb.video ?? DEFAULT_MEDIA_LIMITS.videoMaxMb,
  };
}

const MB = 1024 * 1024;

/** The multipart parser's limits for uploads: one file, just above the larger of the two limits. */
export function uploadParserOptions(ctx: AppContext): FastifyMultipartOptions {
  const limits = mediaLimits(ctx);
  return {
    // A file over the limit arrives cut short and marked truncated; ingest words the refusal.
    throwFileSizeLimit: false,
    limits: {
      files: 1,
      fileSize: Math.ceil(Math.max(limits.imageMaxMb, limits.videoMaxMb) * MB) + 1,
      fields: 8,
      fieldSize: 1024,
      parts: 10,
    },
  };
}

export const uploadTmpDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'tmp', 'uploads');

export interface ReceivedFile {
  path: string;
  size: number;
  md5: string;
  /** The multipart size limit cut the file short. */
  truncated: boolean;
  /** What the browser said the file is; used only to word a refusal. */
  clientType: string;
}

/**
 * Streams one multipart file to a temporary file, hashing it on the way (no whole file in memory).
 * Past `room` bytes (what is left of the owner's storage quota) nothing more is written: the rest
 * is read and dropped, the temporary file removed, and the upload refused as storage full.
 */
export async function receiveFile(
  ctx: AppContext,
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  clientType: string,
  room = Number.POSITIVE_INFINITY,
): Promise<ReceivedFile> {
  const dir = uploadTmpDir(ctx);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `in-${randomBytes(8).toString('hex')}`);
  const hash = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > room) {
        done();
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let truncated = false;
  try {
    await pipeline(stream, count, fs.createWriteStream(file));
  } catch (e) {
    if ((e as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') {
      await fsp.rm(file, { force: true });
      throw e;
    }
    truncated = true;
  }
  // A file over the size limit is refused for that (ingest words it), not for the quota.
  if (size > room && !truncated && stream.truncated !== true) {
    await fsp.rm(file, { force: true });
    throw storageFull();
  }
  return {
    path: file,
    size,
    md5: hash.digest('hex'),
    truncated: truncated || stream.truncated === true,
    clientType,
  };
}

const Accept = z.enum(['image', 'video', 'any']);

/**
 * The answer to a multipart body the parser cannot read: no boundary, another boundary than the
 * header names, or a body cut short. The parser throws plain errors for those; they are the
 * client's upload failing (400), not the server's. Disk errors (they name a syscall) and the
 * parser's own refusals (limits, with their 4xx status) stay what they are.
 */
export function unreadableUpload(e: unknown): unknown {
  const error = e as { syscall?: unknown; statusCode?: unknown };
  if (e instanceof DomainError || !(e instanceof Error) || error.syscall || error.statusCode) return e;
  return badRequest(MEDIA.uploadFailed, 'upload_malformed', 'file');
}

/**
 * Reads an upload request: the part named `file` to a temporary file (the caller removes it) and
 * the form fields beside it. Answers undefined for the file when the request carried none.
 *
 * What can be refused before the file's bytes are kept is refused then, from the fields sent ahead
 * of it (the web client sends `file_size`, `md5` and `type` first): a fan's upload of a paid message
 * (403), a declared size over what is left of the quota (413), and, while streaming, a file that
 * grows past it (413). The file is still read to its end (and dropped), so the client gets the
 * answer rather than a connection reset in the middle of sending.
 */
export async function readUploadForm(
  ctx: AppContext,
  request: FastifyRequest,
  owner: UserRow,
): Promise<{ file: ReceivedFile | undefined; fields: UploadFields }> {
  if (!request.isMultipart()) return { file: undefined, fields: {} };
  const raw: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let refusal: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file || refusal) {
          part.file.resume();
          continue;
        }
        try {
          assertMayUpload(owner, raw.type);
          const declared = raw.file_size ? Number(raw.file_size) : undefined;
          const room = await roomForUpload(ctx, owner, { md5: raw.md5, size: declared });
          if (declared !== undefined && declared > room) throw storageFull();
          file = await receiveFile(ctx, part.file, part.mimetype, room);
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          refusal = e;
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        raw[part.fieldname] = part.value;
      }
    }
    if (refusal) throw refusal;
    if (!file) return { file, fields: {} };
    const type = MediaUploadType.safeParse(raw.type ?? 'message');
    const accept = Accept.safeParse(raw.accept ?? 'any');
    if (!type.success || !accept.success) throw badRequest('Unknown upload type.', 'invalid_input', 'type');
    // A `type` sent after the file: the bytes reached the temporary file only, never storage.
    assertMayUpload(owner, type.data);
    return { file, fields: { md5: raw.md5, file_size: raw.file_size, accept: accept.data } };
  } catch (e) {
    if (file) await fsp.rm(file.path, { force: true });
    throw unreadableUpload(e);
  }
}

export interface UploadFields {
  md5?: string | undefined;
  file_size?: string | undefined;
  accept?: MediaAccept | undefined;
}

const reject = (message: string) => badRequest(message, 'media_rejected', 'file');

/** What a photo that did not decode says: broken bytes, too many pixels, or a failure of ours. */
export function imageLoadMessage(e: LoadError): string {
  if (e.reason === 'damaged') return MEDIA.imageDamaged;
  if (e.reason === 'too_many_pixels')
    return `${MEDIA.imageTooLarge} Photos larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels cannot be uploaded.`;
  return MEDIA.imageLoadError;
}

/**
 * Checks an uploaded file (the client's type and size rules, repeated here on the real bytes), makes its
 * variants and stores them. A file the owner already has (same md5) is answered from the vault.
 */
export async function ingest(
  ctx: AppContext,
  storage: MediaStorage,
  owner: UserRow,
  file: ReceivedFile,
  fields: UploadFields,
): Promise<MediaRow> {
  const limits = mediaLimits(ctx);
  const accept = fields.accept ?? 'any';
  const detected = file.size > 0 ? await detectType(file.path) : undefined;
  if (file.truncated) {
    // Over the larger limit: word it by what the first bytes (or the browser) say the file is.
    const kind = mediaKindOf(detected ?? file.clientType);
    throw reject(
      kind
        ? tooLargeMessage(kind, limits)
        : MEDIA.unsupported.replace('{type}', detected ?? (file.clientType || 'unknown')),
    );
  }
  if (file.size > 0 && !detected) {
    // Bytes no known format starts with: a corrupt photo or video, or something else entirely.
    const claimed = mediaKindOf(file.clientType);
    if (claimed && accept !== 'any' && claimed !== accept)
      throw reject(claimed === 'image' ? MEDIA.photoNotAllowed : MEDIA.videoNotAllowed);
    if (claimed) throw reject(claimed === 'image' ? MEDIA.imageDamaged : MEDIA.videoLoadError);
    throw reject(MEDIA.unsupported.replace('{type}', file.clientType || 'unknown'));
  }
  const refusal = checkMediaFile({ type: detected ?? file.clientType, size: file.size }, accept, limits);
  if (refusal) throw reject(refusal);
  if (fields.file_size !== undefined && fields.file_size !== '' && Number(fields.file_size) !== file.size)
    throw reject(MEDIA.uploadFailed);
  if (fields.md5 && fields.md5.toLowerCase() !== file.md5) throw reject(MEDIA.uploadFailed);

  const known = await mediaRepository.byOwnerMd5(ctx.db, owner.id, file.md5);
  if (known) return known;

  const mime = detected as string;
  const kind = mediaKindOf(mime);
  let processed: Awaited<ReturnType<typeof processImage>>;
  try {
    processed =
      kind === 'image'
        ? await processImage(file.path, mime)
        : await processVideo(file.path, mime, uploadTmpDir(ctx));
  } catch (e) {
    if (e instanceof LoadError) throw reject(kind === 'image' ? imageLoadMessage(e) : MEDIA.videoLoadError);
    throw e;
  }
  const publicId = randomBytes(16).toString('base64url');
  const keys = processed.files.map((f) => `${publicId}/${f.variant}`);
  try {
    const storedBytes = await storedSize(processed.files);
    const quota = quotaBytes(ctx, owner);
    // Refused before anything is stored when it plainly does not fit.
    if ((await mediaUsageRepository.used(ctx.db, owner.id)) + storedBytes > quota) throw storageFull();
    // The variants go to storage side by side: on S3 each is a round trip of its own. All of them
    // settle before a failure is answered, so the removal below finds every file that was written.
    const puts = await Promise.allSettled(
      processed.files.map((f) => storage.put(`${publicId}/${f.variant}`, f.body, f.contentType)),
    );
    const failed = puts.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    // The row and its bytes in the owner's total commit together. Concurrent uploads of one account
    // each read the total above and may all have stored their files, but `add` takes the owner's
    // total row lock and checks the latest total, one upload at a time: the total never passes the
    // quota, and an upload refused there (413) removes its files again. So storage holds at most
    // the files of uploads still in flight beyond the quota, never a counted one.
    const row = await inTransaction(ctx.db, async (trx) => {
      const inserted = await mediaRepository.insert(trx, {
        public_id: publicId,
        owner_id: owner.id,
        md5: file.md5,
        kind: processed.kind,
        mime: processed.mime,
        size_bytes: file.size,
        stored_bytes: storedBytes,
        width: processed.width,
        height: processed.height,
        video_length: processed.videoLength,
        variants: processed.files.map((f) => f.variant),
        created_at: ctx.clock.now(),
      });
      if (inserted && !(await mediaUsageRepository.add(trx, owner.id, storedBytes, quota)))
        throw storageFull();
      return inserted;
    });
    if (row) return row;
    // The same file arrived twice at once: keep the first, drop this copy.
    await storage.remove(keys);
    const first = await mediaRepository.byOwnerMd5(ctx.db, owner.id, file.md5);
    if (!first) throw new Error('media insert lost its twin');
    return first;
  } catch (e) {
    await storage.remove(keys).catch(() => undefined);
    throw e;
  } finally {
    for (const f of processed.files) {
      if (!Buffer.isBuffer(f.body) && f.body.path !== file.path) await fsp.rm(f.body.path, { force: true });
    }
  }
}

/** The bytes these variants take once stored. */
async function storedSize(files: readonly { body: Buffer | { path: string } }[]): Promise<number> {
  let total = 0;
  for (const f of files)
    total += Buffer.isBuffer(f.body) ? f.body.length : (await fsp.stat(f.body.path)).size;
  return total;
}

/** Puts bytes the server itself holds (a new profile photo) into the owner's vault, as an upload would. */
export async function ingestBytes(
  ctx: AppContext,
  storage: MediaStorage,
  owner: UserRow,
  bytes: Buffer,
  mime: string,
): Promise<MediaRow> {
  const dir = uploadTmpDir(ctx);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `in-${randomBytes(8).toString('hex')}`);
  try {
    await fsp.writeFile(file, bytes);
    const md5 = createHash('md5').update(bytes).digest('hex');
    const received = { path: file, size: bytes.length, md5, truncated: false, clientType: mime };
    return await ingest(ctx, storage, owner, received, { accept: 'image' });
  } finally {
    await fsp.rm(file, { force: true });
  }
}
