import { connectionChanged } from '../../platform/connectionSlice';
import { type AppStartListening, startAppListening } from '../../platform/listeners';
import { addEventEffects, afterQuiet, type EventEffects } from '../../platform/realtimeEvent';
import { selectBroadcast } from './broadcastSlice';
import {
  cancelScheduled,
  loadBroadcasts,
  loadScheduled,
  postBroadcast,
  updateScheduled,
} from './broadcastThunks';

export const SALES_QUIET_MS = 500;

/**
 * The stats list follows the sends: a new broadcast appears at the top once accepted, a finished
 * one is read again (finish time, reads), and a 409 loads the one still sending, whose progress the
 * screen then shows. Only once the list was opened: nothing is fetched for a screen not visited.
 * Added when the screen's code loads (below); `is_broadcasting` is broadcastingFlag.ts's.
 */
function registerBroadcastListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: postBroadcast.fulfilled,
    effect: async (action, api) => {
      if (action.payload.status === 'scheduled') await api.dispatch(loadScheduled({ reset: true }));
      else await api.dispatch(loadBroadcasts({ reset: true }));
    },
  });
  // A scheduled broadcast that started meanwhile (409) is read again in both lists: it left one for the other.
  for (const thunk of [updateScheduled, cancelScheduled]) {
    startListening({
      actionCreator: thunk.rejected,
      effect: async (action, api) => {
        if (action.payload?.status !== 409) return;
        await Promise.all([
          api.dispatch(loadScheduled({ reset: true })),
          api.dispatch(loadBroadcasts({ reset: true })),
        ]);
      },
    });
  }
  startListening({
    actionCreator: postBroadcast.rejected,
    effect: async (action, api) => {
      if (action.payload?.status === 409) await api.dispatch(loadBroadcasts({ reset: true }));
    },
  });
  // Progress sent while the socket was down is lost: after a reconnect the figures are read again.
  startListening({
    actionCreator: connectionChanged,
    effect: async (action, api) => {
      if (!action.payload || api.getOriginalState().connection.connected !== false) return;
      const { stats, stage } = selectBroadcast(api.getState());
      if (stats.status === 'None' && stage !== 'broadcasting') return;
      await api.dispatch(loadBroadcasts({ reset: true }));
    },
  });
}

const salesQuiet = afterQuiet(SALES_QUIET_MS);

const broadcastEffects: EventEffects = {
  // A broadcast the sent list does not hold yet started (a scheduled one's time came): it is read in.
  broadcast_progress(data, api) {
    const { stats } = selectBroadcast(api.getState());
    if (stats.status !== 'Fetched' || stats.items.some((b) => b._id === data._id)) return;
    void api.dispatch(loadBroadcasts({ reset: true }));
  },
  broadcast_done(_data, api) {
    if (selectBroadcast(api.getState()).stats.status === 'None') return;
    void api.dispatch(loadBroadcasts({ reset: true }));
  },
  // A sale may be of a broadcast's copy: its purchases and earnings are read again. Sales come in
  // bursts after a paid broadcast, so one read follows a short quiet spell.
  message_paid(_data, api) {
    const { stats } = selectBroadcast(api.getState());
    if (stats.status === 'None' || stats.items.length === 0) return;
    salesQuiet(() => void api.dispatch(loadBroadcasts({ reset: true })));
  },
};

registerBroadcastListeners(startAppListening);
addEventEffects(broadcastEffects);
