import type { User } from '@parlor/contract';
import type { AppDispatch } from '../../platform/storeTypes';
import { pushPopup } from '../popups/popupsSlice';
import { type ActionVerifyHandler, registerActionVerify } from './actionVerify';
import { EMAIL_VERIFY_POPUP_ID } from './popupProps';
import { sendActionCode } from './verificationApi';

/**
 * Onboarding mode. Right after sign-up the code is on its way, so the resend cooldown runs from the
 * opening; the popup stays closable (verify later from the banner) because nothing in the app
 * needs a verified address before the first chat. It is onboarding's one sheet: the sign-up form
 * took everything else (type, name, gender, the referral code), so nothing follows it.
 */
export function openOnboardingVerify(dispatch: AppDispatch, user: User, options: { afterSignUp: boolean }) {
  dispatch(
    pushPopup({
      id: EMAIL_VERIFY_POPUP_ID,
      kind: 'emailVerify',
      props: {
        email: user.email,
        isCodeOnboarding: true,
        isAlreadyConverted: false,
        isClosable: true,
        isVerifyResend: false,
        afterSignUp: options.afterSignUp,
        codeJustSent: options.afterSignUp,
      },
    }),
  );
}

/**
 * Action mode: mails a code to the account's address, then opens the popup; the code
 * the user enters goes to `handler.verify` together with the guarded change.
 */
export async function startActionVerify(dispatch: AppDispatch, handler: ActionVerifyHandler): Promise<void> {
  const sent = await sendActionCode();
  const id = `action-verify-${Date.now()}`;
  registerActionVerify(id, handler);
  dispatch(
    pushPopup({
      id: EMAIL_VERIFY_POPUP_ID,
      kind: 'emailVerify',
      props: {
        email: sent.email,
        isCodeOnboarding: false,
        isAlreadyConverted: false,
        isClosable: true,
        isVerifyResend: false,
        actionId: id,
        codeJustSent: true,
      },
    }),
  );
}
