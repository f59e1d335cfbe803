import { endpoints } from '@parlor/contract';
import { type CallBody, call } from '../../platform/api';

// The calls of the money features, each parsed with its contract schema.

export const paymentsApi = {
  packages: () => call(endpoints.creditPackages),
  pay: (body: CallBody<typeof endpoints.pay>) => call(endpoints.pay, { body }),
  payment: (id: string) => call(endpoints.paymentStatus, { params: { id } }),
  cryptoTopUp: (body: CallBody<typeof endpoints.cryptoTopUp>) => call(endpoints.cryptoTopUp, { body }),
  cards: () => call(endpoints.listCards),
  deleteCard: (id: string) => call(endpoints.deleteCard, { query: { id } }),
  tip: (body: CallBody<typeof endpoints.sendTip>) => call(endpoints.sendTip, { body }),
};

/** A fresh key per purchase attempt: a retry of the same attempt reuses it and charges once. */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
