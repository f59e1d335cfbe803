import type { AppStartListening } from '../../platform/listeners';
import type { EventEffects } from '../../platform/realtimeEvent';
import type { AppThunk } from '../../platform/storeTypes';
import { loadOlderMessages, openConversation, readLoaded, resyncConversation } from './conversationThunks';

/** Side effects of conversation events: a message arriving on screen is read at once. */
export const conversationEffects: EventEffects = {
  new_message(data, api) {
    if (data.sender_id === api.me) return;
    const { active } = api.getState().conversations;
    if (active === data.sender_id) api.dispatch(readLoaded(data.sender_id));
  },
};

/**
 * After a reconnect: the open conversation fetches what arrived meanwhile. Others held in memory
 * catch up when opened (openConversation merges the newest page).
 */
export const resyncOpenConversation = (): AppThunk => (dispatch, getState) => {
  const { active } = getState().conversations;
  if (active) void dispatch(resyncConversation(active));
};

/** A page of messages that lands in the open conversation is read. */
export function registerConversationListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: openConversation.fulfilled,
    effect: (action, api) => {
      api.dispatch(readLoaded(action.meta.arg.otherUserId));
    },
  });
  startListening({
    actionCreator: loadOlderMessages.fulfilled,
    effect: (action, api) => {
      api.dispatch(readLoaded(action.meta.arg));
    },
  });
}
