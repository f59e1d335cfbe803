import type { MediaUploadResponse, SendMessageRequest, VaultMedia } from '@parlor/contract';
import type { AppThunkDispatch, RootState } from '../../platform/storeTypes';
import { sendProgressed } from '../conversation/conversationActions';
import type { PendingMessage } from '../conversation/conversationModel';
import { abortSend, clientCreatedAt, newSendId, startSend } from '../conversation/outbox';
import { selectMediaBaseUrl } from '../provider/providerConfigSlice';
import type { BuiltInGif } from './gifs';
import { mediaHost, prepareAndUpload } from './upload';
import { trackUpload } from './uploadsSlice';

// A media send is prepared and uploaded here, then handed to the conversation's outbox, which
// posts it, retries it and settles it like any other message.

export type MediaSource =
  | { kind: 'file'; file: File }
  | { kind: 'vault'; media: VaultMedia }
  | { kind: 'gif'; gif: BuiltInGif };

export interface MediaSendOptions {
  price: number;
  selfDestruct: boolean;
  text: string;
}

/** The upload and the object URLs of media sends; tests replace them. */
export const mediaSendIo = {
  upload: prepareAndUpload,
  objectUrl: (blob: Blob) => URL.createObjectURL(blob),
  revokeUrl: (url: string) => URL.revokeObjectURL(url),
};

function previewOf(source: MediaSource) {
  if (source.kind === 'vault') {
    const m = source.media;
    return { previewUrl: m.st ?? m.th, width: m.width, height: m.height };
  }
  if (source.kind === 'gif')
    return { previewUrl: source.gif.url, width: source.gif.width, height: source.gif.height };
  return { previewUrl: null, width: null, height: null };
}

function typeOf(source: MediaSource): PendingMessage['type'] {
  if (source.kind === 'gif') return 'gif';
  if (source.kind === 'vault') return source.media.type;
  return source.file.type.startsWith('video/') ? 'video' : 'image';
}

/**
 * Sends a photo or video (from the device or the vault) or a GIF to `otherUserId`. A file shows
 * as preparing, then uploading with its progress (an upload of type 'paid_message' when it has a
 * price, else 'message'); a retry after the upload only posts again.
 */
export const sendMedia =
  (otherUserId: string, source: MediaSource, options: MediaSendOptions) =>
  (dispatch: AppThunkDispatch, getState: () => RootState) => {
    const clientSideReceiveId = newSendId();
    const progressed = (
      changes: Omit<Parameters<typeof sendProgressed>[0], 'otherUserId' | 'clientSideReceiveId'>,
    ) => dispatch(sendProgressed({ otherUserId, clientSideReceiveId, ...changes }));
    const priced = { price: options.price, self_destruct: options.selfDestruct };
    let uploaded: MediaUploadResponse | null = null;
    let objectUrl: string | null = null;

    const attach = async (signal: AbortSignal): Promise<Partial<SendMessageRequest>> => {
      if (source.kind === 'gif') {
        const { url, width, height } = source.gif;
        return { ...priced, gif_url: url, gif_width: width, gif_height: height };
      }
      if (source.kind === 'vault') {
        const m = source.media;
        return {
          ...priced,
          public_id: m.public_id,
          width: m.width,
          height: m.height,
          video_length: m.video_length,
        };
      }
      if (!uploaded) {
        progressed({ state: 'preparing', media: { progress: 0 } });
        let shown = 0;
        const { file } = source;
        // Stopped, the send leaves the conversation without a word (as its own Cancel does).
        const stop = () => dispatch(abortSend(otherUserId, clientSideReceiveId));
        uploaded = await dispatch(
          trackUpload('chat', stop, () =>
            mediaSendIo.upload(file, {
              host: mediaHost(selectMediaBaseUrl(getState())),
              type: options.price > 0 ? 'paid_message' : 'message',
              signal,
              onPrepared: (prepared) => {
                if (!objectUrl) {
                  objectUrl = mediaSendIo.objectUrl(prepared.blob);
                  progressed({
                    media: { previewUrl: objectUrl, width: prepared.width, height: prepared.height },
                  });
                }
                progressed({ state: 'uploading' });
              },
              onProgress: (progress) => {
                if (progress !== shown) progressed({ media: { progress } });
                shown = progress;
              },
            }),
          ),
        );
        progressed({ state: 'sending', media: { progress: 100 } });
      }
      const { media, width, height, video_length } = uploaded;
      return { ...priced, public_id: media.public_id, width, height, video_length };
    };

    return dispatch(
      startSend(
        otherUserId,
        {
          clientSideReceiveId,
          recipientId: otherUserId,
          type: typeOf(source),
          text: options.text,
          created_at: clientCreatedAt(),
          state: source.kind === 'file' ? 'preparing' : 'sending',
          error: null,
          media: { ...previewOf(source), progress: 0, price: options.price },
        },
        {
          attach,
          release: () => {
            if (objectUrl) mediaSendIo.revokeUrl(objectUrl);
          },
        },
      ),
    );
  };
