import type { AppStartListening } from '../../platform/listeners';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { userUpdated } from '../auth/authSlice';

/**
 * The server's user.update after broadcast_done carries only is_broadcasting, which the signed-in
 * user (kept whole) does not take: the user is brought up to date here, wherever the creator is,
 * so the broadcast screen opened later does not think a send is still running.
 */
export function registerBroadcastingFlag(startListening: AppStartListening) {
  startListening({
    actionCreator: realtimeEvent,
    effect: (action, api) => {
      if (action.payload.event !== 'broadcast_done') return;
      const user = api.getState().auth.user;
      if (user?.is_broadcasting) api.dispatch(userUpdated({ ...user, is_broadcasting: false }));
    },
  });
}
