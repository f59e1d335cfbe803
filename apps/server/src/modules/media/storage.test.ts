import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_BUCKET, S3_CREDENTIALS, startS3, type TestS3 } from '../../../test/support/s3';
import { createLocalStorage, createS3Storage, type MediaStorage } from './storage';

async function readAll(stream: NodeJS.ReadableStream | null): Promise<string> {
  if (!stream) return '<null>';
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

async function exercise(storage: MediaStorage, dir: string) {
  const file = path.join(dir, 'upload.bin');
  fs.writeFileSync(file, 'video bytes 0123456789');
  await storage.put('abcDEF123_-/video', { path: file }, 'video/mp4');
  await storage.put('abcDEF123_-/th', Buffer.from('jpeg'), 'image/jpeg');
  expect(await storage.size('abcDEF123_-/video')).toBe(22);
  expect(await readAll(await storage.read('abcDEF123_-/video'))).toBe('video bytes 0123456789');
  expect(await readAll(await storage.read('abcDEF123_-/video', { start: 6, end: 10 }))).toBe('bytes');
  await storage.remove(['abcDEF123_-/video', 'abcDEF123_-/th']);
  expect(await storage.size('abcDEF123_-/video')).toBeNull();
  expect(await storage.read('abcDEF123_-/th')).toBeNull();
  await expect(storage.put('../escape/th', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
}

describe('media storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-storage-'));
  let s3: TestS3;
  const bucket = () => ({ endpoint: s3.endpoint, bucket: S3_BUCKET, ...S3_CREDENTIALS });
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps, ranges and removes files under DATA_DIR/media', async () => {
    await exercise(createLocalStorage(path.join(dir, 'local')), dir);
  });

  it('keeps profile photos by name beside the media folders', async () => {
    const root = path.join(dir, 'avatars');
    const storage = createLocalStorage(root);
    await storage.put('0f0e-photo.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(fs.readFileSync(path.join(root, '0f0e-photo.jpg'), 'utf8')).toBe('jpeg');
    await storage.remove(['0f0e-photo.jpg']);
    expect(fs.existsSync(root)).toBe(true);
    expect(await storage.size('0f0e-photo.jpg')).toBeNull();
  });

  it('keeps, ranges and removes objects in an S3-compatible bucket', async () => {
    await exercise(createS3Storage(bucket()), dir);
    expect(s3.keys()).toEqual([]);
  });

  it('keeps a prefixed space under its prefix in the bucket', async () => {
    const avatars = createS3Storage(bucket(), 'avatars/');
    await avatars.put('0f0e-photo.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(s3.keys()).toEqual(['avatars/0f0e-photo.jpg']);
    expect(await readAll(await avatars.read('0f0e-photo.jpg'))).toBe('jpeg');
    await avatars.remove(['0f0e-photo.jpg']);
    expect(s3.keys()).toEqual([]);
  });

  it('fails loudly when the bucket refuses the credentials', async () => {
    // s3rver checks the key id (not SigV4 signatures): an unknown key is refused as by S3.
    const wrong = createS3Storage({ ...bucket(), accessKeyId: 'UNKNOWN' });
    await expect(wrong.put('abc/th', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /403 InvalidAccessKeyId/,
    );
  });
});
