import type { EventEffects } from '../../platform/realtimeEvent';
import { messagesMerged } from '../conversation/conversationActions';
import { reloadMessage } from './mediaThunks';
import { loadSalesEarnings } from './salesSlice';

/**
 * Paid-content events. `message_paid` (to the creator) carries the new earnings total (salesSlice.ts
 * takes it), and the message, if held, is reloaded to show it bought; `paid_content` (to the fan's
 * other tabs) carries the unlocked message, applied like a fetch.
 */
export const mediaEffects: EventEffects = {
  message_paid(data, api) {
    const held = api.getState().conversations.messages.entities[data.message_id];
    if (held) void api.dispatch(reloadMessage(data.buyer_id, data.message_id));
  },
  // A tip comes as its chat message: the creator's earnings figures follow it at once.
  new_message(data, api) {
    if (data.unread_tip && data.unread_tip > 0 && data.recipient_id === api.me)
      void api.dispatch(loadSalesEarnings());
  },
  paid_content(data, api) {
    api.dispatch(messagesMerged({ otherUserId: data.message.sender_id, messages: [data.message] }));
  },
};
