import { endpoints, plural, type VaultMedia } from '@parlor/contract';
import { ApiError, call, follow } from '../../platform/api';
import { FIRST_PAGE_QUERY } from '../../platform/pagedList';
import type { AppThunkDispatch } from '../../platform/storeTypes';
import { showToast } from '../../ui/toasts';
import { creditsChanged } from '../auth/authSlice';
import { messagesMerged } from '../conversation/conversationActions';
import { conversationPath } from '../conversation/conversationThunks';
import { notEnoughCreditsPopup } from '../payments/notEnoughCredits';
import { pushPopup } from '../popups/popupsSlice';

/** Reloads one message: a buy that finds the message changed shows its current version. */
async function reload(dispatch: AppThunkDispatch, otherUserId: string, messageId: string) {
  const { data } = await call(endpoints.messagesByIds, { query: { ids: messageId } });
  dispatch(messagesMerged({ otherUserId, messages: data }));
}
export const reloadMessage = (otherUserId: string, messageId: string) => (dispatch: AppThunkDispatch) =>
  reload(dispatch, otherUserId, messageId).catch(() => undefined);

/**
 * PATCH /v1/messages/{id}/buy. Success puts the unlocked message in place of the locked one;
 * too few credits opens the not-enough-credits popup; a message that changed meanwhile (bought in
 * another tab, deleted, self-destructed) is reloaded. Answers whether the message is now unlocked.
 */
export const buyPaidMessage =
  (otherUserId: string, messageId: string) =>
  async (dispatch: AppThunkDispatch): Promise<'bought' | 'reloaded' | 'needs-credits' | 'failed'> => {
    try {
      const res = await call(endpoints.buyMessage, { params: { id: messageId } });
      dispatch(messagesMerged({ otherUserId, messages: [res.message] }));
      dispatch(creditsChanged(res.credits));
      showToast(`Unlocked for ${plural(res.message.price, 'credit')}.`);
      return 'bought';
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // No answer at all (offline, a dropped connection): say so rather than do nothing.
        dispatch(
          pushPopup({
            id: 'buy-failed',
            kind: 'basic',
            props: { title: 'Unlock failed', text: 'Check your connection and try again.' },
          }),
        );
        return 'failed';
      }
      if (error.status === 402) {
        dispatch(notEnoughCreditsPopup({ message: error.message, backTo: conversationPath(otherUserId) }));
        return 'needs-credits';
      }
      if (error.status === 409 || error.status === 410 || error.status === 404) {
        await reload(dispatch, otherUserId, messageId).catch(() => undefined);
        return 'reloaded';
      }
      dispatch(
        pushPopup({
          id: 'buy-failed',
          kind: 'basic',
          props: { title: 'Unlock failed', text: error.message },
        }),
      );
      return 'failed';
    }
  };

/**
 * GET /v1/media: one page of the caller's vault (20 at a time). With `fanId` each item says
 * whether it was already sent to that fan and bought by them (the next link keeps the fan).
 */
export function loadVaultPage(next: string | null, signal?: AbortSignal, fanId?: string) {
  const options = signal ? { signal } : {};
  return next
    ? follow(endpoints.listVault, next, options)
    : call(
        endpoints.listVault,
        { query: { ...FIRST_PAGE_QUERY, ...(fanId ? { fan_id: fanId } : {}) } },
        options,
      );
}

export function deleteFromVault(items: VaultMedia[]) {
  return call(endpoints.deleteFromVault, { query: { ids: items.map((m) => m._id).join(',') } });
}
