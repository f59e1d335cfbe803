import {
  CreditPackageList,
  CryptoTopUpResponse,
  type PaymentRequest,
  PaymentResponse,
  SavedCardList,
  TipResponse,
} from '@parlor/contract';
import { api } from '../../app/api';

// The calls of the money features (part 2 §7), each parsed with its contract schema.

export const paymentsApi = {
  packages: () => api.get('/v1/credit-packages', { schema: CreditPackageList }),
  pay: (body: PaymentRequest) => api.post('/v1/payment', body, { schema: PaymentResponse }),
  cryptoTopUp: (body: { package_id: string; currency: string; idempotency_key: string }) =>
    api.post('/v1/payment/crypto', body, { schema: CryptoTopUpResponse }),
  cards: () => api.get('/v1/cc', { schema: SavedCardList }),
  deleteCard: (id: string) => api.delete('/v1/cc', { query: { id }, schema: SavedCardList }),
  tip: (body: {
    recipient_id: string;
    chat_id?: string;
    amount: number;
    text?: string;
    idempotency_key: string;
  }) => api.post('/v1/tips', body, { schema: TipResponse }),
};

/** A fresh key per purchase attempt: a retry of the same attempt reuses it and charges once. */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
