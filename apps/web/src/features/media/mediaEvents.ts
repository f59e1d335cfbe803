import type { EventEffects } from '../../app/realtimeEvent';
import { messagesMerged } from '../conversation/conversationActions';
import { earningsStore } from './earnings';

/**
 * Paid-content events. `message_paid` (to the creator) carries the new earnings total;
 * `paid_content` (to the fan's other tabs) carries the unlocked message, applied like a fetch.
 */
export const mediaEffects: EventEffects = {
  message_paid(data) {
    earningsStore.set(data.earnings);
  },
  paid_content(data, api) {
    api.dispatch(messagesMerged({ otherUserId: data.message.sender_id, messages: [data.message] }));
  },
};
