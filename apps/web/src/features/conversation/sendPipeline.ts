import {
  ERRORS,
  MAX_SANITIZE_RETRIES,
  MAX_SEND_RETRIES,
  type Message,
  SEND_RETRY_DELAY_MS,
  type SendMessageRequest,
  sanitizeText,
} from '@parlor/contract';
import { ApiError } from '../../platform/api';

/**
 * Sends that stop for good, flagged on the conversation: a block between the two, the other side's
 * block (they ended the chat), the other account gone (the chat was closed), frozen, no credits.
 */
export type ForcedFlag = 'blocked' | 'ended' | 'closed' | 'frozen' | 'noCredits';

/** How posting one message ended. */
export type PostOutcome =
  | { kind: 'sent'; message: Message; credits: number }
  | { kind: 'forced'; flag: ForcedFlag; message: string }
  /** The recipient blocks media from the sender: no retry can succeed. */
  | { kind: 'mediaBlocked'; message: string }
  | { kind: 'failed'; message: string }
  /** The user cancelled the send; it leaves without a word. */
  | { kind: 'aborted' };

export interface SendDeps {
  post: (body: SendMessageRequest) => Promise<{ message: Message; credits: number }>;
  sleep: (ms: number) => Promise<void>;
}

/** Which errors set a forced flag instead of being retried. */
export function forcedFlagOf(error: ApiError): ForcedFlag | null {
  if (error.status === 402 || error.message === ERRORS.balanceTooLow || error.message === ERRORS.noCredits) {
    return 'noCredits';
  }
  if (error.status === 423) return 'frozen';
  if (error.status === 403 && error.message === ERRORS.blocked) return 'blocked';
  if (error.status === 403 && error.message === ERRORS.userEndedChat) return 'ended';
  if (error.status === 410 && error.message === ERRORS.chatClosed) return 'closed';
  return null;
}

/** The errors a send stops at at once, with the outcome each gives; null for the rest. */
export function stopOutcomeOf(error: ApiError): PostOutcome | null {
  const flag = forcedFlagOf(error);
  if (flag) return { kind: 'forced', flag, message: error.message };
  if (error.message === ERRORS.mediaBlocked) return { kind: 'mediaBlocked', message: error.message };
  return null;
}

/**
 * Posts one message, text or media. A content-flagged answer (422) gets a sanitising pass (the
 * flagged characters replaced) and a retry, at most MAX_SANITIZE_RETRIES times; blocked, frozen,
 * no credits and media blocked stop at once; any other failure is retried up to MAX_SEND_RETRIES
 * times. Every retry waits SEND_RETRY_DELAY_MS x the attempt number. The send id stays the same
 * throughout, so the server stores one message however many tries reach it. Once `signal` is
 * aborted the send ends as aborted, whatever the server answered.
 */
export async function runSend(
  deps: SendDeps,
  request: SendMessageRequest,
  signal?: AbortSignal,
): Promise<PostOutcome> {
  let body = request;
  let sanitized = 0;
  let retried = 0;
  let attempt = 0;
  for (;;) {
    try {
      const answer = await deps.post(body);
      return signal?.aborted ? { kind: 'aborted' } : { kind: 'sent', ...answer };
    } catch (cause) {
      if (signal?.aborted) return { kind: 'aborted' };
      const error = cause instanceof ApiError ? cause : new ApiError(0, ERRORS.default, 'client_error');
      const stop = stopOutcomeOf(error);
      if (stop) return stop;
      if (error.status === 422) {
        if (sanitized >= MAX_SANITIZE_RETRIES) return { kind: 'failed', message: error.message };
        sanitized += 1;
        body = { ...body, text: sanitizeText(body.text ?? '', error.flagged) };
      } else {
        if (retried >= MAX_SEND_RETRIES) return { kind: 'failed', message: error.message };
        retried += 1;
      }
      attempt += 1;
      await deps.sleep(SEND_RETRY_DELAY_MS * attempt);
      if (signal?.aborted) return { kind: 'aborted' };
    }
  }
}
