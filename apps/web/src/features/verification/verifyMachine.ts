import {
  AUTO_CLOSE_COUNTDOWN_S,
  RESEND_COOLDOWN_S,
  SUCCESS,
  VERIFICATION_CODE_LENGTH,
  VERIFY_TEXTS,
} from '@parlor/contract';

/**
 * The email verification popup as a pure state machine: the component feeds it
 * events (typing, paste, answers of the server, clock ticks) and renders the state.
 */
export type VerifyMode = 'onboarding' | 'action';
export type VerifyStage = 'code' | 'help' | 'different' | 'done';

export interface VerifyState {
  mode: VerifyMode;
  stage: VerifyStage;
  email: string;
  digits: string[];
  /** A resend succeeded and nothing else happened since: the title becomes CHECK YOUR EMAIL. */
  resent: boolean;
  /** Epoch ms until which resend and submit-to-new-address are disabled. */
  cooldownUntil: number;
  busy: boolean;
  error: string | null;
  notice: string | null;
  /** Seconds left on the done stage's Continue button (onboarding). */
  countdown: number;
}

export type VerifyEvent =
  | { type: 'typed'; index: number; value: string }
  | { type: 'erased'; index: number }
  | { type: 'pasted'; text: string }
  | { type: 'submitted' }
  | { type: 'verified' }
  | { type: 'verifyFailed'; message: string; clearCode: boolean }
  | { type: 'showHelp' }
  | { type: 'showDifferent' }
  | { type: 'backToCode' }
  | { type: 'resendStarted' }
  | { type: 'resent'; email: string; now: number }
  | { type: 'resendFailed'; message: string }
  | { type: 'cooldownStarted'; now: number }
  | { type: 'tick' };

const empty = () => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

export function initialVerifyState(
  mode: VerifyMode,
  email: string,
  options: { cooldownFrom?: number } = {},
): VerifyState {
  return {
    mode,
    stage: 'code',
    email,
    digits: empty(),
    resent: false,
    cooldownUntil: options.cooldownFrom !== undefined ? options.cooldownFrom + RESEND_COOLDOWN_S * 1000 : 0,
    busy: false,
    error: null,
    notice: null,
    countdown: AUTO_CLOSE_COUNTDOWN_S,
  };
}

/** Four boxes, each non-empty and numeric, enable submit. */
export const codeComplete = (state: VerifyState) => state.digits.every((d) => /^[0-9]$/.test(d));
export const codeOf = (state: VerifyState) => state.digits.join('');
/** Whole seconds of cooldown left at `now`. */
export const cooldownLeft = (state: VerifyState, now: number) =>
  Math.max(0, Math.ceil((state.cooldownUntil - now) / 1000));

/** Only exactly four digits count as a pasted code. */
export function pastedCode(text: string): string | undefined {
  const trimmed = text.trim();
  return new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`).test(trimmed) ? trimmed : undefined;
}

export function verifyReducer(state: VerifyState, event: VerifyEvent): VerifyState {
  switch (event.type) {
    case 'typed': {
      // The last digit typed wins, so typing over a filled box replaces it.
      const digit = event.value.replace(/[^0-9]/g, '').slice(-1);
      const digits = [...state.digits];
      digits[event.index] = digit;
      return { ...state, digits, error: null };
    }
    case 'erased': {
      const digits = [...state.digits];
      digits[event.index] = '';
      return { ...state, digits };
    }
    case 'pasted': {
      const code = pastedCode(event.text);
      return code ? { ...state, digits: code.split(''), error: null } : state;
    }
    case 'submitted':
      return { ...state, busy: true, error: null, notice: null };
    case 'verified':
      return {
        ...state,
        busy: false,
        stage: 'done',
        countdown: AUTO_CLOSE_COUNTDOWN_S,
        notice: SUCCESS.emailVerified,
      };
    case 'verifyFailed':
      return {
        ...state,
        busy: false,
        error: event.message,
        digits: event.clearCode ? empty() : state.digits,
      };
    case 'showHelp':
      return { ...state, stage: 'help', resent: false, error: null, notice: null };
    case 'showDifferent':
      return { ...state, stage: 'different', resent: false, error: null, notice: null };
    case 'backToCode':
      return { ...state, stage: 'code', error: null };
    case 'resendStarted':
      return { ...state, busy: true, error: null, notice: null };
    case 'resent':
      // A successful resend returns to the code stage and restarts the cooldown.
      return {
        ...state,
        busy: false,
        stage: 'code',
        email: event.email,
        digits: empty(),
        resent: true,
        notice: SUCCESS.emailSent,
        cooldownUntil: event.now + RESEND_COOLDOWN_S * 1000,
      };
    case 'resendFailed':
      return { ...state, busy: false, error: event.message };
    case 'cooldownStarted':
      return { ...state, cooldownUntil: event.now + RESEND_COOLDOWN_S * 1000 };
    case 'tick':
      return state.stage === 'done' ? { ...state, countdown: Math.max(0, state.countdown - 1) } : state;
  }
}

/** The popup's title: the first case that applies wins. */
export function verifyTitle(state: VerifyState, isAlreadyConverted: boolean): string {
  if (state.stage === 'done') return VERIFY_TEXTS.titleDone;
  if (state.resent) return VERIFY_TEXTS.titleResent;
  if (state.stage === 'help' || state.stage === 'different') return VERIFY_TEXTS.titleHelp;
  if (isAlreadyConverted) return VERIFY_TEXTS.titleConverted;
  if (state.mode === 'action') return VERIFY_TEXTS.titleAction;
  return VERIFY_TEXTS.titleDefault;
}

/** The cooldown runs from the opening when the popup cannot be closed. */
export function cooldownAtOpen(popup: { isClosable: boolean; isVerifyResend: boolean }): boolean {
  return !(popup.isClosable || popup.isVerifyResend);
}
