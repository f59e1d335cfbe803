import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/** A byte range, both ends inclusive, as HTTP Range has it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live: files under DATA_DIR/media by default, an S3-compatible
 * bucket when S3_* is set. Keys are `{public_id}/{variant}` for media and `{name}.{ext}` for
 * profile photos; nothing here knows about users.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | { path: string }, contentType: string): Promise<void>;
  /** Size in bytes, or null when the key is absent. */
  size(key: string): Promise<number | null>;
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  remove(keys: readonly string[]): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+[/.][a-z]+$/;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`bad media key ${key}`);
}

export function createLocalStorage(root: string): MediaStorage {
  const file = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body, _contentType) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
        else await fsp.copyFile(body.path, tmp);
        await fsp.rename(tmp, target);
      } catch (e) {
        // A full disk stops the write part way: what it wrote goes too.
        await fsp.rm(tmp, { force: true });
        throw e;
      }
    },
    async size(key) {
      const stat = await fsp.stat(file(key)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async read(key, range) {
      const target = file(key);
      const stat = await fsp.stat(target).catch(() => null);
      if (!stat?.isFile()) return null;
      return fs.createReadStream(target, range ? { start: range.start, end: range.end } : {});
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => fsp.rm(file(k), { force: true })));
      // A media file's folder goes with its last file; the root stays.
      const dirs = new Set(
        keys.map((k) => path.dirname(file(k))).filter((d) => path.relative(root, d) !== ''),
      );
      await Promise.all([...dirs].map((d) => fsp.rmdir(d).catch(() => undefined)));
    },
  };
}

export type S3Config = NonNullable<Config['s3']>;

export const isMissing = (e: unknown) =>
  e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey');

/** The SDK's error, with what was asked and the status, so a refused bucket shows in the log. */
function failure(what: string, key: string, e: unknown): Error {
  if (!(e instanceof S3ServiceException)) return e as Error;
  return new Error(`S3 ${what} ${key} failed: ${e.$metadata.httpStatusCode ?? '?'} ${e.name}`, { cause: e });
}

/** A client of the bucket, with path-style URLs (`{endpoint}/{bucket}/{key}`). */
export function s3Client(s3: S3Config): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
    // Checksums only where S3 demands them: several S3-compatible servers refuse the SDK's
    // default streamed (aws-chunked) checksums on uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * An S3-compatible bucket through the AWS SDK, with path-style URLs (`{endpoint}/{bucket}/{key}`),
 * which every S3-compatible server accepts. Keys live under `prefix` in the bucket.
 */
export function createS3Storage(s3: S3Config, prefix = ''): MediaStorage {
  const client = s3Client(s3);
  const object = (key: string) => {
    checkKey(key);
    return { Bucket: s3.bucket, Key: `${prefix}${key}` };
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const length = Buffer.isBuffer(body) ? body.length : (await fsp.stat(body.path)).size;
      const stream = Buffer.isBuffer(body) ? body : fs.createReadStream(body.path);
      try {
        await client.send(
          new PutObjectCommand({
            ...object(key),
            Body: stream,
            ContentLength: length,
            ContentType: contentType,
          }),
        );
      } catch (e) {
        throw failure('put', key, e);
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand(object(key)))).ContentLength ?? 0;
      } catch (e) {
        if (isMissing(e)) return null;
        throw failure('head', key, e);
      }
    },
    async read(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            ...object(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return res.Body as Readable;
      } catch (e) {
        if (isMissing(e)) return null;
        throw failure('get', key, e);
      }
    },
    async remove(keys) {
      await Promise.all(
        keys.map(async (key) => {
          try {
            await client.send(new DeleteObjectCommand(object(key)));
          } catch (e) {
            if (!isMissing(e)) throw failure('delete', key, e);
          }
        }),
      );
    },
  };
}

/** Media files, or profile photos (`avatars`): each in its own folder, or under its own prefix. */
export function createMediaStorage(config: Config, space: 'media' | 'avatars' = 'media'): MediaStorage {
  if (config.s3) return createS3Storage(config.s3, space === 'avatars' ? 'avatars/' : '');
  return createLocalStorage(path.join(config.dataDir, 'media', space === 'avatars' ? 'avatars' : 'files'));
}
