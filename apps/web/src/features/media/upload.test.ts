import { ERRORS, MEDIA, STORAGE_KEYS } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/api';
import { preparedPhoto, uploadedPhoto } from './mediaTestData';
import {
  findAvailable,
  mediaHost,
  prepareAndUpload,
  UploadAbortedError,
  UploadFailedError,
  type UploadSteps,
  uploadFile,
} from './upload';

/** Just enough of XMLHttpRequest to see where an upload goes and to answer it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const file = preparedPhoto;
const { media } = uploadedPhoto;

let storage: Map<string, string>;
let location: { pathname: string; assign: ReturnType<typeof vi.fn> };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  FakeXhr.sent = [];
  storage = new Map([[STORAGE_KEYS.authToken, 'tok-123']]);
  location = { pathname: '/chats/creator', assign: vi.fn() };
  fetchMock = vi.fn();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', location);
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function start(host = 'https://media.example') {
  const progress: number[] = [];
  const result = uploadFile(file, {
    host,
    type: 'message',
    onProgress: (p) => progress.push(p),
    signal: new AbortController().signal,
  });
  const xhr = FakeXhr.sent[0];
  if (!xhr) throw new Error('nothing was sent');
  return { result, xhr, progress };
}

describe('the media host', () => {
  it('is the server’s media base when it names one, else the API base', () => {
    expect(mediaHost('https://media.example/')).toBe('https://media.example');
    expect(mediaHost(null)).toBe('');
    vi.stubGlobal('document', { cookie: 'custom_api_base_url=https%3A%2F%2Fapi.example' });
    expect(mediaHost(null)).toBe('https://api.example');
  });

  it('receives the upload as multipart with the client’s headers', async () => {
    const { result, xhr, progress } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://media.example/v1/media');
    expect(xhr.headers).toMatchObject({ 'access-token': 'tok-123', 'web-type': 'react' });
    const form = xhr.body as FormData;
    expect(form.get('md5')).toBe(file.md5);
    expect(form.get('type')).toBe('message');
    xhr.respond(200, { width: 1440, height: 1080, video_length: null, media });
    await expect(result).resolves.toMatchObject({ media: { public_id: 'pub1' } });
    expect(progress.at(-1)).toBe(100);
  });

  it('answers the availability check', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: true, media, width: 1440, height: 1080, video_length: null }), {
        status: 200,
      }),
    );
    const found = await findAvailable(file.md5, 'paid_message', { host: 'https://media.example' });
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `https://media.example/v1/media/available?media_id=${file.md5}&type=paid_message`,
    );
    expect(found?.media.public_id).toBe('pub1');
  });
});

describe('an upload answered 401', () => {
  it('ends the session like every other call: token dropped, back to sign-in, no upload error', async () => {
    const { result, xhr } = start();
    xhr.respond(401, { message: ERRORS.unauthorized, code: 'unauthorized' });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(UploadFailedError);
    expect(error).toMatchObject({ status: 401, message: ERRORS.unauthorized });
    expect(storage.has(STORAGE_KEYS.authToken)).toBe(false);
    expect(location.assign).toHaveBeenCalledWith('/login');
  });

  it('passes a full storage (413) and a fan’s paid upload (403) on with the server’s words', async () => {
    const full = start();
    full.xhr.respond(413, { message: ERRORS.storageFull, code: 'storage_full' });
    await expect(full.result).rejects.toMatchObject({
      name: 'UploadFailedError',
      message: ERRORS.storageFull,
    });
    FakeXhr.sent = [];
    const paid = start();
    paid.xhr.respond(403, { message: ERRORS.paidCreatorsOnly, code: 'paid_creators_only' });
    await expect(paid.result).rejects.toMatchObject({ status: 403, message: ERRORS.paidCreatorsOnly });
    expect(storage.get(STORAGE_KEYS.authToken)).toBe('tok-123');
  });

  it('leaves other refusals to the upload error popup, session kept', async () => {
    const { result, xhr } = start();
    xhr.respond(400, { message: MEDIA.imageTooLarge, code: 'media_rejected' });
    await expect(result).rejects.toMatchObject({ name: 'UploadFailedError', message: MEDIA.imageTooLarge });
    expect(storage.get(STORAGE_KEYS.authToken)).toBe('tok-123');
    expect(location.assign).not.toHaveBeenCalled();
  });
});

describe('the upload step of a media send', () => {
  const answer = uploadedPhoto;
  const chosen = { type: 'image/jpeg', size: 4 } as File;
  function steps(overrides: Partial<UploadSteps> = {}) {
    return {
      prepare: vi.fn(async () => file),
      findAvailable: vi.fn(async () => null),
      upload: vi.fn(async (_f, o) => {
        o.onProgress(40);
        return answer;
      }),
      ...overrides,
    } satisfies UploadSteps;
  }
  const options = (signal = new AbortController().signal) => ({
    host: 'https://media.example',
    type: 'paid_message' as const,
    signal,
    onPrepared: vi.fn(),
    onProgress: vi.fn(),
  });

  it('prepares the file, shows it, then uploads it with progress', async () => {
    const s = steps();
    const o = options();
    expect(await prepareAndUpload(chosen, o, s)).toEqual(answer);
    expect(s.prepare).toHaveBeenCalledWith(chosen);
    expect(o.onPrepared).toHaveBeenCalledWith(file);
    expect(s.findAvailable).toHaveBeenCalledWith(file.md5, 'paid_message', expect.anything());
    expect(s.upload).toHaveBeenCalledWith(file, expect.objectContaining({ type: 'paid_message' }));
    expect(o.onProgress).toHaveBeenCalledWith(40);
  });

  it('skips the upload when the server already has the file', async () => {
    const s = steps({ findAvailable: vi.fn(async () => answer) });
    expect(await prepareAndUpload(chosen, options(), s)).toEqual(answer);
    expect(s.upload).not.toHaveBeenCalled();
  });

  it('takes the browser’s measure when the server has none', async () => {
    const s = steps({ upload: vi.fn(async () => ({ ...answer, width: null, height: null })) });
    expect(await prepareAndUpload(chosen, options(), s)).toMatchObject({ width: 1440, height: 1080 });
  });

  it('stops before uploading once aborted while preparing', async () => {
    const controller = new AbortController();
    const s = steps({
      prepare: vi.fn(async () => {
        controller.abort();
        return file;
      }),
    });
    await expect(prepareAndUpload(chosen, options(controller.signal), s)).rejects.toBeInstanceOf(
      UploadAbortedError,
    );
    expect(s.findAvailable).not.toHaveBeenCalled();
  });
});
