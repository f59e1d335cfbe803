import {
  CLIENT_MESSAGE_TIME_OFFSET_MS,
  ERRORS,
  MAX_SANITIZE_RETRIES,
  MAX_SEND_RETRIES,
  MEDIA,
  type MediaUploadResponse,
  type MediaUploadType,
  type Message,
  SEND_RETRY_DELAY_MS,
  type SendMessageRequest,
  sanitizeText,
  type VaultMedia,
} from '@parlor/contract';
import { ApiError } from '../../app/api';
import { creditsChanged } from '../auth/authSlice';
import { loadSession } from '../auth/authThunks';
import { mediaRefused, messagesMerged } from '../conversation/conversationActions';
import { forcedFlagOf } from '../conversation/sendPipeline';
import { pushPopup } from '../popups/popupsSlice';
import { MediaFileError, type PreparedMedia } from './filePrep';
import type { BuiltInGif } from './gifs';
import { UploadAbortedError, UploadFailedError } from './upload';

// Media sends as first-class pending items (part 2 §4: upload progress on the pending message,
// abort removes it silently, failures flagged). The items hold files, object URLs and live
// requests, which do not belong in Redux, so they live here and reach React through
// subscribe/snapshot; the sent message joins the conversation cache like any other.

export type MediaSource =
  | { kind: 'file'; file: File }
  | { kind: 'vault'; media: VaultMedia }
  | { kind: 'gif'; gif: BuiltInGif };

export interface MediaSendOptions {
  price: number;
  selfDestruct: boolean;
  text: string;
  chatId: string | null;
}

export interface MediaSendItem {
  id: string;
  otherUserId: string;
  type: 'image' | 'video' | 'gif';
  previewUrl: string | null;
  width: number | null;
  height: number | null;
  progress: number;
  state: 'preparing' | 'uploading' | 'sending' | 'failed';
  error: string | null;
  price: number;
  created_at: string;
}

export interface MediaQueueDeps {
  prepare(file: File): Promise<PreparedMedia>;
  findAvailable(md5: string, type: MediaUploadType, signal: AbortSignal): Promise<MediaUploadResponse | null>;
  upload(
    file: PreparedMedia,
    options: { type: MediaUploadType; onProgress: (p: number) => void; signal: AbortSignal },
  ): Promise<MediaUploadResponse>;
  post(body: SendMessageRequest): Promise<{ message: Message; credits: number }>;
  dispatch(action: unknown): unknown;
  sleep(ms: number): Promise<void>;
  objectUrl(blob: Blob): string;
  revokeUrl(url: string): void;
  newId(): string;
  /** Where the not-enough-credits popup sends the user back to. */
  backTo(otherUserId: string): string;
}

interface Entry {
  item: MediaSendItem;
  source: MediaSource;
  options: MediaSendOptions;
  controller: AbortController;
  ownsPreview: boolean;
  media: MediaUploadResponse | null;
}

const EMPTY: readonly MediaSendItem[] = [];

export class MediaSendQueue {
  private entries = new Map<string, Entry>();
  private listeners = new Set<() => void>();
  private snapshots = new Map<string, readonly MediaSendItem[]>();

  constructor(private readonly deps: MediaQueueDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Pending media sends of one conversation, oldest first; the same array until something changes. */
  snapshot(otherUserId: string): readonly MediaSendItem[] {
    return this.snapshots.get(otherUserId) ?? EMPTY;
  }

  send(otherUserId: string, source: MediaSource, options: MediaSendOptions): string {
    const id = this.deps.newId();
    const preview =
      source.kind === 'vault'
        ? { url: source.media.st ?? source.media.th, width: source.media.width, height: source.media.height }
        : source.kind === 'gif'
          ? { url: source.gif.url, width: source.gif.width, height: source.gif.height }
          : { url: null, width: null, height: null };
    const type =
      source.kind === 'gif'
        ? 'gif'
        : source.kind === 'vault'
          ? source.media.type
          : source.file.type.startsWith('video/')
            ? 'video'
            : 'image';
    this.entries.set(id, {
      item: {
        id,
        otherUserId,
        type,
        previewUrl: preview.url,
        width: preview.width,
        height: preview.height,
        progress: 0,
        state: source.kind === 'file' ? 'preparing' : 'sending',
        error: null,
        price: options.price,
        // Part 2 §4: a client-side message is created now + 1 hour, so it sorts last.
        created_at: new Date(Date.now() + CLIENT_MESSAGE_TIME_OFFSET_MS).toISOString(),
      },
      source,
      options,
      controller: new AbortController(),
      ownsPreview: false,
      media: null,
    });
    this.changed(otherUserId);
    void this.run(id);
    return id;
  }

  /** Aborting removes the item silently (part 2 §4). */
  abort(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.controller.abort();
    this.remove(id);
  }

  retry(id: string): void {
    const entry = this.entries.get(id);
    if (entry?.item.state !== 'failed') return;
    entry.controller = new AbortController();
    this.update(id, {
      state: entry.media || entry.source.kind !== 'file' ? 'sending' : 'preparing',
      error: null,
    });
    void this.run(id);
  }

  dismiss(id: string): void {
    this.remove(id);
  }

  private async run(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    const { deps } = this;
    const signal = entry.controller.signal;
    try {
      let mediaRef: {
        public_id: string;
        width: number | null;
        height: number | null;
        video_length: number | null;
      } | null = null;
      if (entry.source.kind === 'vault') {
        const m = entry.source.media;
        mediaRef = { public_id: m.public_id, width: m.width, height: m.height, video_length: m.video_length };
      } else if (entry.source.kind === 'file') {
        if (!entry.media) {
          const prepared = await deps.prepare(entry.source.file);
          if (signal.aborted) return;
          if (!entry.ownsPreview) {
            entry.ownsPreview = true;
            this.update(id, {
              previewUrl: deps.objectUrl(prepared.blob),
              width: prepared.width,
              height: prepared.height,
            });
          }
          const type: MediaUploadType = entry.options.price > 0 ? 'paid_message' : 'message';
          this.update(id, { state: 'uploading' });
          entry.media =
            (await deps.findAvailable(prepared.md5, type, signal)) ??
            (await deps.upload(prepared, {
              type,
              signal,
              onProgress: (progress) => this.update(id, { progress }),
            }));
          if (entry.media.width === null && prepared.width !== null) {
            entry.media = {
              ...entry.media,
              width: prepared.width,
              height: prepared.height,
              video_length: prepared.video_length,
            };
          }
        }
        const m = entry.media;
        mediaRef = {
          public_id: m.media.public_id,
          width: m.width,
          height: m.height,
          video_length: m.video_length,
        };
        this.update(id, { state: 'sending', progress: 100 });
      }
      if (signal.aborted) return;
      const body: SendMessageRequest = {
        type: entry.item.type,
        recipient_id: entry.item.otherUserId,
        ...(entry.options.chatId ? { chat_id: entry.options.chatId } : {}),
        text: entry.options.text.trim() || null,
        price: entry.options.price,
        self_destruct: entry.options.selfDestruct,
        clientSideReceiveId: id,
        ...(mediaRef ?? {}),
        ...(entry.source.kind === 'gif'
          ? {
              gif_url: entry.source.gif.url,
              gif_width: entry.source.gif.width,
              gif_height: entry.source.gif.height,
            }
          : {}),
      };
      const sent = await this.post(body, signal);
      if (!sent || signal.aborted) return;
      deps.dispatch(messagesMerged({ otherUserId: entry.item.otherUserId, messages: [sent.message] }));
      deps.dispatch(creditsChanged(sent.credits));
      this.remove(id);
    } catch (error) {
      if (error instanceof UploadAbortedError || signal.aborted) {
        this.remove(id);
        return;
      }
      this.fail(id, error);
    }
  }

  /** Part 2 §4 retry rules for the post; 4xx answers other than 422 are final for media. */
  private async post(body: SendMessageRequest, signal: AbortSignal) {
    let attempt = 0;
    let sanitized = 0;
    let next = body;
    for (;;) {
      try {
        return await this.deps.post(next);
      } catch (error) {
        if (!(error instanceof ApiError) || signal.aborted) throw error;
        const final =
          error.status >= 400 && error.status < 500 && error.status !== 422 && error.status !== 429;
        if (forcedFlagOf(error) || final) throw error;
        if (error.status === 422) {
          if (sanitized >= MAX_SANITIZE_RETRIES) throw error;
          sanitized += 1;
          next = { ...next, text: sanitizeText(next.text ?? '', error.flagged) };
        } else if (attempt - sanitized >= MAX_SEND_RETRIES) {
          throw error;
        }
        attempt += 1;
        await this.deps.sleep(SEND_RETRY_DELAY_MS * attempt);
      }
    }
  }

  private fail(id: string, error: unknown) {
    const entry = this.entries.get(id);
    if (!entry) return;
    const { dispatch } = this.deps;
    if (error instanceof MediaFileError) {
      this.remove(id);
      dispatch(uploadErrorPopup(error.message));
      return;
    }
    if (error instanceof UploadFailedError) {
      this.update(id, { state: 'failed', error: error.message });
      dispatch(uploadErrorPopup(error.message));
      return;
    }
    const apiError = error instanceof ApiError ? error : null;
    const message = apiError?.message ?? ERRORS.default;
    if (apiError && forcedFlagOf(apiError) === 'noCredits') {
      // Part 2 §8: not enough credits reloads the user and removes the pending message.
      this.remove(id);
      dispatch(loadSession());
      dispatch(
        pushPopup({
          id: 'not-enough-credits',
          kind: 'payments',
          props: { type: 'notEnoughCredits', message, backTo: this.deps.backTo(entry.item.otherUserId) },
        }),
      );
      return;
    }
    this.update(id, { state: 'failed', error: message });
    if (message === ERRORS.mediaBlocked) {
      dispatch(mediaRefused({ otherUserId: entry.item.otherUserId }));
      dispatch(
        pushPopup({
          id: 'media-blocked',
          kind: 'basic',
          props: { title: MEDIA_BLOCKED_TITLE, text: message },
        }),
      );
    } else if (apiError?.status === 423) {
      dispatch(pushPopup({ id: 'account-frozen', kind: 'accountFrozen', props: { message } }));
    }
  }

  private update(id: string, changes: Partial<MediaSendItem>) {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.item = { ...entry.item, ...changes };
    this.changed(entry.item.otherUserId);
  }

  private remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    if (entry.ownsPreview && entry.item.previewUrl) this.deps.revokeUrl(entry.item.previewUrl);
    this.changed(entry.item.otherUserId);
  }

  private changed(otherUserId: string) {
    const items = [...this.entries.values()]
      .map((e) => e.item)
      .filter((i) => i.otherUserId === otherUserId)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    this.snapshots.set(otherUserId, items);
    for (const l of this.listeners) l();
  }
}

/** Part 2 §8: the popup titled 'Sending media blocked'. */
export const MEDIA_BLOCKED_TITLE = 'Sending media blocked';

/** Part 2 §8: 'Upload error' with the spec's text or the server's message. */
export const uploadErrorPopup = (message: string = MEDIA.uploadFailed) =>
  pushPopup({ id: 'upload-error', kind: 'basic', props: { title: MEDIA.uploadErrorTitle, text: message } });
