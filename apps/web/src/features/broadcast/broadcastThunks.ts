import { type BroadcastSendRequest, type BroadcastUpdateRequest, endpoints, MEDIA } from '@parlor/contract';
import { ApiError, type CallBody, call, follow } from '../../platform/api';
import { FIRST_PAGE_QUERY } from '../../platform/pagedList';
import { createApiThunk } from '../../platform/requests';
import type { AppThunkDispatch, RootState } from '../../platform/storeTypes';
import { newSendId } from '../conversation/outbox';
import { MediaFileError } from '../media/filePrep';
import { mediaHost, prepareAndUpload, UploadAbortedError, UploadFailedError } from '../media/upload';
import { trackUpload } from '../media/uploadsSlice';
import { selectMediaBaseUrl } from '../provider/providerConfigSlice';
import { checkSchedule } from '../scheduling/scheduleTime';
import {
  laterRefused,
  sendStarted,
  uploadAborted,
  uploadFailed,
  uploadProgressed,
  uploadSucceeded,
} from './broadcastActions';
import { audienceBody, reachKey, uploadTypeFor } from './broadcastModel';

/**
 * The slice's state: in the store before any of these thunks runs, since the slice's module (which
 * adds it) imports them and every screen that dispatches them reads the slice.
 */
const broadcastState = (state: RootState) => state.broadcast!;

/** How many chats the audience reaches now ("Send to N fans"); `key` ties the answer to its audience. */
export const countAudience = createApiThunk(
  'broadcast/countAudience',
  async (body: CallBody<typeof endpoints.broadcastAudience>, { signal }) => {
    const { total } = await call(endpoints.broadcastAudience, { body }, { signal });
    return { key: reachKey(body), total };
  },
);

/** GET /v1/broadcast, 20 a page: the first page again (`reset`), or the next one by its link. */
export const loadBroadcasts = createApiThunk(
  'broadcast/load',
  async ({ reset }: { reset: boolean }, { getState }) => {
    const next = broadcastState(getState()).stats.next;
    if (!reset && next) return follow(endpoints.listBroadcasts, next);
    return call(endpoints.listBroadcasts, { query: FIRST_PAGE_QUERY });
  },
);

/** GET /v1/broadcast?status=scheduled, soonest first: the first page again, or the next by its link. */
export const loadScheduled = createApiThunk(
  'broadcast/loadScheduled',
  async ({ reset }: { reset: boolean }, { getState }) => {
    const next = broadcastState(getState()).scheduled.next;
    if (!reset && next) return follow(endpoints.listBroadcasts, next);
    return call(endpoints.listBroadcasts, { query: { ...FIRST_PAGE_QUERY, status: 'scheduled' } });
  },
);

/**
 * POST /v1/broadcast/send: 202 with the broadcast's id and how many chats it goes to, or with
 * `send_at` 201 and its time (status `scheduled`).
 */
export const postBroadcast = createApiThunk('broadcast/post', async (body: BroadcastSendRequest) =>
  call(endpoints.sendBroadcast, { body }),
);

/** PATCH /v1/broadcast/{id}: a scheduled broadcast's time, text, price or lists, until it starts (409 after). */
export const updateScheduled = createApiThunk(
  'broadcast/updateScheduled',
  async ({ id, body }: { id: string; body: BroadcastUpdateRequest }) =>
    call(endpoints.updateBroadcast, { params: { id }, body }),
);

/** DELETE /v1/broadcast/{id} of one not started: nothing was sent (409 once it has started). */
export const cancelScheduled = createApiThunk('broadcast/cancelScheduled', async (id: string) =>
  call(endpoints.unsendBroadcast, { params: { id } }),
);

export const unsendBroadcast = createApiThunk('broadcast/unsend', async (id: string) =>
  call(endpoints.unsendBroadcast, { params: { id } }),
);

/**
 * The chosen device file and its preview's object URL (not serializable, so kept beside the store;
 * they outlive the screen, like the draft), and the running upload's abort.
 */
const held: { file: File | null; url: string | null; upload: AbortController | null } = {
  file: null,
  url: null,
  upload: null,
};
/** The upload itself; tests replace it. */
export const broadcastIo = { upload: prepareAndUpload };

/** Keeps the draft's device file (null lets it go) and answers its preview URL. */
export function holdFile(file: File | null): string | null {
  if (held.url) URL.revokeObjectURL(held.url);
  held.file = file;
  held.url = file ? URL.createObjectURL(file) : null;
  return held.url;
}
export function abortBroadcastUpload() {
  held.upload?.abort();
}

/**
 * Sends the draft to the audience: a device file is uploaded first with its progress (type
 * paid_message when priced, else message), vault media and text go at once; then the post.
 * The send id is kept with the draft, so sending it again after a failure never starts a second.
 */
export const sendDraft = () => async (dispatch: AppThunkDispatch, getState: () => RootState) => {
  const { draft, audience, excludeListIds, later, post } = broadcastState(getState());
  if (post.status === 'init') return;
  // "Send later" is checked before anything uploads: a time in the past or too far ahead sends nothing.
  let sendAt: string | undefined;
  if (later.on) {
    const check = checkSchedule(later.input, new Date());
    if (!check.ok) {
      dispatch(laterRefused(check.message));
      return;
    }
    sendAt = check.iso;
  }
  const clientSideReceiveId = draft.clientSideReceiveId ?? newSendId();
  dispatch(sendStarted({ clientSideReceiveId }));

  let media = draft.media?.uploaded ?? null;
  const uploadType = uploadTypeFor(draft.price);
  if (draft.media?.source === 'device' && (!media || media.uploadType !== uploadType)) {
    const file = held.file;
    if (!file) {
      dispatch(uploadFailed(MEDIA.uploadFailed));
      return;
    }
    const controller = new AbortController();
    held.upload = controller;
    let total = file.size;
    try {
      // Stopped (its Cancel, or leaving the page), nothing is posted and the draft stays.
      const answer = await dispatch(
        trackUpload(
          'broadcast',
          () => controller.abort(),
          () =>
            broadcastIo.upload(file, {
              host: mediaHost(selectMediaBaseUrl(getState())),
              type: uploadType,
              signal: controller.signal,
              onPrepared: (prepared) => {
                total = prepared.blob.size;
                dispatch(uploadProgressed({ progress: 0, loaded: 0, total }));
              },
              onProgress: (progress) =>
                dispatch(uploadProgressed({ progress, loaded: Math.round((total * progress) / 100), total })),
            }),
        ),
      );
      dispatch(uploadSucceeded({ ...answer, uploadType }));
      media = broadcastState(getState()).draft.media?.uploaded ?? null;
    } catch (error) {
      if (error instanceof UploadAbortedError || controller.signal.aborted) dispatch(uploadAborted());
      else dispatch(uploadFailed(failureMessage(error)));
      return;
    } finally {
      if (held.upload === controller) held.upload = null;
    }
  }

  const kind = draft.media?.kind;
  const body: BroadcastSendRequest = {
    ...audienceBody(audience, excludeListIds),
    ...(sendAt ? { send_at: sendAt } : {}),
    type: kind ?? 'text',
    text: draft.text.trim() || null,
    price: kind ? draft.price : 0,
    price_in_dollars: kind ? draft.price_in_dollars : '0.00',
    self_destruct: kind ? draft.self_destruct : false,
    exclude_buyers: kind !== undefined && draft.price > 0 && draft.exclude_buyers,
    clientSideReceiveId,
    ...(media
      ? {
          public_id: media.public_id,
          media_id: media.media_id,
          width: media.width,
          height: media.height,
          video_length: media.video_length,
        }
      : {}),
  };
  const result = await dispatch(postBroadcast(body));
  // Sent: the draft starts over, and the file is let go.
  if (postBroadcast.fulfilled.match(result)) holdFile(null);
};

function failureMessage(error: unknown): string {
  if (error instanceof UploadFailedError || error instanceof MediaFileError || error instanceof ApiError)
    return error.message;
  return MEDIA.uploadFailed;
}
