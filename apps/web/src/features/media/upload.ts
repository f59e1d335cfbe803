import {
  ERRORS,
  endpointPath,
  endpoints,
  MEDIA,
  type MediaUploadResponse,
  type MediaUploadType,
  uploadErrorMessage,
} from '@parlor/contract';
import { ApiError, apiBaseUrl, call, endSession } from '../../platform/api';
import { storedToken } from '../../platform/browser';
import { sessionHeaders } from '../../platform/http';
import { pushPopup } from '../popups/popupsSlice';
import { type PreparedMedia, prepareMediaFile } from './filePrep';

/** An upload stopped by the user: removed silently, never reported. */
export class UploadAbortedError extends Error {
  constructor() {
    super('Upload aborted');
    this.name = 'UploadAbortedError';
  }
}
/** An upload that failed: the message is the server's, or the spec's network wording. */
export class UploadFailedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadFailedError';
  }
}

/**
 * The media host (where uploads go) without a trailing slash: the server's MEDIA_BASE_URL from the
 * provider config, else the API's base (this origin, or the custom_api_base_url cookie).
 */
export function mediaHost(mediaBaseUrl: string | null): string {
  return (mediaBaseUrl ?? apiBaseUrl()).replace(/\/$/, '');
}

/** A file the server already has (by md5) is not uploaded again. Asked of the media host. */
export async function findAvailable(
  md5: string,
  type: MediaUploadType,
  options: { host: string; signal?: AbortSignal },
) {
  const answer = await call(
    endpoints.mediaAvailable,
    { query: { media_id: md5, type } },
    { base: options.host, ...(options.signal ? { signal: options.signal } : {}) },
  );
  if (!answer.status || !answer.media) return null;
  const found: MediaUploadResponse = {
    width: answer.width,
    height: answer.height,
    video_length: answer.video_length,
    media: answer.media,
  };
  return found;
}

/**
 * POST {media host}/v1/media as multipart with progress 0-100. XHR rather than fetch: fetch
 * reports no upload progress. Aborting the signal aborts the request.
 */
export function uploadFile(
  file: PreparedMedia,
  options: {
    host: string;
    type: MediaUploadType;
    onProgress: (percent: number) => void;
    signal: AbortSignal;
  },
): Promise<MediaUploadResponse> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(endpoints.uploadMedia.method, `${options.host}${endpointPath(endpoints.uploadMedia)}`);
    for (const [name, value] of Object.entries(sessionHeaders(storedToken())))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // handled below as a failed upload
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = endpoints.uploadMedia.response.safeParse(body);
        if (parsed.success) {
          options.onProgress(100);
          resolve(parsed.data);
          return;
        }
        reject(new UploadFailedError(MEDIA.uploadFailed, xhr.status));
        return;
      }
      const message = (body as { message?: unknown } | null)?.message;
      if (xhr.status === 401) {
        // Like every other call: an expired session signs out, it is not an upload error.
        endSession();
        reject(
          new ApiError(401, typeof message === 'string' ? message : ERRORS.unauthorized, 'unauthorized'),
        );
        return;
      }
      reject(
        new UploadFailedError(uploadErrorMessage(typeof message === 'string' ? message : null), xhr.status),
      );
    };
    xhr.onerror = () => reject(new UploadFailedError(MEDIA.uploadFailed, 0));
    xhr.onabort = () => reject(new UploadAbortedError());
    options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file_size', String(file.blob.size));
    form.append('md5', file.md5);
    form.append('type', options.type);
    form.append('file', file.blob, file.name);
    options.onProgress(0);
    xhr.send(form);
  });
}

export interface UploadOptions {
  host: string;
  type: MediaUploadType;
  signal: AbortSignal;
  /** The file is ready to show (resized, measured), before anything is uploaded. */
  onPrepared?: (prepared: PreparedMedia) => void;
  onProgress: (percent: number) => void;
}

export interface UploadSteps {
  prepare: (file: File) => Promise<PreparedMedia>;
  findAvailable: typeof findAvailable;
  upload: typeof uploadFile;
}

const uploadSteps: UploadSteps = { prepare: prepareMediaFile, findAvailable, upload: uploadFile };

/**
 * The upload step of every media send (a chat message today; a broadcast or an automatic message
 * alike): prepare the file, skip the upload when the server already has it by md5, else upload it
 * with progress. Throws MediaFileError (the file fails its checks), UploadFailedError,
 * UploadAbortedError once `signal` is aborted, or the ApiError of a refused call.
 */
export async function prepareAndUpload(
  file: File,
  options: UploadOptions,
  steps: UploadSteps = uploadSteps,
): Promise<MediaUploadResponse> {
  const { signal } = options;
  const prepared = await steps.prepare(file);
  if (signal.aborted) throw new UploadAbortedError();
  options.onPrepared?.(prepared);
  let media: MediaUploadResponse;
  try {
    media =
      (await steps.findAvailable(prepared.md5, options.type, { host: options.host, signal })) ??
      (await steps.upload(prepared, {
        host: options.host,
        type: options.type,
        signal,
        onProgress: options.onProgress,
      }));
  } catch (error) {
    // Stopped while asking the host (a fetch's AbortError): a stop all the same, never a failure.
    if (signal.aborted) throw new UploadAbortedError();
    throw error;
  }
  // The server may not have measured the file (videos); the browser's measure stands in.
  if (media.width === null && prepared.width !== null) {
    return { ...media, width: prepared.width, height: prepared.height, video_length: prepared.video_length };
  }
  return media;
}

/** 'Upload error' with the server's message, or the default wording about the network. */
export const uploadErrorPopup = (message: string = MEDIA.uploadFailed) =>
  pushPopup({ id: 'upload-error', kind: 'basic', props: { title: MEDIA.uploadErrorTitle, text: message } });
