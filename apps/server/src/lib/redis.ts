import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** Longest a request waits on one Redis command (a hung link, not a refused one) before going on without it. */
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * The process's Redis connections and whether Redis is there. Nothing a request needs waits for
 * Redis: while it is away, commands on the request path fail at once (no offline queue, no retry)
 * and each user of Redis falls back to what this process knows.
 */
export interface RedisLink {
  /** Presence and rate limits. */
  commands: Redis;
  /** The hub's PUBLISHes. */
  publisher: Redis;
  /** The hub's subscription (pub/sub needs a connection of its own). */
  subscriber: Redis;
  /** Resolves once the request-path connections are up at start. */
  ready: Promise<void>;
  /** Whether every connection is up. */
  up(): boolean;
  /** Called each time every connection is back after Redis was away. */
  onRecovered(listener: () => void): () => void;
  close(): Promise<void>;
}

const readyOnce = (c: Redis) =>
  c.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => c.once('ready', () => resolve()));

export function connectRedis(url: string, log: FastifyBaseLogger): RedisLink {
  const failFast: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
  };
  const commands = new Redis(url, failFast);
  // Auto-pipelining sends the events published in one tick (a message's three) in one write.
  const publisher = new Redis(url, { ...failFast, enableAutoPipelining: true });
  // No request waits on it: its SUBSCRIBE waits for the connection, and it subscribes again by
  // itself after every reconnect.
  const subscriber = new Redis(url, { maxRetriesPerRequest: 3 });
  const all = [commands, publisher, subscriber];
  const recovered = new Set<() => void>();

  /** 'starting' until every connection first came up: a slow start is no outage. */
  let state: 'starting' | 'up' | 'down' = 'starting';
  let closing = false;
  const up = () => all.every((c) => c.status === 'ready');
  const check = () => {
    if (closing) return;
    if (up()) {
      if (state === 'down') {
        log.warn('Redis is back: realtime fan-out, shared presence and shared rate limits resume');
        state = 'up';
        for (const listener of recovered) listener();
      }
      state = 'up';
    } else if (state === 'up') {
      state = 'down';
      // Once per outage; the reconnect attempts that follow are logged at debug only.
      log.warn(
        'Redis is unreachable: serving without it (events reach this process only, presence and rate limits are per process)',
      );
    }
  };
  for (const c of all) {
    for (const event of ['ready', 'close', 'end', 'reconnecting']) c.on(event, check);
    c.on('error', (err) => log.debug({ err }, 'redis connection error'));
  }

  return {
    commands,
    publisher,
    subscriber,
    ready: Promise.all([readyOnce(commands), readyOnce(publisher)]).then(() => undefined),
    up,
    onRecovered(listener) {
      recovered.add(listener);
      return () => recovered.delete(listener);
    },
    async close() {
      closing = true;
      recovered.clear();
      subscriber.disconnect();
      commands.disconnect();
      // QUIT waits for the PUBLISHes before it (the hub's last events).
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
