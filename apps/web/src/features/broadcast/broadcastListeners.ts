import type { AppStartListening } from '../../app/listeners';
import { realtimeEvent } from '../../app/realtimeEvent';
import { loadBroadcasts, postBroadcast } from './broadcastThunks';

/**
 * The stats list follows the sends: a new broadcast appears at the top once accepted, a finished
 * one is read again (finish time, reads), and a 409 loads the one still sending, whose progress the
 * screen then shows. Only once the list was opened: nothing is fetched for a screen not visited.
 */
export function registerBroadcastListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: postBroadcast.fulfilled,
    effect: async (_action, api) => {
      await api.dispatch(loadBroadcasts({ reset: true }));
    },
  });
  startListening({
    actionCreator: postBroadcast.rejected,
    effect: async (action, api) => {
      if (action.payload?.status === 409) await api.dispatch(loadBroadcasts({ reset: true }));
    },
  });
  startListening({
    actionCreator: realtimeEvent,
    effect: async (action, api) => {
      if (action.payload.event !== 'broadcast_done') return;
      if (api.getState().broadcast.stats.status === 'None') return;
      await api.dispatch(loadBroadcasts({ reset: true }));
    },
  });
}
