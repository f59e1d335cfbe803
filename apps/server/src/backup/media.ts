import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { fileTypeFromFile } from 'file-type';
import type { Config } from '../config';
import { createMediaStorage, isMissing, type S3Config, s3Client } from '../modules/media/storage';

/** The two folders (or key spaces in the bucket) of media storage: media variants and profile photos. */
export type Space = 'files' | 'avatars';

export interface MediaFile {
  space: Space;
  key: string;
  size: number;
}

/** The media storage of a configuration, as backup and restore see it: every file, whole. */
export interface MediaSet {
  kind: 'local' | 's3';
  /** Every file stored now (files being written, `*.tmp`, are not yet media and are left out). */
  list(): AsyncIterable<MediaFile>;
  /** A file's bytes and size now, or null when it was removed since it was listed. */
  open(file: MediaFile): Promise<{ size: number; body: Readable; contentType?: string } | null>;
  isEmpty(): Promise<boolean>;
  /** Stores a file restored from an archive. */
  put(space: Space, key: string, source: string, contentType?: string): Promise<void>;
  remove(space: Space, keys: string[]): Promise<void>;
  /** Where it is, for messages. */
  where: string;
}

/** The keys media storage writes; anything else beside them (an operator's own file) is not media. */
const KEY = /^[A-Za-z0-9_-]+[/.][a-z]+$/;

export function mediaSet(config: Config): MediaSet {
  const storages = {
    files: createMediaStorage(config, 'media'),
    avatars: createMediaStorage(config, 'avatars'),
  };
  const put: MediaSet['put'] = async (space, key, source, contentType) => {
    const type = contentType ?? (await fileTypeFromFile(source))?.mime ?? 'application/octet-stream';
    await storages[space].put(key, { path: source }, type);
  };
  const remove: MediaSet['remove'] = (space, keys) => storages[space].remove(keys);
  return config.s3 ? s3Set(config.s3, put, remove) : localSet(config.dataDir, put, remove);
}

function localSet(dataDir: string, put: MediaSet['put'], remove: MediaSet['remove']): MediaSet {
  const root = path.join(dataDir, 'media');
  const folder = (space: Space) => path.join(root, space);
  async function* list(): AsyncIterable<MediaFile> {
    for (const space of ['files', 'avatars'] as const) {
      const names = (await fsp.readdir(folder(space), { recursive: true }).catch(() => [])) as string[];
      for (const name of names.sort()) {
        const key = name.split(path.sep).join('/');
        if (!KEY.test(key)) continue;
        const stat = await fsp.stat(path.join(folder(space), name)).catch(() => null);
        if (stat?.isFile()) yield { space, key, size: stat.size };
      }
    }
  }
  return {
    kind: 'local',
    where: root,
    list,
    async open(file) {
      const target = path.join(folder(file.space), file.key);
      const handle = await fsp.open(target).catch(() => null);
      if (!handle) return null;
      // The size of the file opened, so a file replaced since listing is still read whole.
      const { size } = await handle.stat();
      return { size, body: handle.createReadStream() };
    },
    async isEmpty() {
      for await (const _ of list()) return false;
      return true;
    },
    put,
    remove,
  };
}

function s3Set(s3: S3Config, put: MediaSet['put'], remove: MediaSet['remove']): MediaSet {
  const client = s3Client(s3);
  // Profile photos live under `avatars/`, media at the bucket's root (createMediaStorage).
  const located = (objectKey: string): { space: Space; key: string } =>
    objectKey.startsWith('avatars/')
      ? { space: 'avatars', key: objectKey.slice('avatars/'.length) }
      : { space: 'files', key: objectKey };
  const objectKey = (file: { space: Space; key: string }) =>
    file.space === 'avatars' ? `avatars/${file.key}` : file.key;
  async function* list(): AsyncIterable<MediaFile> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        const file = located(object.Key);
        if (KEY.test(file.key)) yield { ...file, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return {
    kind: 's3',
    where: `${s3.endpoint}/${s3.bucket}`,
    list,
    async open(file) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(file) }));
        return {
          size: res.ContentLength ?? 0,
          body: res.Body as Readable,
          ...(res.ContentType ? { contentType: res.ContentType } : {}),
        };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async isEmpty() {
      for await (const _ of list()) return false;
      return true;
    },
    put,
    remove,
  };
}
