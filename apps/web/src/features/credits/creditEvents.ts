import type { ServerEventData } from '@parlor/contract';
import type { EventAppliers, EventEffects } from '../../platform/realtimeEvent';
import type { AuthState } from '../auth/authModel';
import { pushPopup } from '../popups/popupsSlice';

/** Realtime events of the money features, applied to the signed-in user's state. */
export const creditAppliers: EventAppliers<AuthState> = {
  /** Every open tab shows the same balance after any change (the balance is the user's). */
  total_credits(state, data) {
    if (state.user) state.user.credits = data.credits;
  },
};

/** A confirmed crypto top-up opens the crypto top-up success popup. */
export const cryptoTopUpPopup = (data: ServerEventData<'credits_top_up'>) =>
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
  });

export const creditEffects: EventEffects = {
  credits_top_up: (data, api) => api.dispatch(cryptoTopUpPopup(data)),
};
