import type { TotpSetup } from '@parlor/contract';

/**
 * Turning two-factor sign-in on, step by step: the password (a stolen session alone must not put
 * a second factor in front of the owner), then the secret to scan or type with a code from the
 * app to confirm it, then the recovery codes, shown this once. New recovery codes show the same way.
 */
export type SetupState =
  | { step: 'idle' }
  | { step: 'password' }
  | { step: 'scan'; setup: TotpSetup }
  | { step: 'codes'; codes: string[]; renewed: boolean };

export type SetupEvent =
  | { type: 'start' }
  | { type: 'cancel' }
  | { type: 'secret'; setup: TotpSetup }
  | { type: 'codes'; codes: string[]; renewed?: boolean }
  | { type: 'saved' };

export const SETUP_IDLE: SetupState = { step: 'idle' };

export function setupReducer(state: SetupState, event: SetupEvent): SetupState {
  switch (event.type) {
    case 'start':
      return state.step === 'idle' ? { step: 'password' } : state;
    case 'secret':
      return state.step === 'password' ? { step: 'scan', setup: event.setup } : state;
    case 'codes':
      // Confirmed from the scan step, or new ones asked for while it is on.
      return state.step === 'scan' || state.step === 'idle'
        ? { step: 'codes', codes: event.codes, renewed: event.renewed ?? false }
        : state;
    case 'saved':
      return state.step === 'codes' ? SETUP_IDLE : state;
    case 'cancel':
      // Codes shown once are closed only by "I have saved them".
      return state.step === 'codes' ? state : SETUP_IDLE;
  }
}
