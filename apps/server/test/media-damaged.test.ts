import { MEDIA } from '@parlor/contract';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { upload } from './support/media';

// A small photo limit, so "too large" is a few megabytes here (production: 499 MB).
const it = apiTest({ MEDIA_IMAGE_MAX_MB: '2' });

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

describe('upload errors a reader can act on', () => {
  it('says a PNG with a broken body is damaged, not a type it cannot process', async ({ server, w }) => {
    const creator = await w.creator();
    const good = await png();
    // The signature and header survive; the image data is overwritten.
    const broken = Buffer.from(good);
    broken.fill(0x5a, 40, broken.length - 12);
    const res = await upload(server.url, creator.token, broken, { name: 'photo.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'This image is damaged and cannot be opened. Please choose a different file.',
    );
    // Cut short on the way (a download that stopped): damaged too.
    const cut = good.subarray(0, 60);
    const short = await upload(server.url, creator.token, cut, { name: 'cut.png', type: 'image/png' });
    expect(short.body.message).toBe(MEDIA.imageDamaged);
    // The file as it was is taken.
    expect(
      (await upload(server.url, creator.token, good, { name: 'ok.png', type: 'image/png' })).status,
    ).toBe(200);
  });

  it('names the size limit when a photo is over it', async ({ server, w }) => {
    const creator = await w.creator();
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await upload(server.url, creator.token, big, { name: 'big.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'This photo is too large. Please use a smaller photo or set lower camera quality in your camera settings. Photos larger than 2 MB cannot be uploaded.',
    );
  });
});
