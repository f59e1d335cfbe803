import { type CRYPTO_CURRENCIES, ERRORS, type PaymentRequest } from '@parlor/contract';
import { redirectTo } from '../../platform/browser';
import { createApiThunk } from '../../platform/requests';
import { creditsChanged } from '../auth/authSlice';
import { loadSession } from '../auth/authThunks';
import { paymentsApi } from './paymentsApi';
import {
  finishPurchase,
  type PaymentChoice,
  type PendingPurchase,
  rememberChoice,
  rememberReturn,
} from './purchase';

export type PaymentOutcome =
  | { status: 'paid'; credits: number; finishError?: string }
  | { status: 'redirecting' }
  | { status: 'failed'; message: string };

/**
 * POST /v1/payment, then a `redirect_url` sends the browser away (the sandbox's 3-D Secure page, or
 * a real provider's hosted checkout) and back to /3ds-callback; a truthy result is success and
 * anything else a failure. On success the purchase the credits were for is
 * finished here; after 3-D Secure the /3ds-callback screen does it.
 */
export const submitPayment = createApiThunk(
  'payments/submit',
  async (
    arg: {
      body: PaymentRequest;
      backTo: string;
      resume?: PendingPurchase | undefined;
      choice?: PaymentChoice | undefined;
    },
    { dispatch },
  ): Promise<PaymentOutcome> => {
    const res = await paymentsApi.pay(arg.body);
    if (res.redirect_url) {
      rememberReturn(arg.backTo);
      if (arg.choice) rememberChoice(arg.choice);
      redirectTo(res.redirect_url);
      return { status: 'redirecting' };
    }
    if (res.result !== true) return { status: 'failed', message: res.message ?? ERRORS.default };
    dispatch(creditsChanged(res.credits));
    let finishError: string | undefined;
    if (arg.resume) {
      try {
        await finishPurchase(arg.resume, `after-${res.payment_id}`);
      } catch (error) {
        finishError = error instanceof Error ? error.message : ERRORS.default;
      }
    }
    // is_customer and the balance after any follow-up come from the server.
    void dispatch(loadSession());
    return finishError
      ? { status: 'paid', credits: res.credits, finishError }
      : { status: 'paid', credits: res.credits };
  },
);

export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export const cryptoTopUp = createApiThunk(
  'payments/cryptoTopUp',
  async (arg: { packageId: string; currency: CryptoCurrency; key: string }) =>
    paymentsApi.cryptoTopUp({ package_id: arg.packageId, currency: arg.currency, idempotency_key: arg.key }),
);
