import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Config } from '../../config';
import { encodeS3Path, signS3Request, UNSIGNED_PAYLOAD } from './sigv4';

/** A byte range, both ends inclusive, as HTTP Range has it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live (DESIGN §3): files under DATA_DIR/media by default, an S3-compatible
 * bucket when S3_* is set. Keys are `{public_id}/{variant}`; nothing here knows about users.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | { path: string }, contentType: string): Promise<void>;
  /** Size in bytes, or null when the key is absent. */
  size(key: string): Promise<number | null>;
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  remove(keys: readonly string[]): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+\/[a-z]+$/;
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
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await fsp.copyFile(body.path, tmp);
      await fsp.rename(tmp, target);
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
      const dirs = new Set(keys.map((k) => path.dirname(file(k))));
      await Promise.all([...dirs].map((d) => fsp.rmdir(d).catch(() => undefined)));
    },
  };
}

type S3Config = NonNullable<Config['s3']>;

/** Path-style requests (`{endpoint}/{bucket}/{key}`), which every S3-compatible server accepts. */
export function createS3Storage(s3: S3Config, fetchImpl: typeof fetch = fetch): MediaStorage {
  const base = new URL(s3.endpoint);
  const creds = { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region };
  const basePath = base.pathname.replace(/\/$/, '');

  async function call(
    method: string,
    key: string,
    options: {
      headers?: Record<string, string>;
      /** Sent but not signed: the transport may set these itself. */
      unsigned?: Record<string, string>;
      body?: Buffer | ReadableStream;
      payloadHash?: string;
    } = {},
  ): Promise<Response> {
    checkKey(key);
    const objectPath = encodeS3Path(`${basePath}/${s3.bucket}/${key}`);
    const headers = signS3Request(creds, {
      method,
      host: base.host,
      path: objectPath,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.payloadHash ? { payloadHash: options.payloadHash } : {}),
    });
    const init: RequestInit & { duplex?: 'half' } = { method, headers: { ...headers, ...options.unsigned } };
    if (options.body !== undefined) {
      init.body = options.body;
      init.duplex = 'half';
    }
    return fetchImpl(`${base.protocol}//${base.host}${objectPath}`, init);
  }
  const fail = async (what: string, res: Response) => {
    throw new Error(`S3 ${what} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const length = Buffer.isBuffer(body) ? body.length : (await fsp.stat(body.path)).size;
      const stream = Buffer.isBuffer(body)
        ? body
        : (Readable.toWeb(fs.createReadStream(body.path)) as unknown as ReadableStream);
      const res = await call('PUT', key, {
        headers: { 'content-type': contentType },
        unsigned: { 'content-length': String(length) },
        body: stream,
        payloadHash: UNSIGNED_PAYLOAD,
      });
      if (!res.ok) await fail('put', res);
      await res.arrayBuffer();
    },
    async size(key) {
      const res = await call('HEAD', key);
      if (res.status === 404) return null;
      if (!res.ok) await fail('head', res);
      return Number(res.headers.get('content-length') ?? 0);
    },
    async read(key, range) {
      const res = await call(
        'GET',
        key,
        range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {},
      );
      if (res.status === 404) return null;
      if (!res.ok || !res.body) await fail('get', res);
      return Readable.fromWeb(res.body as unknown as WebReadableStream);
    },
    async remove(keys) {
      for (const key of keys) {
        const res = await call('DELETE', key);
        if (!res.ok && res.status !== 404) await fail('delete', res);
        await res.arrayBuffer();
      }
    },
  };
}

export function createMediaStorage(config: Config): MediaStorage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, 'media', 'files'));
}
