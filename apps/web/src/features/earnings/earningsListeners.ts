import { connectionChanged } from '../../platform/connectionSlice';
import { type AppStartListening, startAppListening } from '../../platform/listeners';
import { addEventEffects, afterQuiet, type EffectApi, type EventEffects } from '../../platform/realtimeEvent';
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

/**
 * What the page's own calls and a reconnect read again. Registered when the page's code loads
 * (below), with its event effects; the payout popup is in payoutPopup.ts.
 */
function registerEarningsListeners(startListening: AppStartListening) {
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

const moneyQuiet = afterQuiet(EARNINGS_QUIET_MS);

/**
 * The earnings page follows the money without a reload: a sale, a tip, a referral commission, a new
 * subscriber or a completed payout reads the shown totals and series again (only once the page was
 * opened), once after a burst.
 */
function followMoney(_data: unknown, api: EffectApi): void {
  if (!selectEarnings(api.getState()).opened) return;
  moneyQuiet(() => {
    const { period, range } = selectEarnings(api.getState());
    void api.dispatch(loadTotals(period));
    void api.dispatch(loadSeries(range));
  });
}

const earningsEffects: EventEffects = {
  message_paid: followMoney,
  sale_commissions: followMoney,
  payout_completed: followMoney,
  new_fan: followMoney,
  // A tip comes as its chat message.
  new_message(data, api) {
    const tip = (data as { unread_tip?: unknown } | null)?.unread_tip;
    if (typeof tip === 'number' && tip > 0) followMoney(data, api);
  },
};

registerEarningsListeners(startAppListening);
addEventEffects(earningsEffects);
