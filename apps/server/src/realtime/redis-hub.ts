import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Hub } from './hub';

/**
 * Cross-process fan-out: every event goes through one Redis channel and each process delivers the
 * frames whose user has a socket on it. Pub/sub needs its own connection.
 *
 * Events published in one turn of the event loop (a message's `new_message` to both sides and the
 * recipient's `unread_messages`; under load, many messages' events) travel as one Redis message of
 * `userId|frame` lines: one PUBLISH and one delivery to each process instead of one per event.
 * JSON never holds a raw line break, so the lines split safely; their order is kept.
 *
 * Ended sessions go on a second channel of the same connections, so each process closes the
 * session's sockets; the PUBLISH is awaited, and Redis delivers a subscriber's messages in the
 * order it received them, so no event published afterwards reaches those sockets first.
 */
export function createRedisHub(url: string, prefix: string, log: FastifyBaseLogger): Hub {
  // Auto-pipelining sends the events published in one tick (a message's three) in one write.
  const pub = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
  const sub = new Redis(url, { maxRetriesPerRequest: 3 });
  const channel = `${prefix}events`;
  const sessionsChannel = `${prefix}sessions-ended`;
  const listeners = new Set<(userId: string, frame: string) => void>();
  const ended = new Set<(tokenId: string) => void>();
  const ready = sub.subscribe(channel, sessionsChannel).then(() => undefined);
  sub.on('message', (from: string, payload: string) => {
    if (from === sessionsChannel) {
      for (const listener of ended) listener(payload);
      return;
    }
    for (const line of payload.split('\n')) {
      const cut = line.indexOf('|');
      if (cut < 0) continue;
      const userId = line.slice(0, cut);
      const frame = line.slice(cut + 1);
      for (const listener of listeners) listener(userId, frame);
    }
  });
  let queued: string[] = [];
  const flush = () => {
    // Already sent early, by endSession.
    if (queued.length === 0) return;
    const payload = queued.join('\n');
    queued = [];
    pub.publish(channel, payload).catch((err: unknown) => log.error({ err }, 'redis publish failed'));
  };
  for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err }, 'redis hub connection error'));
  return {
    ready,
    publish(userId, event, data) {
      if (queued.length === 0) setImmediate(flush);
      queued.push(`${userId}|${JSON.stringify({ event, data })}`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async endSession(tokenId) {
      // Events of this turn go out first, as they were published first.
      flush();
      await pub.publish(sessionsChannel, tokenId);
    },
    onSessionEnd(listener) {
      ended.add(listener);
      return () => ended.delete(listener);
    },
    async close() {
      // Events of the last turn still go out: QUIT waits for the commands before it.
      flush();
      listeners.clear();
      ended.clear();
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
