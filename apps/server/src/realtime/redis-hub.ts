import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from '../lib/redis';
import type { Hub } from './hub';

/**
 * Cross-process fan-out. Each event reaches this process's listeners at once, as with the local
 * hub, so sockets on the sending process never depend on Redis; it also goes through one Redis
 * channel to the other processes. Every payload starts with this process's id, and a process skips
 * its own payloads when Redis hands them back.
 *
 * Events published in one turn of the event loop (a message's `new_message` to both sides and the
 * recipient's `unread_messages`; under load, many messages' events) travel as one Redis message of
 * `userId|frame` lines after the id line: one PUBLISH and one delivery to each process instead of
 * one per event. JSON never holds a raw line break, so the lines split safely; their order is kept.
 *
 * Ended sessions go on a second channel of the same connections, so each process closes the
 * session's sockets; the PUBLISH is awaited, and Redis delivers a subscriber's messages in the
 * order it received them, so no event published afterwards reaches those sockets first.
 *
 * While Redis is away the other processes miss what this one publishes, and this one misses
 * theirs. When it is back, this process's sockets are told to resync; and if this process had to
 * drop events, it says so on a third channel, so that the others' sockets resync too (they may
 * have come back earlier and already resynced before this process's last dropped event).
 */
export function createRedisHub(link: RedisLink, prefix: string, log: FastifyBaseLogger): Hub {
  const { publisher: pub, subscriber: sub } = link;
  const processId = randomUUID();
  const channel = `${prefix}events`;
  const sessionsChannel = `${prefix}sessions-ended`;
  const resyncChannel = `${prefix}resync`;
  const listeners = new Set<(userId: string, frame: string) => void>();
  const ended = new Set<(tokenId: string) => void>();
  const resyncs = new Set<() => void>();
  /** Events or session ends of this process that the others did not get. */
  let dropped = false;
  const lost = (err: unknown) => {
    dropped = true;
    log.debug({ err }, 'redis publish failed');
  };

  const deliver = (userId: string, frame: string) => {
    for (const listener of listeners) listener(userId, frame);
  };
  const endHere = (tokenId: string) => {
    for (const listener of ended) listener(tokenId);
  };
  const resync = () => {
    for (const listener of resyncs) listener();
  };

  const ready = Promise.all([sub.subscribe(channel, sessionsChannel, resyncChannel), link.ready]).then(
    () => undefined,
  );
  sub.on('message', (from: string, payload: string) => {
    const head = payload.indexOf('\n');
    const sender = head < 0 ? payload : payload.slice(0, head);
    if (sender === processId) return;
    const body = head < 0 ? '' : payload.slice(head + 1);
    if (from === sessionsChannel) return endHere(body);
    if (from === resyncChannel) return resync();
    for (const line of body.split('\n')) {
      const cut = line.indexOf('|');
      if (cut < 0) continue;
      deliver(line.slice(0, cut), line.slice(cut + 1));
    }
  });
  const stopRecovered = link.onRecovered(() => {
    resync();
    if (!dropped) return;
    dropped = false;
    pub.publish(resyncChannel, processId).catch(lost);
  });

  let queued: string[] = [];
  const flush = () => {
    // Already sent early, by endSession.
    if (queued.length === 0) return;
    const payload = `${processId}\n${queued.join('\n')}`;
    queued = [];
    pub.publish(channel, payload).catch(lost);
  };
  return {
    ready,
    publish(userId, event, data) {
      const frame = JSON.stringify({ event, data });
      deliver(userId, frame);
      if (queued.length === 0) setImmediate(flush);
      queued.push(`${userId}|${frame}`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async endSession(tokenId) {
      endHere(tokenId);
      // Events of this turn go out first, as they were published first.
      flush();
      // Without Redis the other processes' sockets of the session close on the resync that
      // follows its return (they reconnect with a revoked token), or at their next session sweep.
      await pub.publish(sessionsChannel, `${processId}\n${tokenId}`).catch(lost);
    },
    onSessionEnd(listener) {
      ended.add(listener);
      return () => ended.delete(listener);
    },
    onResync(listener) {
      resyncs.add(listener);
      return () => resyncs.delete(listener);
    },
    async close() {
      // Events of the last turn still go out: the link's QUIT waits for the commands before it.
      flush();
      stopRecovered();
      listeners.clear();
      ended.clear();
      resyncs.clear();
    },
  };
}
