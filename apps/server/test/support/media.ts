import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Answer } from './client';

// Test fixtures made at test time (no binaries in the repository): photos with EXIF location via
// sharp, short videos via ffmpeg's test source.

const run = promisify(execFile);

/** Any URL of a full-size variant, wherever it sits in a JSON answer or frame: what a locked item must not carry. */
export const FULL_URL = /\/v1\/media\/files\/[^/"]+\/(th|st|sr|rt|video)\?/;
/** Any URL of a blurred preview. */
export const BLUR_URL = /\/v1\/media\/files\/[^/"]+\/blur\?/;

/** A JPEG of `width` x `height` with camera make and GPS position in its EXIF. */
export async function photoWithGps(width = 4000, height = 3000, colour = '#3a6ea5'): Promise<Buffer> {
  const shapes = `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f5c542"/><rect x="${width / 20}" y="${height / 15}" width="${width / 5}" height="${(height * 4) / 5}" fill="#b03060"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(shapes) }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'ParlorCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

export async function hasFfmpeg(): Promise<boolean> {
  return run('ffmpeg', ['-version']).then(
    () => true,
    () => false,
  );
}

/** An H.264 MP4 of ffmpeg's test pattern, `seconds` long, with a location tag to strip. */
export async function testVideo(seconds = 2, size = '320x240'): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-video-'));
  const out = path.join(dir, 'clip.mp4');
  try {
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=25`,
      '-t',
      String(seconds),
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-metadata',
      'location=+51.5000-000.1167/',
      '-movflags',
      '+faststart',
      out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const md5 = async (buf: Buffer) =>
  (await import('node:crypto')).createHash('md5').update(buf).digest('hex');

/** POST {base}/v1/media as the web client sends it: multipart file, file_size, md5, type. */
export async function upload(
  baseUrl: string,
  token: string,
  file: Buffer,
  options: {
    name?: string;
    type?: string;
    fields?: Record<string, string>;
    md5?: string | null;
    headers?: Record<string, string>;
  } = {},
) {
  const form = new FormData();
  const hash = options.md5 === undefined ? await md5(file) : options.md5;
  form.set('file_size', String(file.length));
  if (hash !== null) form.set('md5', hash);
  form.set('type', 'message');
  for (const [k, v] of Object.entries(options.fields ?? {})) form.set(k, v);
  form.set('file', new Blob([file], { type: options.type ?? 'image/jpeg' }), options.name ?? 'photo.jpg');
  const res = await fetch(`${baseUrl}/v1/media`, {
    method: 'POST',
    headers: { 'access-token': token, 'web-type': 'react', ...options.headers },
    body: form,
  });
  const answer: Pick<Answer, 'status' | 'body' | 'headers'> = {
    status: res.status,
    body: await res.json(),
    headers: res.headers,
  };
  return answer;
}
