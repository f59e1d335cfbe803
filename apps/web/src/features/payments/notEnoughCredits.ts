import { pushPopup } from '../popups/popupsSlice';
import type { PendingPurchase } from './purchase';

/**
 * The one not-enough-credits popup: after buying credits the user comes back to `backTo`, and a
 * purchase given as `resume` (a tip, a subscription) is completed there.
 */
export const notEnoughCreditsPopup = (options: {
  backTo: string;
  message?: string;
  resume?: PendingPurchase;
}) =>
  pushPopup({ id: 'not-enough-credits', kind: 'payments', props: { type: 'notEnoughCredits', ...options } });
