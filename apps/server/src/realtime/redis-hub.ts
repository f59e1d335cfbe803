import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Hub } from './hub';

/**
 * Cross-process fan-out: every event goes through one Redis channel and each process delivers the
 * frames whose user has a socket on it. Pub/sub needs its own connection.
 */
export function createRedisHub(url: string, prefix: string, log: FastifyBaseLogger): Hub {
  // Auto-pipelining sends the events published in one tick (a message's three) in one write.
  const pub = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
  const sub = new Redis(url, { maxRetriesPerRequest: 3 });
  const channel = `${prefix}events`;
  const listeners = new Set<(userId: string, frame: string) => void>();
  const ready = sub.subscribe(channel).then(() => undefined);
  sub.on('message', (_channel: string, payload: string) => {
    const cut = payload.indexOf('|');
    if (cut < 0) return;
    const userId = payload.slice(0, cut);
    const frame = payload.slice(cut + 1);
    for (const listener of listeners) listener(userId, frame);
  });
  for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err }, 'redis hub connection error'));
  return {
    ready,
    publish(userId, event, data) {
      pub.publish(channel, `${userId}|${JSON.stringify({ event, data })}`).catch((err: unknown) => {
        log.error({ err, event }, 'redis publish failed');
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
