import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@parlor/contract';
import { fileTypeFromFile } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { Variant } from './signing';

// Turns an uploaded file into what storage keeps: JPEG variants of a photo (metadata, and so any
// location, stripped), or a video with its poster-frame variants when ffmpeg is on the machine.

export interface StoredFile {
  variant: Variant;
  body: Buffer | { path: string };
  contentType: string;
}
export interface ProcessedMedia {
  kind: 'image' | 'video';
  mime: string;
  width: number | null;
  height: number | null;
  videoLength: number | null;
  files: StoredFile[];
}

// Every upload is decoded once and never again: libvips' operation cache only holds memory.
sharp.cache(false);

/** Variant widths: thumbnail 320, standard 600, small-retina 1080, retina 1440. */
const WIDTH_OF: Record<'th' | 'st' | 'sr' | 'rt', number> = {
  th: IMAGE_WIDTHS[0],
  st: IMAGE_WIDTHS[1],
  sr: IMAGE_WIDTHS[2],
  rt: IMAGE_WIDTHS[3],
};
/** The locked preview: tiny and blurred, so nothing of the picture survives; the page scales it up. */
const BLUR_PX = 32;

/**
 * The largest picture decoded: 40 megapixels (a 48 MP phone photo is resized by the web app before
 * it is sent). A small file can claim enormous dimensions (a 16,383 x 16,383 PNG of 0.8 MB takes
 * over 1 GB to decode), so sharp refuses anything larger from the header, before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Decodes at once: one per core is as fast as more and bounds the memory decoding takes. */
const DECODES_AT_ONCE = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finished decode hands its slot to the next waiting one, so no newcomer slips in between.
  if (decoding < DECODES_AT_ONCE) decoding += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}
const TOOL_TIMEOUT_MS = 120_000;

/** The real type from the file's bytes; the client's Content-Type is not trusted. */
export async function detectType(file: string): Promise<string | undefined> {
  return (await fileTypeFromFile(file))?.mime;
}

/** Why a picture did not decode: its bytes are broken, it has more pixels than we decode, or our side failed. */
export type LoadFailure = 'damaged' | 'too_many_pixels' | 'failed';

export class LoadError extends Error {
  readonly reason: LoadFailure;
  constructor(cause: unknown) {
    const message = String(cause);
    super(message);
    this.reason = loadFailureOf(message);
  }
}

/**
 * Sharp's (libvips') decode errors sorted for the reader: the pixel limit is checked from the
 * header; running out of memory or file handles is ours; anything else it says about the bytes
 * (a corrupt header, a premature end, an unreadable chunk) means the file itself is broken.
 */
export function loadFailureOf(message: string): LoadFailure {
  if (/pixel limit/i.test(message)) return 'too_many_pixels';
  if (/out of memory|ENOMEM|EMFILE|ENOSPC/i.test(message)) return 'failed';
  return 'damaged';
}

/** Variants of a still picture (a photo, or a video's poster frame), largest first. */
async function imageVariants(input: string | Buffer) {
  let rt: { data: Buffer; info: OutputInfo };
  try {
    // One decode of the original (JPEG shrinks while loading); the smaller sizes come from its pixels.
    rt = await withDecodeSlot(() =>
      sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(WIDTH_OF.rt, WIDTH_OF.rt, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (e) {
    throw new LoadError(e);
  }
  const raw = { width: rt.info.width, height: rt.info.height, channels: rt.info.channels };
  const fromRaw = () => sharp(rt.data, { raw });
  const sized = (w: number) =>
    fromRaw().resize(w, w, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
  const [th, st, sr, rtJpeg, blur] = await Promise.all([
    sized(WIDTH_OF.th),
    sized(WIDTH_OF.st),
    sized(WIDTH_OF.sr),
    fromRaw().jpeg({ quality: 85 }).toBuffer(),
    fromRaw().resize(BLUR_PX, BLUR_PX, { fit: 'inside' }).blur(1.2).jpeg({ quality: 60 }).toBuffer(),
  ]);
  const jpeg = (variant: Variant, body: Buffer): StoredFile => ({ variant, body, contentType: 'image/jpeg' });
  return {
    width: rt.info.width,
    height: rt.info.height,
    files: [jpeg('rt', rtJpeg), jpeg('sr', sr), jpeg('st', st), jpeg('th', th), jpeg('blur', blur)],
  };
}

/** The side of a stored profile photo: enough for the largest place it is shown at 2x. */
export const AVATAR_SIDE = 512;

/**
 * A profile photo as it is kept: decoded under the same pixel limit as media, turned upright,
 * cropped square to AVATAR_SIDE and re-encoded as JPEG, so no uploaded byte is served back and
 * its EXIF (camera, GPS position) is gone.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  try {
    return await withDecodeSlot(() =>
      sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  } catch (e) {
    throw new LoadError(e);
  }
}

/** The longest side an ID document keeps: enough to read a card, no more. */
export const DOCUMENT_SIDE = 1600;

/**
 * A photo of an ID or a selfie as it is kept: decoded under the media pixel limit, turned upright,
 * fitted within DOCUMENT_SIDE and re-encoded as JPEG, so its EXIF (camera, GPS position) is gone.
 */
export async function processDocument(
  file: string,
): Promise<{ body: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await withDecodeSlot(() =>
      sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(DOCUMENT_SIDE, DOCUMENT_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 85 })
        .toBuffer({ resolveWithObject: true }),
    );
    return { body: data, width: info.width, height: info.height };
  } catch (e) {
    throw new LoadError(e);
  }
}

export async function processImage(file: string, mime: string): Promise<ProcessedMedia> {
  const v = await imageVariants(file);
  return { kind: 'image', mime, width: v.width, height: v.height, videoLength: null, files: v.files };
}

function run(cmd: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TOOL_TIMEOUT_MS);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 2000) err += d.toString();
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${cmd} exited ${code}: ${err.trim()}`));
    });
  });
}

let ffmpegPresent: Promise<boolean> | undefined;
/** Debian's ffmpeg when installed; without it videos are kept as uploaded, with no poster. */
export function hasFfmpeg(): Promise<boolean> {
  ffmpegPresent ??= run('ffprobe', ['-version']).then(
    () => true,
    () => false,
  );
  return ffmpegPresent;
}

interface Probe {
  format?: { duration?: string };
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

async function probe(file: string) {
  const json = JSON.parse(
    (
      await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])
    ).toString(),
  ) as Probe;
  const video = json.streams?.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height) throw new LoadError('no video stream');
  const rotation = Math.abs(
    Number(video.side_data_list?.find((d) => d.rotation != null)?.rotation ?? video.tags?.rotate ?? 0),
  );
  const turned = rotation % 180 === 90;
  const duration = Number(json.format?.duration);
  return {
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    duration: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null,
  };
}

/** Containers ffmpeg rewrites without re-encoding: metadata (location) dropped, index moved to the front. */
const REMUX: Record<string, { format: string; mime: string; ext: string }> = {
  'video/mp4': { format: 'mp4', mime: 'video/mp4', ext: 'mp4' },
  'video/quicktime': { format: 'mp4', mime: 'video/mp4', ext: 'mp4' },
  'video/x-m4v': { format: 'mp4', mime: 'video/mp4', ext: 'mp4' },
  'video/webm': { format: 'webm', mime: 'video/webm', ext: 'webm' },
};

export async function processVideo(file: string, mime: string, tmpDir: string): Promise<ProcessedMedia> {
  if (!(await hasFfmpeg())) {
    return {
      kind: 'video',
      mime,
      width: null,
      height: null,
      videoLength: null,
      files: [{ variant: 'video', body: { path: file }, contentType: mime }],
    };
  }
  let info: Awaited<ReturnType<typeof probe>>;
  try {
    info = await probe(file);
  } catch (e) {
    throw new LoadError(e);
  }
  const at = info.duration ? Math.min(1, info.duration / 2) : 0;
  const poster = await run('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(at),
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ])
    .then((buf) => (buf.length > 0 ? imageVariants(buf) : null))
    .catch(() => null);

  let stored = { path: file, mime };
  const remux = REMUX[mime];
  if (remux) {
    const out = path.join(tmpDir, `remux-${randomBytes(6).toString('hex')}.${remux.ext}`);
    const ok = await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      file,
      '-map',
      '0:v?',
      '-map',
      '0:a?',
      '-map_metadata',
      '-1',
      '-c',
      'copy',
      ...(remux.format === 'mp4' ? ['-movflags', '+faststart'] : []),
      '-f',
      remux.format,
      out,
    ]).then(
      () => true,
      () => false,
    );
    if (ok) stored = { path: out, mime: remux.mime };
    else await fsp.rm(out, { force: true });
  }
  return {
    kind: 'video',
    mime: stored.mime,
    width: info.width,
    height: info.height,
    videoLength: info.duration,
    files: [
      { variant: 'video', body: { path: stored.path }, contentType: stored.mime },
      ...(poster?.files ?? []),
    ],
  };
}
