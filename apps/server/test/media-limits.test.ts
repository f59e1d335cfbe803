import { deflateSync } from 'node:zlib';
import { MEDIA } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';

const it = apiTest();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid greyscale PNG of `side` x `side` black pixels: tiny on disk, huge once decoded. */
function pixelBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc(side * (side + 1)); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image limits', () => {
  it('refuses a small file that claims more pixels than a photo has, without decoding it', async ({
    server,
    w,
  }) => {
    const creator = await w.creator();
    const bomb = pixelBomb(8_000); // 64 megapixels in about 60 kB
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    const res = await upload(server.url, creator.token, bomb, { name: 'bomb.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `${MEDIA.imageTooLarge} Photos larger than 40 megapixels cannot be uploaded.`,
    );
    // Refused from the header: decoding 64 MP would take seconds.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('still takes a large ordinary photo, several at once', async ({ server, w }) => {
    const creator = await w.creator();
    const photos = await Promise.all([1, 2, 3, 4].map((i) => photoWithGps(3000 + i, 2000)));
    const answers = await Promise.all(photos.map((p) => upload(server.url, creator.token, p)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });
});
