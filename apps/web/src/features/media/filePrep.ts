import {
  checkMediaFile,
  IMAGE_RESIZE_PX,
  MEDIA,
  type MediaAccept,
  type MediaKind,
  mediaKindOf,
  VIDEO_METADATA_TIMEOUT_MS,
} from '@parlor/contract';

// What happens to a chosen file before it is uploaded. Checks first (their exact
// messages come from the contract, which the server repeats), then photos are shrunk to at most
// 1440 x 1440 JPEG, videos measured, and the result hashed for the "already uploaded?" check.

export class MediaFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaFileError';
  }
}

export interface PreparedMedia {
  kind: MediaKind;
  blob: Blob;
  name: string;
  width: number | null;
  height: number | null;
  /** Seconds, for videos whose metadata could be read in time. */
  video_length: number | null;
  md5: string;
}

/** The size that fits `max` x `max` without enlarging, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, max = IMAGE_RESIZE_PX) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const BROWSER_TYPES = /^image\/(jpeg|png|gif|webp)$/i;

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Every browser reads these types, so one that does not decode is broken; a TIFF or AVIF may
    // just be a type this browser lacks.
    throw new MediaFileError(BROWSER_TYPES.test(file.type) ? MEDIA.imageDamaged : MEDIA.imageLoadError);
  }
}

/** JPEG at full quality within 1440 x 1440; the original when the canvas cannot make one. */
async function resizeImage(file: File): Promise<{ blob: Blob; width: number; height: number }> {
  const bitmap = await decode(file);
  const size = fitWithin(bitmap.width, bitmap.height);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 1));
    if (!blob || blob.size === 0) throw new Error('no JPEG');
    return { blob, ...size };
  } catch {
    return { blob: file, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** Width, height and duration from the browser, or nulls after 5000 ms (the upload goes on without). */
export function readVideoMetadata(
  file: Blob,
  timeoutMs = VIDEO_METADATA_TIMEOUT_MS,
): Promise<{ width: number; height: number; duration: number } | null> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = () => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    };
    const timer = setTimeout(() => {
      done();
      resolve(null);
    }, timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const meta = {
        width: video.videoWidth,
        height: video.videoHeight,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
      };
      done();
      resolve(meta.width > 0 ? meta : null);
    };
    video.onerror = () => {
      done();
      reject(new MediaFileError(MEDIA.videoLoadError));
    };
    video.src = url;
  });
}

const CHUNK = 4 * 1024 * 1024;
/** The md5 the server names a file by (the spec's media_id), read in chunks to spare memory. */
export async function md5Of(blob: Blob): Promise<string> {
  try {
    // Loaded with the first file picked: no first screen needs its 8 KB.
    const { default: SparkMD5 } = await import('spark-md5');
    const spark = new SparkMD5.ArrayBuffer();
    for (let at = 0; at < blob.size; at += CHUNK) {
      spark.append(await blob.slice(at, at + CHUNK).arrayBuffer());
    }
    return spark.end();
  } catch {
    throw new MediaFileError(
      mediaKindOf(blob.type) === 'video' ? MEDIA.videoLoadError : MEDIA.imageLoadError,
    );
  }
}

/** Runs the file checks and preparation; throws MediaFileError with the message to show. */
export async function prepareMediaFile(file: File, accept: MediaAccept = 'any'): Promise<PreparedMedia> {
  const refusal = checkMediaFile({ type: file.type, size: file.size }, accept);
  if (refusal) throw new MediaFileError(refusal);
  const kind = mediaKindOf(file.type) as MediaKind;
  if (kind === 'image') {
    const image = await resizeImage(file);
    const name = image.blob === file ? file.name : `${file.name.replace(/\.[^.]+$/, '')}.jpg`;
    return {
      kind,
      blob: image.blob,
      name,
      width: image.width,
      height: image.height,
      video_length: null,
      md5: await md5Of(image.blob),
    };
  }
  const meta = await readVideoMetadata(file);
  const tooLong = checkMediaFile(
    { type: file.type, size: file.size, duration: meta?.duration ?? null },
    accept,
  );
  if (tooLong) throw new MediaFileError(tooLong);
  return {
    kind,
    blob: file,
    name: file.name,
    width: meta?.width ?? null,
    height: meta?.height ?? null,
    video_length: meta ? Math.round(meta.duration * 1000) / 1000 : null,
    md5: await md5Of(file),
  };
}
