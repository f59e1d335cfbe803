import type { ServerEventData } from '@parlor/contract';
import type { EventEffects } from '../../platform/realtimeEvent';
import { pushPopup } from '../popups/popupsSlice';

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
