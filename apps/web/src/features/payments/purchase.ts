import { endpoints, type PaymentType, plural, type ThreeDsCallbackQuery } from '@parlor/contract';
import { call } from '../../platform/api';
import { readStorage, removeStorage, writeStorage } from '../../platform/browser';
import { showToast } from '../../ui/toasts';
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

/**
 * What the fan chose on /account/get-credits before a 3-D Secure challenge: a failed challenge
 * brings them back to the same package and card. A new card's number and security code are never
 * kept; its name and expiry are.
 */
export interface PaymentChoice {
  packageId: string;
  /** A saved card's id, or absent for a new card. */
  cardId?: string | undefined;
  cardName?: string | undefined;
  cardExpiry?: string | undefined;
}

/** Navigation state of /account/get-credits: the path to go back to, and a failed try's choice. */
export interface GetCreditsState {
  backTo?: string;
  resume?: PendingPurchase | undefined;
  retry?: PaymentChoice | undefined;
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

/**
 * Finishes what the credits were bought for, and says it was done as a spend made at once does.
 * `key` makes a repeat (reload, retry) happen once.
 */
export async function finishPurchase(resume: PendingPurchase, key: string): Promise<void> {
  switch (resume.type) {
    case 'tip':
      await paymentsApi.tip({
        recipient_id: resume.modelId,
        amount: resume.amount,
        idempotency_key: key,
        ...(resume.chatId ? { chat_id: resume.chatId } : {}),
      });
      showToast(`Tip of ${plural(resume.amount, 'credit')} sent.`);
      return;
    case 'subscription': {
      const res = await call(endpoints.subscribe, {
        body: { model_id: resume.modelId, idempotency_key: key },
      });
      showToast(`You subscribed for ${plural(res.subscription.price, 'credit')} a month.`);
      return;
    }
    case 'message': {
      const res = await call(endpoints.buyMessage, { params: { id: resume.messageId } });
      showToast(`Unlocked for ${plural(res.message.price, 'credit')}.`);
      return;
    }
  }
}

/** A 3-D Secure challenge that was not passed took no money: said where the fan lands. */
export const THREE_DS_FAILED_MESSAGE =
  'Your bank did not confirm the payment. You were not charged, and no credits were added.';

// The choice survives the trip the same way; the callback takes it whatever the outcome.
const CHOICE_KEY = 'parlor-3ds-choice';
export const rememberChoice = (choice: PaymentChoice) => writeStorage(CHOICE_KEY, JSON.stringify(choice));
export function takeChoice(): PaymentChoice | undefined {
  const raw = readStorage(CHOICE_KEY);
  removeStorage(CHOICE_KEY);
  try {
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    if (!value || typeof value !== 'object') return undefined;
    const v = value as Record<string, unknown>;
    const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
    const packageId = text(v.packageId);
    return packageId
      ? { packageId, cardId: text(v.cardId), cardName: text(v.cardName), cardExpiry: text(v.cardExpiry) }
      : undefined;
  } catch {
    return undefined;
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
