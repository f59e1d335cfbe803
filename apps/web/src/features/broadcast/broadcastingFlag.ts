import type { EventEffects } from '../../platform/realtimeEvent';
import { userUpdated } from '../auth/authSlice';

/**
 * The server's user.update after broadcast_done carries only is_broadcasting, which the signed-in
 * user (kept whole) does not take: the user is brought up to date here, wherever the creator is,
 * so the broadcast screen opened later does not think a send is still running.
 */
export const broadcastingFlagEffects: EventEffects = {
  broadcast_done(_data, api) {
    const user = api.getState().auth.user;
    if (user?.is_broadcasting) api.dispatch(userUpdated({ ...user, is_broadcasting: false }));
  },
};
