import type { ServerEventData } from '@parlor/contract';
import type { UnknownAction } from '@reduxjs/toolkit';
import { creditsChanged } from '../auth/authSlice';
import { pushPopup } from '../popups/popupsSlice';

/**
 * Realtime events of the money features, as the actions a fetch would dispatch (STYLE "Realtime on
 * the client"). The socket module validates each frame and dispatches what these answer.
 */
export const creditEventActions = {
  /** Part 1 §7: every open tab shows the same balance after any change. */
  total_credits: (data: ServerEventData<'total_credits'>): UnknownAction[] => [creditsChanged(data.credits)],
  /** Part 1 §3, part 2 §2: a confirmed crypto top-up opens the crypto top-up success popup. */
  credits_top_up: (data: ServerEventData<'credits_top_up'>): UnknownAction[] => [
    pushPopup({
      id: `crypto-top-up-${data.transaction_id}`,
      kind: 'payments',
      props: {
        type: 'cryptoTopUpSuccess',
        credits: data.credits,
        paidAmount: data.paid_amount,
        paidCurrency: data.paid_currency,
        fee: data.fee,
      },
    }),
  ],
} as const;
