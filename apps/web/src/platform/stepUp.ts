import { SECURITY_MESSAGES } from '@parlor/contract';

/**
 * A fresh code for money and identity changes. With two-factor sign-in on, the server refuses such
 * a change with 403 `two_factor_required`; the API client then asks for a code through the one
 * prompt the app registers here and sends the same request again with it. Whatever is typed
 * wrong (a wrong or used code, a wait after too many) is shown in the prompt, which stays open;
 * anything else closes it and goes to the caller as the request's own failure.
 */

/** The server's code for a change that needs a fresh code. */
export const STEP_UP_REQUIRED = 'two_factor_required';

/** What the prompt says above its field. */
export interface StepUpAsk {
  title: string;
  text: string;
  /** The confirm button's label. */
  confirm: string;
}

export const STEP_UP_ASK: StepUpAsk = {
  title: 'Confirm it is you',
  text: SECURITY_MESSAGES.stepUpRequired,
  confirm: 'Confirm',
};

/**
 * Shows the prompt and hands every code typed to `attempt`. A rejection of `attempt` is a refused
 * code, shown in the prompt; it settles once `attempt` resolves, or when the person cancels.
 */
export type StepUpPrompt = (ask: StepUpAsk, attempt: (code: string) => Promise<void>) => Promise<void>;

let prompt: StepUpPrompt | null = null;

/** The app's prompt (features/security/StepUpHost); answers the way to take it back. */
export function registerStepUpPrompt(next: StepUpPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** An answer as the API client reports it. */
interface Refusal {
  status: number;
  code: string;
  message: string;
  retryAfter?: number | undefined;
}

const isRefusal = (error: unknown): error is Refusal =>
  typeof error === 'object' && error !== null && 'status' in error && 'code' in error && 'message' in error;

export const needsFreshCode = (error: unknown): boolean =>
  isRefusal(error) && error.status === 403 && error.code === STEP_UP_REQUIRED;

const CODE_MESSAGES = new Set<string>([
  SECURITY_MESSAGES.wrongCode,
  SECURITY_MESSAGES.codeUsed,
  SECURITY_MESSAGES.wrongRecoveryCode,
  SECURITY_MESSAGES.recoveryCodeUsed,
]);

/**
 * Whether a refusal is about the code typed in the prompt, to show there. Told by its wording as
 * well as its code: the mailed code of a payout change is refused as `wrong_code` too, with
 * words of its own, and that one belongs to the form that asked for it.
 */
export function isCodeRefusal(error: unknown): boolean {
  if (!isRefusal(error)) return false;
  if (error.code === 'sign_in_throttled') {
    return (
      error.retryAfter !== undefined && error.message === SECURITY_MESSAGES.codesThrottled(error.retryAfter)
    );
  }
  return CODE_MESSAGES.has(error.message);
}

/** The person closed the prompt without a code. */
export class StepUpCancelled extends Error {
  constructor() {
    super('Cancelled.');
    this.name = 'StepUpCancelled';
  }
}

/**
 * Runs `run` with a code the person types, asking again while the code is refused; rejects with
 * `cancelled()` when they close the prompt, or at once when no prompt is registered.
 */
export async function withFreshCode<T>(
  run: (code: string) => Promise<T>,
  ask: StepUpAsk = STEP_UP_ASK,
  cancelled: () => unknown = () => new StepUpCancelled(),
): Promise<T> {
  const show = prompt;
  if (!show) throw cancelled();
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  await show(ask, async (code) => {
    try {
      outcome = { ok: true, value: await run(code) };
    } catch (error) {
      if (isCodeRefusal(error)) throw error;
      outcome = { ok: false, error };
    }
  });
  if (!outcome) throw cancelled();
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** A body the code can join: a JSON object (not a file's form, not none). */
export const isJsonObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof FormData);
