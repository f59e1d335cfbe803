import { PayoutCompletedEvent } from '@parlor/contract';
import type { AppStartListening } from '../../platform/listeners';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { pushPopup } from '../popups/popupsSlice';
import { usd } from './usd';

/**
 * A completed payout opens the spec's popup with its amount wherever the creator is: registered
 * with the store, unlike the earnings page's own listeners, which come with its code.
 */
export function registerPayoutPopup(startListening: AppStartListening) {
  startListening({
    actionCreator: realtimeEvent,
    effect: (action, api) => {
      if (action.payload.event !== 'payout_completed') return;
      const data = PayoutCompletedEvent.safeParse(action.payload.data);
      if (!data.success) return;
      api.dispatch(
        pushPopup({
          id: `payout-completed-${data.data._id}`,
          kind: 'basic',
          props: {
            title: 'Payout completed',
            text: `${usd(data.data.amount_usd)} is on its way to your payout method.`,
          },
        }),
      );
    },
  });
}
