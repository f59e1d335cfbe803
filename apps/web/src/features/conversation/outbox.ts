import {
  CLIENT_MESSAGE_TIME_OFFSET_MS,
  ERRORS,
  endpoints,
  type ParentMessage,
  type SendMessageRequest,
} from '@parlor/contract';
import { ApiError, call } from '../../platform/api';
import type { AppThunkDispatch, RootState } from '../../platform/storeTypes';
import { creditsChanged } from '../auth/authSlice';
import { loadSession } from '../auth/authThunks';
import { MediaFileError } from '../media/filePrep';
import { UploadAbortedError, UploadFailedError, uploadErrorPopup } from '../media/upload';
import { notEnoughCreditsPopup } from '../payments/notEnoughCredits';
import { pushPopup } from '../popups/popupsSlice';
import {
  mediaRefused,
  pendingDismissed,
  retryStarted,
  sendFailed,
  sendForced,
  sendStarted,
  sendSucceeded,
} from './conversationActions';
import type { PendingMessage } from './conversationModel';
import { conversationPath } from './conversationThunks';
import { type PostOutcome, runSend, stopOutcomeOf } from './sendPipeline';

// The outbox: every message this user sends, text or media, is a pending item in the conversation
// state keyed by its send id, goes through one retry pipeline (sendPipeline) and ends in `settle`,
// the one place that turns an outcome into state and popups. What cannot live in Redux (abort
// controllers, the media step with its File, object URLs) waits here under the same send id.

/** How a send ended: the post's outcomes, and those of a media send's upload step. */
export type SendOutcome =
  | PostOutcome
  /** The upload failed; the item stays, flagged, and can be retried. */
  | { kind: 'uploadFailed'; message: string }
  /** The file failed its checks while being prepared; the item leaves. */
  | { kind: 'fileRefused'; message: string };

interface OutboxEntry {
  controller: AbortController;
  /**
   * A media send's step before the post: prepares and uploads (once, across retries) and answers
   * the fields naming the media and its price.
   */
  attach?: (signal: AbortSignal) => Promise<Partial<SendMessageRequest>>;
  /** Frees what the send holds outside Redux (an object URL) once its item leaves. */
  release?: () => void;
}

const entries = new Map<string, OutboxEntry>();

function entryOf(clientSideReceiveId: string): OutboxEntry {
  let entry = entries.get(clientSideReceiveId);
  if (!entry) {
    entry = { controller: new AbortController() };
    entries.set(clientSideReceiveId, entry);
  }
  return entry;
}

function release(clientSideReceiveId: string) {
  entries.get(clientSideReceiveId)?.release?.();
  entries.delete(clientSideReceiveId);
}

/** The network and the clock of the outbox; tests replace them. */
export const outboxIo = {
  post: (body: SendMessageRequest) => call(endpoints.sendMessage, { body }),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

export function newSendId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  // Outside a secure context randomUUID is missing; 128 random bits serve the same purpose.
  const bytes = c.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A client-side message is created now + 1 hour, so it sorts after every stored message. */
export const clientCreatedAt = () => new Date(Date.now() + CLIENT_MESSAGE_TIME_OFFSET_MS).toISOString();

export const MEDIA_BLOCKED_TITLE = 'Sending media blocked';

/** The outcome of an error thrown by a media send's upload step (which is not retried). */
function uploadOutcomeOf(error: unknown, signal: AbortSignal): SendOutcome {
  if (error instanceof UploadAbortedError || signal.aborted) return { kind: 'aborted' };
  if (error instanceof MediaFileError) return { kind: 'fileRefused', message: error.message };
  if (error instanceof UploadFailedError) return { kind: 'uploadFailed', message: error.message };
  if (error instanceof ApiError) return stopOutcomeOf(error) ?? { kind: 'failed', message: error.message };
  return { kind: 'failed', message: ERRORS.default };
}

/** Every way a send ends, turned into state and popups: the only place that does so. */
export const settle =
  (otherUserId: string, clientSideReceiveId: string, outcome: SendOutcome) =>
  (dispatch: AppThunkDispatch) => {
    const ids = { otherUserId, clientSideReceiveId };
    switch (outcome.kind) {
      case 'sent':
        // The client-side message is replaced by the server's.
        release(clientSideReceiveId);
        dispatch(sendSucceeded({ ...ids, message: outcome.message }));
        dispatch(creditsChanged(outcome.credits));
        return;
      case 'aborted':
        release(clientSideReceiveId);
        dispatch(pendingDismissed(ids));
        return;
      case 'fileRefused':
        release(clientSideReceiveId);
        dispatch(pendingDismissed(ids));
        dispatch(uploadErrorPopup(outcome.message));
        return;
      case 'uploadFailed':
        dispatch(sendFailed({ ...ids, error: outcome.message }));
        dispatch(uploadErrorPopup(outcome.message));
        return;
      case 'mediaBlocked':
        dispatch(sendFailed({ ...ids, error: outcome.message }));
        dispatch(mediaRefused({ otherUserId }));
        dispatch(
          pushPopup({
            id: 'media-blocked',
            kind: 'basic',
            props: { title: MEDIA_BLOCKED_TITLE, text: outcome.message },
          }),
        );
        return;
      case 'failed':
        dispatch(sendFailed({ ...ids, error: outcome.message }));
        return;
      case 'forced':
        dispatch(sendForced({ ...ids, flag: outcome.flag, error: outcome.message }));
        if (outcome.flag === 'noCredits') {
          // Not enough credits reloads the user (their balance) and drops the pending message.
          release(clientSideReceiveId);
          void dispatch(loadSession());
          dispatch(
            notEnoughCreditsPopup({ message: outcome.message, backTo: conversationPath(otherUserId) }),
          );
        } else if (outcome.flag === 'frozen') {
          dispatch(
            pushPopup({ id: 'account-frozen', kind: 'accountFrozen', props: { message: outcome.message } }),
          );
        }
        return;
    }
  };

/** Runs one pending item through its upload step (media) and the post, and settles the outcome. */
const deliver =
  (otherUserId: string, clientSideReceiveId: string) =>
  async (dispatch: AppThunkDispatch, getState: () => RootState) => {
    const convo = getState().conversations.byUser[otherUserId];
    const pending = convo?.pending[clientSideReceiveId];
    if (!convo || !pending) return;
    const entry = entryOf(clientSideReceiveId);
    const { signal } = entry.controller;
    let outcome: SendOutcome;
    try {
      const media = entry.attach ? await entry.attach(signal) : {};
      outcome = await runSend(
        outboxIo,
        {
          type: pending.type,
          recipient_id: pending.recipientId,
          ...(convo.chatId ? { chat_id: convo.chatId } : {}),
          text: pending.text.trim() || null,
          clientSideReceiveId,
          ...(pending.parent ? { parent_message_id: pending.parent._id } : {}),
          ...media,
        },
        signal,
      );
    } catch (error) {
      outcome = uploadOutcomeOf(error, signal);
    }
    dispatch(settle(otherUserId, clientSideReceiveId, outcome));
  };

/**
 * Puts a new item in the outbox and delivers it. `attach` is a media send's upload step and
 * `release` frees what it holds (see OutboxEntry).
 */
export const startSend =
  (otherUserId: string, pending: PendingMessage, extra: Omit<OutboxEntry, 'controller'> = {}) =>
  async (dispatch: AppThunkDispatch) => {
    entries.set(pending.clientSideReceiveId, { controller: new AbortController(), ...extra });
    dispatch(sendStarted({ otherUserId, pending }));
    await dispatch(deliver(otherUserId, pending.clientSideReceiveId));
  };

/** A text message (a reply when `parent` is given): the client-side message first, then the post. */
export const sendMessage = (otherUserId: string, text: string, parent: ParentMessage | null = null) =>
  startSend(otherUserId, {
    clientSideReceiveId: newSendId(),
    recipientId: otherUserId,
    type: 'text',
    text,
    created_at: clientCreatedAt(),
    state: 'sending',
    error: null,
    media: null,
    parent,
  });

/** A failed item's Retry: the same send id, so the server still stores one message. */
export const retrySend =
  (otherUserId: string, clientSideReceiveId: string) => async (dispatch: AppThunkDispatch) => {
    dispatch(retryStarted({ otherUserId, clientSideReceiveId }));
    await dispatch(deliver(otherUserId, clientSideReceiveId));
  };

/** A failed item's Discard. */
export const dismissSend =
  (otherUserId: string, clientSideReceiveId: string) => (dispatch: AppThunkDispatch) => {
    release(clientSideReceiveId);
    dispatch(pendingDismissed({ otherUserId, clientSideReceiveId }));
  };

/** Cancelling a media send in flight: its upload stops and the item leaves without a word. */
export const abortSend =
  (otherUserId: string, clientSideReceiveId: string) => (dispatch: AppThunkDispatch) => {
    entries.get(clientSideReceiveId)?.controller.abort();
    dispatch(dismissSend(otherUserId, clientSideReceiveId));
  };
