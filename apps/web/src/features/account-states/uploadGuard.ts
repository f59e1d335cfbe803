import type { Conversation } from '../conversation/conversationModel';

/** How many media sends are still being prepared or uploaded, over every open conversation. */
export function uploadsInFlight(conversations: Record<string, Conversation | undefined>): number {
  let count = 0;
  for (const convo of Object.values(conversations)) {
    for (const item of Object.values(convo?.pending ?? {})) {
      if (item.media && (item.state === 'preparing' || item.state === 'uploading')) count++;
    }
  }
  return count;
}
