import { connectionChanged } from '../../platform/connectionSlice';
import { type AppStartListening, startAppListening } from '../../platform/listeners';
import { realtimeEvent } from '../../platform/realtimeEvent';
import {
  loadAccountInfo,
  loadPayouts,
  loadSeries,
  loadTotals,
  requestPayout,
  selectEarnings,
  submitAml,
} from './earningsSlice';

/** Sales come in bursts (a paid broadcast): one read after a short quiet spell. */
export const EARNINGS_QUIET_MS = 600;
const MONEY_EVENTS = new Set(['message_paid', 'sale_commissions', 'payout_completed', 'new_fan']);

/** A sale, a commission, a payout or a new fan or subscriber; a tip comes as its chat message. */
function movesEarnings(event: string, data: unknown): boolean {
  if (MONEY_EVENTS.has(event)) return true;
  const tip = (data as { unread_tip?: unknown } | null)?.unread_tip;
  return event === 'new_message' && typeof tip === 'number' && tip > 0;
}

/**
 * The earnings page follows the money without a reload: a sale, a tip, a referral commission, a new
 * subscriber or a completed payout reads the shown totals and series again (only once the page was
 * opened). Registered when the page's code loads (below); the payout popup is in payoutPopup.ts.
 */
function registerEarningsListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: realtimeEvent,
    effect: async (action, api) => {
      if (!movesEarnings(action.payload.event, action.payload.data)) return;
      if (!selectEarnings(api.getState()).opened) return;
      api.cancelActiveListeners();
      await api.delay(EARNINGS_QUIET_MS);
      const { period, range } = selectEarnings(api.getState());
      await Promise.all([api.dispatch(loadTotals(period)), api.dispatch(loadSeries(range))]);
    },
  });
  // A new payout holds money and a new AML status may change the form: balances and info again.
  startListening({
    actionCreator: requestPayout.fulfilled,
    effect: async (_action, api) => {
      await api.dispatch(loadTotals(selectEarnings(api.getState()).period));
    },
  });
  startListening({
    actionCreator: submitAml.fulfilled,
    effect: async (_action, api) => {
      await api.dispatch(loadAccountInfo());
    },
  });
  // Events sent while the socket was down are lost: after a reconnect the page reads everything.
  startListening({
    actionCreator: connectionChanged,
    effect: async (action, api) => {
      if (!action.payload || api.getOriginalState().connection.connected !== false) return;
      const { opened, period, range } = selectEarnings(api.getState());
      if (!opened) return;
      await Promise.all([
        api.dispatch(loadTotals(period)),
        api.dispatch(loadSeries(range)),
        api.dispatch(loadPayouts({ reset: true })),
      ]);
    },
  });
}

registerEarningsListeners(startAppListening);
