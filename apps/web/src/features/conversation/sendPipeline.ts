import {
  ERRORS,
  MAX_SANITIZE_RETRIES,
  MAX_SEND_RETRIES,
  type Message,
  SEND_RETRY_DELAY_MS,
  type SendMessageRequest,
  sanitizeText,
} from '@parlor/contract';
import { ApiError } from '../../app/api';

/** Part 2 §4 step 5: sends that stop for good, with a flag on the conversation. */
export type ForcedFlag = 'blocked' | 'frozen' | 'noCredits';

export type SendOutcome =
  | { kind: 'sent'; message: Message; credits: number }
  | { kind: 'forced'; flag: ForcedFlag; message: string }
  | { kind: 'failed'; message: string };

export interface SendDeps {
  post: (body: SendMessageRequest) => Promise<{ message: Message; credits: number }>;
  sleep: (ms: number) => Promise<void>;
}

/** Which errors set a forced flag instead of being retried (part 2 §4, §8). */
export function forcedFlagOf(error: ApiError): ForcedFlag | null {
  if (error.status === 402 || error.message === ERRORS.balanceTooLow || error.message === ERRORS.noCredits) {
    return 'noCredits';
  }
  if (error.status === 423) return 'frozen';
  if (error.status === 403 && error.message === ERRORS.blocked) return 'blocked';
  return null;
}

/**
 * Part 2 §4: posts one message. A content-flagged answer (422) gets a sanitising pass and a retry,
 * at most twice; blocked, frozen and no-credits stop at once; any other failure is retried up to 4
 * times. Every retry waits 1 s x the attempt number. The send id stays the same throughout, so the
 * server stores one message however many tries reach it.
 */
export async function runSend(deps: SendDeps, request: SendMessageRequest): Promise<SendOutcome> {
  let body = request;
  let sanitized = 0;
  let retried = 0;
  let attempt = 0;
  for (;;) {
    try {
      const answer = await deps.post(body);
      return { kind: 'sent', ...answer };
    } catch (cause) {
      const error = cause instanceof ApiError ? cause : new ApiError(0, ERRORS.default, 'client_error');
      const flag = forcedFlagOf(error);
      if (flag) return { kind: 'forced', flag, message: error.message };
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
    }
  }
}
