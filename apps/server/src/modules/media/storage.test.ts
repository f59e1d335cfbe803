import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signS3Request } from './sigv4';
import { createLocalStorage, createS3Storage, type MediaStorage } from './storage';

const creds = { accessKeyId: 'test-key', secretAccessKey: 'test-secret', region: 'eu-test-1' };

/** A tiny S3 stand-in: keeps objects in memory and refuses requests whose signature does not match. */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      const headers = Object.fromEntries(
        signed
          .filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h))
          .map((h) => [h, String(req.headers[h])]),
      );
      const amzDate = String(req.headers['x-amz-date']);
      const when = new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      );
      const expected = signS3Request(
        creds,
        {
          method: req.method ?? 'GET',
          host: String(req.headers.host),
          path: req.url ?? '/',
          headers,
          payloadHash: String(req.headers['x-amz-content-sha256']),
        },
        when,
      );
      if (expected.authorization !== auth) {
        res.writeHead(403).end('SignatureDoesNotMatch');
        return;
      }
      const key = req.url ?? '';
      const body = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (!body) {
        res.writeHead(404).end();
      } else if (req.method === 'HEAD') {
        res.writeHead(200, { 'content-length': body.length }).end();
      } else {
        const m = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        const part = m ? body.subarray(Number(m[1]), Number(m[2]) + 1) : body;
        res.writeHead(m ? 206 : 200, { 'content-length': part.length }).end(part);
      }
    });
  });
  return { server, objects };
}

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
  const s3 = fakeS3();
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    s3.server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps, ranges and removes files under DATA_DIR/media', async () => {
    await exercise(createLocalStorage(path.join(dir, 'local')), dir);
  });

  it('keeps, ranges and removes objects in an S3-compatible bucket with signed requests', async () => {
    await exercise(createS3Storage({ endpoint, bucket: 'parlor', ...creds }), dir);
    expect(s3.objects.size).toBe(0);
  });

  it('fails loudly when the bucket refuses the credentials', async () => {
    const wrong = createS3Storage({ endpoint, bucket: 'parlor', ...creds, secretAccessKey: 'nope' });
    await expect(wrong.put('abc/th', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/403/);
  });
});
