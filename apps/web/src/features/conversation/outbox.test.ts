import { ERRORS, MEDIA, type Message, type MessagePage, type SendMessageRequest } from '@parlor/contract';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { ApiError } from '../../platform/api';
import { chat } from '../chats/inboxTestData';
import { MediaFileError } from '../media/filePrep';
import { mediaSendIo, sendMedia } from '../media/mediaSends';
import { preparedPhoto, uploadedPhoto } from '../media/mediaTestData';
import { UploadAbortedError, UploadFailedError, type UploadOptions } from '../media/upload';
import { sendSucceeded } from './conversationActions';
import { openConversation } from './conversationThunks';
import { abortSend, dismissSend, outboxIo, retrySend, sendMessage } from './outbox';

const OTHER = 'mila';

const file = { type: 'image/jpeg', size: 4 } as File;
const gif = { url: '/gifs/hi.gif', label: 'hi', width: 120, height: 90 };

type Answer = Error | 'ok';

/** A store holding an opened conversation with OTHER, whose sends answer `answers` in turn. */
function setup(answers: Answer[] = ['ok']) {
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = createStore(record);
  const page = { data: [], credits: 10, chat: chat(OTHER, 1), next: null } as unknown as MessagePage;
  store.dispatch(openConversation.fulfilled(page, 'r', { otherUserId: OTHER }));
  actions.length = 0;

  const bodies: SendMessageRequest[] = [];
  const sleeps: number[] = [];
  vi.spyOn(outboxIo, 'post').mockImplementation(async (body) => {
    bodies.push(body);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    const message = { _id: `${bodies.length + 100}`, sender_id: 'me', ...body } as unknown as Message;
    return { message, credits: 12 };
  });
  vi.spyOn(outboxIo, 'sleep').mockImplementation(async (ms) => {
    sleeps.push(ms);
  });
  const upload = vi.spyOn(mediaSendIo, 'upload').mockImplementation(async (_file, o) => {
    o.onPrepared?.(preparedPhoto);
    o.onProgress(40);
    o.onProgress(100);
    return uploadedPhoto;
  });
  vi.spyOn(mediaSendIo, 'objectUrl').mockReturnValue('blob:preview');
  const revokeUrl = vi.spyOn(mediaSendIo, 'revokeUrl').mockImplementation(() => undefined);

  const convo = () => store.getState().conversations.byUser[OTHER]!;
  const pendingItems = () => Object.values(convo().pending);
  const popups = () =>
    actions
      .filter((a) => a.type === 'popups/pushPopup')
      .map((a) => a.payload as { id: string; props: Record<string, unknown> });
  const ofType = (type: string) => actions.filter((a) => a.type === type);
  return { store, actions, bodies, sleeps, upload, revokeUrl, convo, pendingItems, popups, ofType };
}

afterEach(() => {
  vi.restoreAllMocks();
});

type Harness = ReturnType<typeof setup>;
/** One send of each kind: text, a photo from the device, a GIF. */
const senders = {
  text: (h: Harness, text = 'hello') => h.store.dispatch(sendMessage(OTHER, text)),
  photo: (h: Harness, text = 'hello') =>
    h.store.dispatch(sendMedia(OTHER, { kind: 'file', file }, { price: 0, selfDestruct: false, text })),
  gif: (h: Harness, text = 'hello') =>
    h.store.dispatch(sendMedia(OTHER, { kind: 'gif', gif }, { price: 0, selfDestruct: false, text })),
};
const kinds = Object.keys(senders) as (keyof typeof senders)[];

const serverError = () => new ApiError(500, ERRORS.default, 'internal');
const flagged = () => new ApiError(422, 'flagged', 'content_flagged', { flagged: ['\u200b'] });

describe('the outbox, for text and media alike', () => {
  it.each(kinds)(
    '%s: sent, the stored message replaces the pending one and the balance updates',
    async (kind) => {
      const h = setup(['ok']);
      await senders[kind](h);
      expect(h.bodies).toHaveLength(1);
      const id = h.bodies[0]!.clientSideReceiveId;
      expect(h.ofType(sendSucceeded.type)[0]?.payload).toEqual({
        otherUserId: OTHER,
        clientSideReceiveId: id,
        message: expect.objectContaining({ clientSideReceiveId: id }),
      });
      expect(h.ofType('auth/creditsChanged')[0]?.payload).toBe(12);
      expect(h.pendingItems()).toEqual([]);
      expect(h.convo().messageIds).toEqual(['101']);
      expect(h.popups()).toEqual([]);
    },
  );

  it.each(kinds)('%s: retried after a server error with the same send id, then sent', async (kind) => {
    const h = setup([serverError(), serverError(), 'ok']);
    await senders[kind](h);
    expect(h.bodies).toHaveLength(3);
    expect(new Set(h.bodies.map((b) => b.clientSideReceiveId)).size).toBe(1);
    expect(h.sleeps).toEqual([1_000, 2_000]);
    expect(h.pendingItems()).toEqual([]);
  });

  it.each(kinds)('%s: a flagged text is sanitised and sent again', async (kind) => {
    const h = setup([flagged(), 'ok']);
    await senders[kind](h, 'hi\u200b there');
    expect(h.bodies[1]).toMatchObject({
      text: 'hi there',
      clientSideReceiveId: h.bodies[0]!.clientSideReceiveId,
    });
    expect(h.sleeps).toEqual([1_000]);
    expect(h.pendingItems()).toEqual([]);
  });

  it.each(kinds)(
    '%s: out of credits drops the item, flags the chat, reloads the user and opens the popup once',
    async (kind) => {
      const h = setup([new ApiError(402, ERRORS.balanceTooLow, 'balance_too_low')]);
      await senders[kind](h);
      expect(h.bodies).toHaveLength(1);
      expect(h.pendingItems()).toEqual([]);
      expect(h.convo().flags.noCredits).toBe(true);
      expect(h.ofType('auth/loadSession/pending')).toHaveLength(1);
      expect(h.popups()).toEqual([
        {
          id: 'not-enough-credits',
          kind: 'payments',
          props: { type: 'notEnoughCredits', message: ERRORS.balanceTooLow, backTo: `/chats/${OTHER}` },
        },
      ]);
    },
  );

  it.each(kinds)('%s: a frozen account keeps the item failed and opens the frozen popup', async (kind) => {
    const h = setup([new ApiError(423, ERRORS.frozen, 'account_frozen')]);
    await senders[kind](h);
    expect(h.bodies).toHaveLength(1);
    expect(h.pendingItems()[0]).toMatchObject({ state: 'failed', error: ERRORS.frozen });
    expect(h.convo().flags.frozen).toBe(true);
    expect(h.popups()).toEqual([
      { id: 'account-frozen', kind: 'accountFrozen', props: { message: ERRORS.frozen } },
    ]);
  });

  it.each(kinds)('%s: a block stops at once and flags the chat', async (kind) => {
    const h = setup([new ApiError(403, ERRORS.blocked, 'blocked')]);
    await senders[kind](h);
    expect(h.bodies).toHaveLength(1);
    expect(h.convo().flags.blocked).toBe(true);
    expect(h.pendingItems()[0]).toMatchObject({ state: 'failed' });
    expect(h.popups()).toEqual([]);
  });

  it.each(kinds)('%s: fails after four retries, and Retry sends again with the same id', async (kind) => {
    const h = setup([serverError(), serverError(), serverError(), serverError(), serverError(), 'ok']);
    await senders[kind](h);
    expect(h.bodies).toHaveLength(5);
    expect(h.sleeps).toEqual([1_000, 2_000, 3_000, 4_000]);
    const [item] = h.pendingItems();
    expect(item).toMatchObject({ state: 'failed', error: ERRORS.default });
    await h.store.dispatch(retrySend(OTHER, item!.clientSideReceiveId));
    expect(h.bodies).toHaveLength(6);
    expect(h.bodies[5]!.clientSideReceiveId).toBe(item!.clientSideReceiveId);
    expect(h.pendingItems()).toEqual([]);
    // A retry after the upload only posts again.
    if (kind === 'photo') expect(h.upload).toHaveBeenCalledTimes(1);
  });

  it.each(kinds)('%s: a failed item can be discarded', async (kind) => {
    const h = setup([serverError(), serverError(), serverError(), serverError(), serverError()]);
    await senders[kind](h);
    h.store.dispatch(dismissSend(OTHER, h.pendingItems()[0]!.clientSideReceiveId));
    expect(h.pendingItems()).toEqual([]);
  });
});

describe('media sends through the outbox', () => {
  it('uploads with progress (as paid_message for a price), posts the uploaded media and frees the preview', async () => {
    const h = setup(['ok']);
    const seen: { state: string; progress: number; preview: string | null }[] = [];
    h.store.subscribe(() => {
      const item = Object.values(h.store.getState().conversations.byUser[OTHER]?.pending ?? {})[0];
      if (item?.media)
        seen.push({ state: item.state, progress: item.media.progress, preview: item.media.previewUrl });
    });
    await h.store.dispatch(
      sendMedia(OTHER, { kind: 'file', file }, { price: 30, selfDestruct: true, text: ' hi ' }),
    );
    expect(h.upload).toHaveBeenCalledWith(file, expect.objectContaining({ type: 'paid_message' }));
    expect(seen).toContainEqual({ state: 'uploading', progress: 40, preview: 'blob:preview' });
    expect(h.bodies[0]).toEqual(
      expect.objectContaining({
        type: 'image',
        public_id: 'pub1',
        width: 1440,
        height: 1080,
        price: 30,
        self_destruct: true,
        text: 'hi',
        chat_id: `chat-${OTHER}`,
      }),
    );
    expect(h.pendingItems()).toEqual([]);
    expect(h.revokeUrl).toHaveBeenCalledWith('blob:preview');
  });

  it('uploads a free file as message, and sends a GIF or vault item without uploading', async () => {
    const h = setup(['ok', 'ok']);
    await senders.photo(h);
    expect(h.upload).toHaveBeenCalledWith(file, expect.objectContaining({ type: 'message' }));
    await senders.gif(h);
    expect(h.upload).toHaveBeenCalledTimes(1);
    expect(h.bodies[1]).toMatchObject({ type: 'gif', gif_url: gif.url, gif_width: 120, gif_height: 90 });
  });

  it('opens Sending media blocked without retrying, and remembers the refusal', async () => {
    const h = setup([new ApiError(403, ERRORS.mediaBlocked, 'media_blocked')]);
    await senders.gif(h);
    expect(h.bodies).toHaveLength(1);
    expect(h.popups().map((p) => p.props)).toEqual([
      { title: 'Sending media blocked', text: ERRORS.mediaBlocked },
    ]);
    expect(h.convo().mediaBlockedByOther).toBe(true);
    expect(h.pendingItems()[0]?.state).toBe('failed');
  });

  it('flags a failed upload and opens Upload error with the server’s message; Retry uploads again', async () => {
    const h = setup(['ok']);
    h.upload.mockRejectedValueOnce(new UploadFailedError(MEDIA.imageLoadError, 400));
    await senders.photo(h);
    const [item] = h.pendingItems();
    expect(item).toMatchObject({ state: 'failed', error: MEDIA.imageLoadError });
    expect(h.popups().map((p) => p.props)).toEqual([{ title: 'Upload error', text: MEDIA.imageLoadError }]);
    expect(h.bodies).toHaveLength(0);
    await h.store.dispatch(retrySend(OTHER, item!.clientSideReceiveId));
    expect(h.upload).toHaveBeenCalledTimes(2);
    expect(h.bodies[0]?.clientSideReceiveId).toBe(item!.clientSideReceiveId);
    expect(h.pendingItems()).toEqual([]);
  });

  it('opens no Upload error when the upload found the session gone (the sign-in page takes over)', async () => {
    const h = setup();
    h.upload.mockRejectedValueOnce(new ApiError(401, ERRORS.unauthorized, 'unauthorized'));
    await senders.photo(h);
    expect(h.popups()).toEqual([]);
    expect(h.pendingItems()[0]?.state).toBe('failed');
  });

  it('drops a file that fails its checks with the check’s message', async () => {
    const h = setup();
    h.upload.mockRejectedValueOnce(new MediaFileError(MEDIA.videoLoadError));
    await senders.photo(h);
    expect(h.pendingItems()).toEqual([]);
    expect(h.popups().map((p) => p.props.text)).toEqual([MEDIA.videoLoadError]);
  });

  it('removes an aborted upload silently and frees its preview', async () => {
    const h = setup();
    h.upload.mockImplementationOnce(
      (_f, o: UploadOptions) =>
        new Promise((_resolve, reject) => {
          o.onPrepared?.(preparedPhoto);
          o.signal.addEventListener('abort', () => reject(new UploadAbortedError()));
        }),
    );
    const sending = senders.photo(h);
    await new Promise((r) => setTimeout(r, 0));
    const [item] = h.pendingItems();
    expect(item?.state).toBe('uploading');
    h.store.dispatch(abortSend(OTHER, item!.clientSideReceiveId));
    await sending;
    expect(h.pendingItems()).toEqual([]);
    expect(h.popups()).toEqual([]);
    expect(h.bodies).toHaveLength(0);
    expect(h.revokeUrl).toHaveBeenCalledWith('blob:preview');
  });
});
