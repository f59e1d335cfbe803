/** Data of the email verification popup (plus the id of an action handler). */
export interface EmailVerifyPopupProps {
  email: string;
  isCodeOnboarding: boolean;
  isAlreadyConverted: boolean;
  isClosable: boolean;
  isVerifyResend: boolean;
  /** Action mode: the registered handler (actionVerify.ts) that receives the code. */
  actionId?: string;
  /** Opened by sign-up: onboarding's one sheet, so no area intro stacks on it (Notices.tsx). */
  afterSignUp?: boolean;
  /** A code was just sent by the opener: the cooldown runs from the opening. */
  codeJustSent?: boolean;
}

export const EMAIL_VERIFY_POPUP_ID = 'email-verify';

declare module '../popups/popupsSlice' {
  interface PopupPropsByKind {
    emailVerify: EmailVerifyPopupProps;
  }
}
