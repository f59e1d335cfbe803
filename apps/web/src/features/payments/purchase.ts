import { endpoints, type PaymentType, type ThreeDsCallbackQuery } from '@parlor/contract';
import { call } from '../../platform/api';
import { readStorage, removeStorage, writeStorage } from '../../platform/browser';
import { paymentsApi } from './paymentsApi';

/**
 * What the fan was doing when credits ran short: after the purchase (at once, or back from 3-D
 * Secure) the client finishes it. It travels in the get-credits navigation state and, for
 * 3-D Secure, in the payment itself, whose return query carries it back.
 */
export type PendingPurchase =
  | { type: 'tip'; modelId: string; chatId?: string | undefined; amount: number }
  | { type: 'subscription'; modelId: string }
  | { type: 'message'; messageId: string; modelId?: string | undefined; chatId?: string | undefined };

/** Navigation state of /account/get-credits: the path to go back to. */
export interface GetCreditsState {
  backTo?: string;
  resume?: PendingPurchase;
}

export const GET_CREDITS_PATH = '/account/get-credits';

/** The payment body's description of what the credits are for. */
export function purchaseFields(resume: PendingPurchase | undefined): {
  type: PaymentType;
  model_id?: string;
  amount?: number;
  chat_id?: string;
  message_id?: string;
} {
  if (!resume) return { type: 'package' };
  switch (resume.type) {
    case 'tip':
      return {
        type: 'tip',
        model_id: resume.modelId,
        amount: resume.amount,
        ...(resume.chatId ? { chat_id: resume.chatId } : {}),
      };
    case 'subscription':
      return { type: 'subscription', model_id: resume.modelId };
    case 'message':
      return {
        type: 'message',
        message_id: resume.messageId,
        ...(resume.modelId ? { model_id: resume.modelId } : {}),
        ...(resume.chatId ? { chat_id: resume.chatId } : {}),
      };
  }
}

/** The purchase a /3ds-callback query describes, if any (a plain package needs no follow-up). */
export function purchaseFromCallback(q: ThreeDsCallbackQuery): PendingPurchase | undefined {
  if (q.paymentType === 'tip' && q.modelId && q.amount) {
    return { type: 'tip', modelId: q.modelId, amount: q.amount, chatId: q.chatId };
  }
  if (q.paymentType === 'subscription' && q.modelId) return { type: 'subscription', modelId: q.modelId };
  if (q.paymentType === 'message' && q.messageId) {
    return { type: 'message', messageId: q.messageId, modelId: q.modelId, chatId: q.chatId };
  }
  return undefined;
}

/** Where to go after the purchase when no back-to path was given. */
export function defaultReturn(resume: PendingPurchase | undefined): string {
  return resume && 'modelId' in resume && resume.modelId
    ? `/chats/${encodeURIComponent(resume.modelId)}`
    : '/account';
}

/** Finishes what the credits were bought for. `key` makes a repeat (reload, retry) happen once. */
export async function finishPurchase(resume: PendingPurchase, key: string): Promise<void> {
  switch (resume.type) {
    case 'tip':
      await paymentsApi.tip({
        recipient_id: resume.modelId,
        amount: resume.amount,
        idempotency_key: key,
        ...(resume.chatId ? { chat_id: resume.chatId } : {}),
      });
      return;
    case 'subscription':
      await call(endpoints.subscribe, { body: { model_id: resume.modelId, idempotency_key: key } });
      return;
    case 'message':
      await call(endpoints.buyMessage, { params: { id: resume.messageId } });
      return;
  }
}

// The back-to path survives the full-page trip through the 3-D Secure challenge in local storage.
const RETURN_KEY = 'parlor-3ds-return';
export const rememberReturn = (path: string) => writeStorage(RETURN_KEY, path);
export function takeReturn(): string | null {
  const path = readStorage(RETURN_KEY);
  removeStorage(RETURN_KEY);
  // Only an in-app path: never an absolute URL somebody slipped into storage.
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}
