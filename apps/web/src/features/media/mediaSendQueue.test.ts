import { ERRORS, MEDIA, type Message } from '@parlor/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api';
import { mediaRefused } from '../conversation/conversationActions';
import { MediaFileError, type PreparedMedia } from './filePrep';
import { type MediaQueueDeps, MediaSendQueue } from './mediaSendQueue';
import { UploadAbortedError, UploadFailedError } from './upload';

const prepared: PreparedMedia = {
  kind: 'image',
  blob: new Blob(['jpeg']),
  name: 'a.jpg',
  width: 1440,
  height: 1080,
  video_length: null,
  md5: 'a'.repeat(32),
};
const uploaded = {
  width: 1440,
  height: 1080,
  video_length: null,
  media: {
    public_id: 'pub1',
    media_id: 'a'.repeat(32),
    th: 't',
    st: 's',
    sr: 'r',
    rt: 'R',
    blur: 'b',
    video_url: null,
    width: 1440,
    height: 1080,
    video_length: null,
  },
};
const message = { _id: '7', sender_id: 'me', clientSideReceiveId: 'id-1' } as Message;
const file = { type: 'image/jpeg', size: 4 } as File;
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(overrides: Partial<MediaQueueDeps> = {}) {
  const actions: { type: string; payload?: unknown }[] = [];
  const deps: MediaQueueDeps = {
    prepare: vi.fn(async () => prepared),
    findAvailable: vi.fn(async () => null),
    upload: vi.fn(async (_f, o) => {
      o.onProgress(40);
      o.onProgress(100);
      return uploaded;
    }),
    post: vi.fn(async () => ({ message, credits: 12 })),
    dispatch: (a) => {
      if (typeof a === 'object') actions.push(a as { type: string });
      return a;
    },
    sleep: async () => undefined,
    objectUrl: () => 'blob:preview',
    revokeUrl: vi.fn(),
    newId: () => 'id-1',
    backTo: (u) => `/chats/${u}`,
    ...overrides,
  };
  return { queue: new MediaSendQueue(deps), deps, actions };
}
const popups = (actions: { type: string; payload?: unknown }[]) =>
  actions
    .filter((a) => a.type === 'popups/pushPopup')
    .map((a) => a.payload as { id: string; props: { title?: string; text?: string } });

describe('media sends (part 2 §4)', () => {
  it('uploads with progress, posts the message with the uploaded media, and hands it to the conversation', async () => {
    const { queue, deps, actions } = setup();
    const seen: number[] = [];
    queue.subscribe(() => {
      const item = queue.snapshot('creator')[0];
      if (item) seen.push(item.progress);
    });
    queue.send(
      'creator',
      { kind: 'file', file },
      { price: 30, selfDestruct: true, text: ' hi ', chatId: 'c1' },
    );
    await flush();
    expect(deps.upload).toHaveBeenCalledWith(prepared, expect.objectContaining({ type: 'paid_message' }));
    expect(seen).toContain(40);
    expect(deps.post).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'image',
        public_id: 'pub1',
        price: 30,
        self_destruct: true,
        text: 'hi',
        chat_id: 'c1',
        clientSideReceiveId: 'id-1',
      }),
    );
    expect(actions.map((a) => a.type)).toEqual(['conversation/messagesMerged', 'auth/creditsChanged']);
    expect(queue.snapshot('creator')).toEqual([]);
    expect(deps.revokeUrl).toHaveBeenCalledWith('blob:preview');
  });

  it('skips the upload when the server already has the file', async () => {
    const { queue, deps } = setup({ findAvailable: vi.fn(async () => uploaded) });
    queue.send('creator', { kind: 'file', file }, { price: 0, selfDestruct: false, text: '', chatId: null });
    await flush();
    expect(deps.findAvailable).toHaveBeenCalledWith(prepared.md5, 'message', expect.anything());
    expect(deps.upload).not.toHaveBeenCalled();
    expect(deps.post).toHaveBeenCalled();
  });

  it('removes an aborted upload silently', async () => {
    const { queue, deps, actions } = setup({
      upload: (_f, o) =>
        new Promise((_r, reject) =>
          o.signal.addEventListener('abort', () => reject(new UploadAbortedError())),
        ),
    });
    const id = queue.send(
      'creator',
      { kind: 'file', file },
      { price: 0, selfDestruct: false, text: '', chatId: null },
    );
    await flush();
    expect(queue.snapshot('creator')[0]?.state).toBe('uploading');
    queue.abort(id);
    await flush();
    expect(queue.snapshot('creator')).toEqual([]);
    expect(actions).toEqual([]);
    expect(deps.post).not.toHaveBeenCalled();
  });

  it('flags a failed upload and opens Upload error with the server’s message', async () => {
    const { queue, actions } = setup({
      upload: async () => {
        throw new UploadFailedError(MEDIA.imageLoadError, 400);
      },
    });
    queue.send('creator', { kind: 'file', file }, { price: 0, selfDestruct: false, text: '', chatId: null });
    await flush();
    expect(queue.snapshot('creator')[0]).toMatchObject({ state: 'failed', error: MEDIA.imageLoadError });
    expect(popups(actions)[0]?.props).toEqual({ title: 'Upload error', text: MEDIA.imageLoadError });
  });

  it('opens no Upload error when the upload found the session gone (the sign-in page takes over)', async () => {
    const { queue, actions } = setup({
      upload: async () => {
        throw new ApiError(401, ERRORS.unauthorized, 'unauthorized');
      },
    });
    queue.send('creator', { kind: 'file', file }, { price: 0, selfDestruct: false, text: '', chatId: null });
    await flush();
    expect(popups(actions)).toEqual([]);
  });

  it('drops a file that fails its checks with the check’s message', async () => {
    const { queue, actions } = setup({
      prepare: async () => {
        throw new MediaFileError(MEDIA.videoLoadError);
      },
    });
    queue.send('creator', { kind: 'file', file }, { price: 0, selfDestruct: false, text: '', chatId: null });
    await flush();
    expect(queue.snapshot('creator')).toEqual([]);
    expect(popups(actions)[0]?.props.text).toBe(MEDIA.videoLoadError);
  });

  it('opens the Sending media blocked popup without retrying, and remembers the refusal', async () => {
    const post = vi.fn(async () => {
      throw new ApiError(403, ERRORS.mediaBlocked, 'media_blocked');
    });
    const { queue, actions } = setup({ post });
    queue.send(
      'fan',
      { kind: 'gif', gif: { url: '/gifs/hi.gif', label: 'hi', width: 120, height: 90 } },
      { price: 0, selfDestruct: false, text: '', chatId: null },
    );
    await flush();
    expect(post).toHaveBeenCalledTimes(1);
    expect(popups(actions)[0]?.props).toEqual({ title: 'Sending media blocked', text: ERRORS.mediaBlocked });
    expect(actions).toContainEqual(mediaRefused({ otherUserId: 'fan' }));
    expect(queue.snapshot('fan')[0]?.state).toBe('failed');
  });

  it('retries a server error with the same send id, then succeeds', async () => {
    let calls = 0;
    const post = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw new ApiError(500, ERRORS.default, 'internal');
      return { message, credits: 1 };
    });
    const { queue } = setup({ post });
    queue.send(
      'fan',
      { kind: 'gif', gif: { url: '/gifs/hi.gif', label: 'hi', width: 120, height: 90 } },
      { price: 0, selfDestruct: false, text: '', chatId: null },
    );
    await flush();
    await flush();
    expect(post).toHaveBeenCalledTimes(3);
    expect(
      new Set(
        post.mock.calls.map(
          (c) => (c as unknown as [{ clientSideReceiveId: string }])[0].clientSideReceiveId,
        ),
      ).size,
    ).toBe(1);
    expect(queue.snapshot('fan')).toEqual([]);
  });
});
