import type { PendingPurchase } from './purchase';

/** The money popups, as data (popups hold data, never callbacks). */
export type PaymentPopupProps =
  | { type: 'unlockFreeChat'; message: string; backTo: string }
  | { type: 'notEnoughCredits'; message?: string; backTo: string; resume?: PendingPurchase }
  | { type: 'deleteCard'; cardId: string; label: string }
  | { type: 'deleteCardError'; message: string }
  | { type: 'cryptoTopUpSuccess'; credits: number; paidAmount: number; paidCurrency: string; fee: number };

declare module '../popups/popupsSlice' {
  interface PopupPropsByKind {
    payments: PaymentPopupProps;
  }
}
