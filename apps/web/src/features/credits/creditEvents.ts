import type { ServerEventData } from '@parlor/contract';
import type { EventAppliers, EventEffects } from '../../app/realtimeEvent';
import type { AuthState } from '../auth/authModel';
import { pushPopup } from '../popups/popupsSlice';

/** Realtime events of the money features (STYLE "Realtime on the client"). */
export const creditAppliers: EventAppliers<AuthState> = {
  /** Part 1 §7: every open tab shows the same balance after any change (the balance is the user's). */
  total_credits(state, data) {
    if (state.user) state.user.credits = data.credits;
  },
};

/** Part 1 §3, part 2 §2: a confirmed crypto top-up opens the crypto top-up success popup. */
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
