import type { EffectApi, EventEffects } from '../../app/realtimeEvent';
import { markChatRead } from '../chats/inboxThunks';
import type { ConversationsState } from './conversationModel';
import { resyncConversation } from './conversationThunks';

type Root = { conversations: ConversationsState };

/** Side effects of conversation events: a message arriving on screen is read at once. */
export const conversationEffects: EventEffects = {
  new_message(data, api) {
    if (data.sender_id === api.me) return;
    const { active } = (api.getState() as Root).conversations;
    const visible = typeof document === 'undefined' || !document.hidden;
    if (active === data.sender_id && visible) void api.dispatch(markChatRead(data.sender_id));
  },
};

/**
 * After a reconnect: the open conversation fetches what arrived meanwhile. Others held in memory
 * catch up when opened (openConversation merges the newest page).
 */
export const resyncOpenConversation = () => (dispatch: EffectApi['dispatch'], getState: () => unknown) => {
  const { active } = (getState() as Root).conversations;
  if (active) void dispatch(resyncConversation(active));
};
