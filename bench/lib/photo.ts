import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A camera-like 12 MP JPEG: fine noise over shapes, so it compresses like a photo (several MB). */
export async function twelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const shapes = Buffer.from(
    `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#6a8caf"/><circle cx="2600" cy="1200" r="900" fill="#f2c14e"/><rect x="300" y="1800" width="3400" height="1100" fill="#3d5a3d"/></svg>`,
  );
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .png()
    .toBuffer();
  return sharp(shapes)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The same picture under another md5 (bytes after the JPEG's end are ignored by decoders). */
export const variantOf = (buf: Buffer, i: number) =>
  Buffer.concat([buf, Buffer.from(`bench-${process.pid}-${i}`)]);

/** POST /v1/media of one file as a message attachment; answers the milliseconds to the answer. */
export async function upload(url: string, token: string, body: Buffer, type: string, name: string) {
  const form = new FormData();
  form.set('file_size', String(body.length));
  form.set('md5', createHash('md5').update(body).digest('hex'));
  form.set('type', 'message');
  form.set('file', new Blob([body], { type }), name);
  const started = performance.now();
  const res = await fetch(`${url}/v1/media`, {
    method: 'POST',
    headers: { 'access-token': token },
    body: form,
  });
  const answer = (await res.json()) as { media?: { th: string | null }; message?: string };
  if (res.status !== 200 || !answer.media) throw new Error(`upload failed: ${res.status} ${answer.message}`);
  return performance.now() - started;
}
