import type { Message } from '@parlor/contract';
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../platform/storeTypes';
import { newConversation, type PendingMessage } from './conversationModel';

const EMPTY = newConversation();

export const selectConversation = (s: RootState, otherUserId: string) =>
  s.conversations.byUser[otherUserId] ?? EMPTY;

export type TimelineItem =
  | { kind: 'message'; message: Message }
  | { kind: 'pending'; pending: PendingMessage };

export interface Timeline {
  items: TimelineItem[];
  /** Part 2: 'Seen' goes under the newest own message the other side has read. */
  seenId: string | null;
}

/** Stored messages oldest first, then pending and failed sends (created now + 1 h, so last). */
export const makeSelectTimeline = () =>
  createSelector(
    [
      (s: RootState, otherUserId: string) => selectConversation(s, otherUserId),
      (s: RootState) => s.conversations.messages.entities,
      (_s: RootState, _otherUserId: string, me: string | undefined) => me,
    ],
    (convo, entities, me): Timeline => {
      const items: TimelineItem[] = [];
      let seenId: string | null = null;
      for (const id of convo.messageIds) {
        const message = entities[id];
        if (!message) continue;
        items.push({ kind: 'message', message });
        if (message.sender_id === me && message.is_read) seenId = id;
      }
      const pending = Object.values(convo.pending).sort((a, b) => a.created_at.localeCompare(b.created_at));
      for (const p of pending) items.push({ kind: 'pending', pending: p });
      return { items, seenId };
    },
  );
