/** Data of the email verification popup (plus the id of an action handler). */
export interface EmailVerifyPopupProps {
  email: string;
  isCodeOnboarding: boolean;
  isAlreadyConverted: boolean;
  isClosable: boolean;
  isVerifyResend: boolean;
  /** Completion data: the username was just set, so essential info follows at once. */
  isJustSetUserName?: boolean;
  /** Action mode: the registered handler (actionVerify.ts) that receives the code. */
  actionId?: string;
  /** A code was just sent by the opener: the cooldown runs from the opening. */
  codeJustSent?: boolean;
}

export const EMAIL_VERIFY_POPUP_ID = 'email-verify';

declare module '../popups/popupsSlice' {
  interface PopupPropsByKind {
    emailVerify: EmailVerifyPopupProps;
  }
}
