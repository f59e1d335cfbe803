import type { Selectable } from 'kysely';
import type { FansTable, MessagesTable, UserRow } from '../db/schema';
import type { KnownAuthor } from '../lib/seat';

/** Who acted, as subscribers name them without a lookup. */
export interface Actor {
  id: string;
  username: string;
}

/**
 * What happened, as the write that did it tells it. Each event is published once, after its
 * transaction committed; in-transaction subscribers see it before, inside that transaction.
 */
export interface DomainEvents {
  /** A message sent with POST /v1/messages was stored (and, for a fan paying a rate, paid for). */
  message_stored: {
    message: Selectable<MessagesTable>;
    sender: Actor;
    /** A fan wrote to a creator: the send that may fire first_message automatic messages. */
    fanToCreator: boolean;
    /** The statement that stored the message first recorded the sender as the recipient's fan. */
    newFan: boolean;
    /** A member of the sender's team wrote it; null when the sender did. */
    author: KnownAuthor | null;
  };
  /**
   * Messages a creator's automation stored outside a send: an automatic message, or the copies of a
   * broadcast batch handed now to the recipients who are online (the others find theirs in the chat).
   */
  messages_sent: { messages: Selectable<MessagesTable>[]; origin: 'automatic' | 'broadcast' };
  /** A paid message or a paid post was bought (the price moved through the ledger). */
  item_bought: {
    item: 'message' | 'post';
    itemId: number;
    buyer: Actor;
    sellerId: string;
    price: number;
    at: Date;
  };
  /**
   * A fan tipped a creator; the tip is the stored message `messageId`. `newFan`: the tip's statement
   * recorded the fan in `fans` for the first time (the creator hears `new_fan`).
   */
  tip_sent: { messageId: number; fan: Actor; creatorId: string; amount: number; at: Date; newFan: boolean };
  /** A fan subscribed to a creator (the first period paid). */
  subscription_started: { subscriptionId: string; fan: Actor; creatorId: string; at: Date };
  /** A user followed another; `created` is false when they already followed them. */
  followed: {
    follower: Actor & { type: UserRow['type'] };
    followee: { id: string; type: UserRow['type'] };
    created: boolean;
    at: Date;
  };
  /** An admin completed a payout: the money is on its way to `userId`. */
  payout_completed: { payoutId: number; userId: string; amountUsd: string };
  /**
   * A chat was created (a pair's first chat ever, by whichever path opened it); published in the
   * creating transaction, so a concurrent second open of the same pair publishes nothing.
   */
  chat_created: {
    chatId: string;
    opener: { id: string; type: UserRow['type']; role: UserRow['role'] };
    other: { id: string; type: UserRow['type']; role: UserRow['role'] };
    at: Date;
  };
  /** An admin froze an account: it gets a chat with support (that admin) to answer in. */
  account_frozen: {
    user: { id: string; type: UserRow['type']; role: UserRow['role'] };
    admin: { id: string; type: UserRow['type']; role: UserRow['role'] };
    /** What the frozen account is told (the admin's message or the default). */
    message: string;
  };
  /** The creator has this fan for the first time ever (by following, subscribing or paying). */
  fan_gained: { creatorId: string; fan: Actor; relationship: FansTable['relationship'] };
}

export type EventName = keyof DomainEvents;
