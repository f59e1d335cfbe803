import type { FetchStatus, Message, ParentMessage } from '@parlor/contract';
import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { ForcedFlag } from './sendPipeline';

/**
 * A conversation's life (bluesky's convo agent, as a reducer): idle until opened, loading the chat
 * and its newest page, then ready; or locked (a purchase is needed first), unavailable
 * (the server refused: own user, two fans, blocked), gone (410) or error.
 */
export type ConversationStatus =
  | 'idle'
  | 'loading'
  | 'ready'
  | 'locked'
  | 'unavailable'
  /** No user has this id: nothing to open, nothing created. */
  | 'missing'
  | 'gone'
  | 'error';

/** User ids are uuids; anything else in /chats/{id} names nobody (checked before any request). */
export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const looksLikeUserId = (id: string) => USER_ID_PATTERN.test(id);

/** What a pending photo, video or GIF shows while it is prepared, uploaded and posted. */
export interface PendingMedia {
  /** An object URL of the prepared file, or the vault's or GIF's own URL; null until prepared. */
  previewUrl: string | null;
  width: number | null;
  height: number | null;
  /** Upload progress, 0-100. */
  progress: number;
  price: number;
}

/**
 * A send in flight or one that failed, text or media alike: first-class items keyed by the client's
 * send id, which every try of the send carries so the server stores one message.
 */
export interface PendingMessage {
  clientSideReceiveId: string;
  recipientId: string;
  type: 'text' | 'image' | 'video' | 'gif';
  /** The text, or a media message's caption. */
  text: string;
  /** Now + 1 hour, so it sorts after every stored message. */
  created_at: string;
  /** Media goes through preparing and uploading first; text starts at sending. */
  state: 'preparing' | 'uploading' | 'sending' | 'failed';
  error: string | null;
  media: PendingMedia | null;
  /** The message this one answers (a reply), quoted on the bubble. */
  parent?: ParentMessage | null;
}

export interface Conversation {
  status: ConversationStatus;
  error: string | null;
  chatId: string | null;
  /** Stored messages held, oldest first (ids are increasing numbers). */
  messageIds: string[];
  /** The URL of the page before the oldest held, or null at the start of the chat. */
  next: string | null;
  older: FetchStatus;
  pending: Record<string, PendingMessage>;
  flags: Record<ForcedFlag, boolean>;
  /**
   * The other user blocks media from me (their privacy setting). A Chat carries only my
   * own setting, so this is learnt from block_chat_media / allow_chat_media and from a media send
   * refused with 'Sending media blocked.'.
   */
  mediaBlockedByOther: boolean;
  /** The message the composer's next text answers ("Reply" from a message's menu), until canceled. */
  replyTo: ParentMessage | null;
}

export interface ConversationsState {
  messages: EntityState<Message, string>;
  /** By the other user's id, like the inbox. */
  byUser: Record<string, Conversation>;
  /** The conversation on screen, whose incoming messages are read at once while the page is visible. */
  active: string | null;
}

export const messagesAdapter = createEntityAdapter<Message, string>({ selectId: (m) => m._id });

/**
 * Stores messages as the server answered them, except that a bought message never turns locked
 * again: a page requested before the purchase can arrive after it (a chat opened, then Unlock
 * pressed at once), and would otherwise show the photo locked although it was paid for. A message
 * that is gone (deleted, or its self-destructing content hidden) still replaces the held one.
 */
export function upsertMessages(state: EntityState<Message, string>, messages: readonly Message[]): void {
  const fresh = messages.filter((incoming) => {
    const held = state.entities[incoming._id];
    const stale = held?.is_paid && !incoming.is_paid && !incoming.is_deleted && incoming.media !== null;
    return !stale;
  });
  messagesAdapter.upsertMany(state, fresh);
}

export const newConversation = (): Conversation => ({
  status: 'idle',
  error: null,
  chatId: null,
  messageIds: [],
  next: null,
  older: 'None',
  pending: {},
  flags: { blocked: false, ended: false, closed: false, frozen: false, noCredits: false },
  mediaBlockedByOther: false,
  replyTo: null,
});

export const initialConversationsState = (): ConversationsState => ({
  messages: messagesAdapter.getInitialState(),
  byUser: {},
  active: null,
});

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/** Adds ids to an ordered id list without duplicates, keeping it oldest first. */
export function mergeIds(held: readonly string[], incoming: readonly string[]): string[] {
  const all = new Set(held);
  let appended = true;
  const last = held[held.length - 1];
  for (const id of incoming) {
    if (all.has(id)) continue;
    if (last !== undefined && byNumber(id, last) < 0) appended = false;
    all.add(id);
  }
  const merged = [...all];
  // The common cases (a new message, an older page) need no sort; a gap filled after a reconnect does.
  return appended ? merged : merged.sort(byNumber);
}
