import type { Message, ServerEventData, ServerEventName } from '@parlor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { pushRepository } from './repository';
import { EMAIL_GROUP_MS, type Notice, notify } from './service';

const PREVIEW_CHARS = 120;
/** Notices recorded side by side (each is one short query, and a write when it goes out). */
const RECORD_CONCURRENCY = 4;
/** Notices waiting beyond this are dropped (logged): a huge broadcast must not grow memory without end. */
const MAX_BACKLOG = 50_000;

function preview(message: Message | undefined, text: string | null): string {
  if (message && message.price > 0 && !message.is_paid)
    return `Sent you a paid ${message.type === 'video' ? 'video' : 'message'}`;
  switch (message?.type) {
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
  actorId: string | null;
  /** Told by push only (no email): someone looking at the app already sees it. */
  pushOnly: boolean;
  build(actor: string | undefined): Notice;
}

/** The notice an event stands for, when it is one people are told about while away. */
function draftFor(userId: string, event: ServerEventName, data: unknown): Draft | undefined {
  switch (event) {
    case 'new_message': {
      const m = data as ServerEventData<'new_message'>;
      // The sender's own tabs hear of their message too; system notes are not news.
      if (m.recipient_id !== userId || m.system) return undefined;
      if (m.unread_tip !== null) {
        const tip = m.unread_tip;
        return {
          actorId: m.sender_id,
          pushOnly: false,
          build: (sender = 'Someone') => ({
            userId,
            category: 'payments',
            groupKey: 'tips',
            title: 'New tip',
            body: `${sender} sent you a tip of ${credits(tip)}`,
            url: `/chats/${m.sender_id}`,
            emailDelayMs: EMAIL_GROUP_MS,
          }),
        };
      }
      return {
        actorId: m.sender_id,
        pushOnly: true,
        build: (sender = 'Someone') => ({
          userId,
          category: 'notifications',
          groupKey: `chat:${m.chat_id}`,
          title: sender,
          body: preview(m.info?.message as Message | undefined, m.text),
          url: `/chats/${m.sender_id}`,
        }),
      };
    }
    case 'message_paid': {
      const p = data as ServerEventData<'message_paid'>;
      return {
        actorId: p.buyer_id,
        pushOnly: false,
        build: (buyer = 'A fan') => ({
          userId,
          category: 'payments',
          groupKey: 'unlocks',
          title: 'Paid message unlocked',
          body: `${buyer} unlocked your message for ${credits(p.price)}`,
          url: `/chats/${p.buyer_id}`,
          emailDelayMs: EMAIL_GROUP_MS,
        }),
      };
    }
    case 'new_fan': {
      const f = data as ServerEventData<'new_fan'>;
      if (f.relationship !== 'subscriber') return undefined;
      return {
        actorId: null,
        pushOnly: false,
        build: () => ({
          userId,
          category: 'payments',
          groupKey: 'subscribers',
          title: 'New subscriber',
          body: `${f.username} subscribed to you`,
          url: `/chats/${f.user_id}`,
          emailDelayMs: EMAIL_GROUP_MS,
        }),
      };
    }
    case 'payout_completed': {
      const p = data as ServerEventData<'payout_completed'>;
      return {
        actorId: null,
        pushOnly: false,
        build: () => ({
          userId,
          category: 'payouts',
          groupKey: `payouts:${p._id}`,
          title: 'Payout completed',
          body: `Your payout of $${p.amount_usd} is complete`,
          url: '/account/earnings/summary',
          emailDelayMs: 0,
        }),
      };
    }
    default:
      return undefined;
  }
}

const WATCHED = new Set<ServerEventName>(['new_message', 'message_paid', 'new_fan', 'payout_completed']);

/**
 * Every event published after a commit passes by here: the ones people are told about while away
 * (new messages, tips, paid unlocks, new subscribers, completed payouts) become notices. The modules
 * that publish them need not know about notifications; recording runs beside the publish and its
 * failure is only logged (the event itself is already out).
 */
export function watchPublishedEvents(
  ctx: AppContext,
  log: FastifyBaseLogger,
  /** Whether the user has a visible page on this process's sockets (no round trip). */
  visibleHere: (userId: string) => boolean,
): { flush(): Promise<void> } {
  const hub = ctx.hub;
  const publish = hub.publish.bind(hub);
  // A broadcast publishes thousands of messages at once: notices are recorded a few at a time so
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
  hub.publish = (userId, event, data) => {
    publish(userId, event, data);
    if (!WATCHED.has(event)) return;
    const draft = draftFor(userId, event, data);
    // A message that lands on a page being looked at needs no push: the common case of a busy
    // inbox costs no query at all.
    if (!draft || (draft.pushOnly && visibleHere(userId))) return;
    if (waiting.length >= MAX_BACKLOG) {
      log.warn({ event }, 'notification backlog full: notice dropped');
      return;
    }
    waiting.push(() =>
      pushRepository
        .noticeTarget(ctx.db, userId, draft.actorId)
        .then((target) => (target ? notify(ctx, draft.build(target.actor ?? undefined), target) : undefined))
        .catch((err: unknown) => log.warn({ err, event }, 'notification not recorded')),
    );
    next();
  };
  return {
    /** Waits for the notices being recorded (tests, and shutdown before the database closes). */
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
