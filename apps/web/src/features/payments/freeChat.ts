import { ERRORS } from '@parlor/contract';
import type { ApiErrorInfo } from '../../platform/api';
import { pushPopup } from '../popups/popupsSlice';

/** Chat creation answering 402 (or the required-purchase error) shows Unlock Free Chat. */
export function needsUnlock(error: Pick<ApiErrorInfo, 'status' | 'code'> | undefined): boolean {
  return (
    !!error &&
    (error.status === 402 || error.code === 'purchase_required' || error.code === 'free_chat_limit')
  );
}

/** The Unlock Free Chat popup; Buy Credits opens /account/get-credits and comes back to `backTo`. */
export const unlockFreeChatPopup = (backTo: string, message: string = ERRORS.purchaseRequired) =>
  pushPopup({ id: 'unlock-free-chat', kind: 'payments', props: { type: 'unlockFreeChat', message, backTo } });
