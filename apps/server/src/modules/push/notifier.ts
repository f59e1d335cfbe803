import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { MessagesTable } from '../../db/schema';
import type { DomainEvents, EventName } from '../../events/types';
import { pushRepository } from './repository';
import { EMAIL_GROUP_MS, type Notice, notify } from './service';

type MessageRow = Selectable<MessagesTable>;

const PREVIEW_CHARS = 120;
/** Notices recorded side by side (each is one short query, and a write when it goes out). */
const RECORD_CONCURRENCY = 4;
/** Notices waiting beyond this are dropped (logged): a huge broadcast must not grow memory without end. */
const MAX_BACKLOG = 50_000;

/** How a message reads in a notice: a locked paid one says only what it is. */
function preview(message: Pick<MessageRow, 'type' | 'price' | 'text'>): string {
  const text = message.text;
  if (message.price > 0 && message.type !== 'tip')
    return `Sent you a paid ${message.type === 'video' ? 'video' : 'message'}`;
  switch (message.type) {
    case 'image':
      return text ? `📷 ${text}` : 'Sent you a photo';
    case 'video':
      return text ? `🎬 ${text}` : 'Sent you a video';
    case 'gif':
      return 'Sent you a GIF';
  }
  const t = (text ?? '').trim();
  return t.length > PREVIEW_CHARS ? `${t.slice(0, PREVIEW_CHARS - 1)}…` : t || 'New message';
}

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/** A notice in the making: who it names (looked up with the recipient) and how it reads then. */
interface Draft {
  userId: string;
  actorId: string | null;
  /** Told by push only (no email): someone looking at the app already sees it. */
  pushOnly: boolean;
  build(actor: string | undefined): Notice;
}

/** A new message to its recipient, by push only; system notes are not news. */
function messageDraft(row: MessageRow): Draft | undefined {
  if (row.system) return undefined;
  return {
    userId: row.recipient_id,
    actorId: row.sender_id,
    pushOnly: true,
    build: (sender = 'Someone') => ({
      userId: row.recipient_id,
      category: 'notifications',
      groupKey: `chat:${row.chat_id}`,
      title: sender,
      body: preview(row),
      url: `/chats/${row.sender_id}`,
    }),
  };
}

/** A notice that names someone the event already names: no lookup of their name. */
const named = (name: string, notice: (name: string) => Notice): Pick<Draft, 'actorId' | 'build'> => ({
  actorId: null,
  build: () => notice(name),
});

const tipDraft = (e: DomainEvents['tip_sent']): Draft => ({
  userId: e.creatorId,
  pushOnly: false,
  ...named(e.fan.username, (fan) => ({
    userId: e.creatorId,
    category: 'payments',
    groupKey: 'tips',
    title: 'New tip',
    body: `${fan} sent you a tip of ${credits(e.amount)}`,
    url: `/chats/${e.fan.id}`,
    emailDelayMs: EMAIL_GROUP_MS,
  })),
});

const unlockDraft = (e: DomainEvents['item_bought']): Draft => ({
  userId: e.sellerId,
  pushOnly: false,
  ...named(e.buyer.username, (buyer) => ({
    userId: e.sellerId,
    category: 'payments',
    groupKey: 'unlocks',
    title: 'Paid message unlocked',
    body: `${buyer} unlocked your message for ${credits(e.price)}`,
    url: `/chats/${e.buyer.id}`,
    emailDelayMs: EMAIL_GROUP_MS,
  })),
});

const subscriberDraft = (e: DomainEvents['subscription_started']): Draft => ({
  userId: e.creatorId,
  pushOnly: false,
  ...named(e.fan.username, (fan) => ({
    userId: e.creatorId,
    category: 'payments',
    groupKey: 'subscribers',
    title: 'New subscriber',
    body: `${fan} subscribed to you`,
    url: `/chats/${e.fan.id}`,
    emailDelayMs: EMAIL_GROUP_MS,
  })),
});

const payoutDraft = (e: DomainEvents['payout_completed']): Draft => ({
  userId: e.userId,
  actorId: null,
  pushOnly: false,
  build: () => ({
    userId: e.userId,
    category: 'payouts',
    groupKey: `payouts:${e.payoutId}`,
    title: 'Payout completed',
    body: `Your payout of $${e.amountUsd} is complete`,
    url: '/account/earnings/summary',
    emailDelayMs: 0,
  }),
});

/** What the notifier hears: the domain events people are told about while away. */
export interface NoticeSubscribers {
  message_stored(e: DomainEvents['message_stored']): void;
  messages_sent(e: DomainEvents['messages_sent']): void;
  tip_sent(e: DomainEvents['tip_sent']): void;
  item_bought(e: DomainEvents['item_bought']): void;
  subscription_started(e: DomainEvents['subscription_started']): void;
  payout_completed(e: DomainEvents['payout_completed']): void;
  /** Waits for the notices being recorded (tests, and shutdown before the database closes). */
  flush(): Promise<void>;
}

/**
 * Turns committed domain events into notices (new messages of every origin, tips, paid unlocks,
 * new subscribers, completed payouts): the modules that write them know nothing of notifications.
 * Recording runs beside the request and its failure is only logged (the write already stands).
 */
export function createNotifier(
  ctx: AppContext,
  log: FastifyBaseLogger,
  /** Whether the user has a visible page on this process's sockets (no round trip). */
  visibleHere: (userId: string) => boolean,
): NoticeSubscribers {
  // A broadcast stores thousands of messages at once: notices are recorded a few at a time so
  // they never take the database's connections from requests, and past a backlog they are dropped.
  const waiting: (() => Promise<void>)[] = [];
  let running = 0;
  let idle: { promise: Promise<void>; resolve: () => void } | undefined;
  const next = () => {
    while (running < RECORD_CONCURRENCY && waiting.length > 0) {
      const work = waiting.shift() as () => Promise<void>;
      running++;
      void work().finally(() => {
        running--;
        next();
      });
    }
    if (running === 0 && waiting.length === 0 && idle) {
      idle.resolve();
      idle = undefined;
    }
  };
  const record = (draft: Draft | undefined, event: EventName) => {
    // A message that lands on a page being looked at needs no push: the common case of a busy
    // inbox costs no query at all.
    if (!draft || (draft.pushOnly && visibleHere(draft.userId))) return;
    if (waiting.length >= MAX_BACKLOG) {
      log.warn({ event }, 'notification backlog full: notice dropped');
      return;
    }
    waiting.push(() =>
      pushRepository
        .noticeTarget(ctx.db, draft.userId, draft.actorId)
        .then((target) => (target ? notify(ctx, draft.build(target.actor ?? undefined), target) : undefined))
        .catch((err: unknown) => log.warn({ err, event }, 'notification not recorded')),
    );
    next();
  };
  return {
    message_stored: (e) => record(messageDraft(e.message), 'message_stored'),
    messages_sent: (e) => {
      for (const row of e.messages) record(messageDraft(row), 'messages_sent');
    },
    tip_sent: (e) => record(tipDraft(e), 'tip_sent'),
    // Paid posts are seen in the creator's earnings; a paid message is news of a chat.
    item_bought: (e) => record(e.item === 'message' ? unlockDraft(e) : undefined, 'item_bought'),
    subscription_started: (e) => record(subscriberDraft(e), 'subscription_started'),
    payout_completed: (e) => record(payoutDraft(e), 'payout_completed'),
    flush() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      if (!idle) {
        let resolve = () => {};
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        idle = { promise, resolve };
      }
      return idle.promise;
    },
  };
}
