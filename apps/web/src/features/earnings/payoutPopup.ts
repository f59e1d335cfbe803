import { PayoutCompletedEvent } from '@parlor/contract';
import type { EventEffects } from '../../platform/realtimeEvent';
import { pushPopup } from '../popups/popupsSlice';
import { usd } from './usd';

/**
 * A completed payout opens the spec's popup with its amount wherever the creator is: added with the
 * app's effects, unlike the earnings page's own, which come with its code.
 */
export const payoutEffects: EventEffects = {
  payout_completed(data, api) {
    const payout = PayoutCompletedEvent.safeParse(data);
    if (!payout.success) return;
    api.dispatch(
      pushPopup({
        id: `payout-completed-${payout.data._id}`,
        kind: 'basic',
        props: {
          title: 'Payout completed',
          text: `${usd(payout.data.amount_usd)} is on its way to your payout method.`,
        },
      }),
    );
  },
};
