import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Seconds a process's presence entries survive without a heartbeat (a crashed process fades out). */
const PROCESS_TTL_S = 90;

/**
 * Counts a user's sockets across server processes, to tell when they come online (first socket
 * anywhere) and go offline (last socket anywhere). Without Redis there is one process.
 */
export interface PresenceCounter {
  /** True when this was the user's first socket anywhere. */
  connect(userId: string): Promise<boolean>;
  /** True when this was the user's last socket anywhere. */
  disconnect(userId: string): Promise<boolean>;
  /** Keeps this process's entries alive. */
  heartbeat(): Promise<void>;
  /** Drops every entry of this process (shutdown); answers the users it leaves online nowhere. */
  close(): Promise<string[]>;
  /** How many of the user's sockets in this process show a visible page (push is held back then). */
  setVisible(userId: string, count: number): Promise<void>;
  /** Whether the user has a visible page on any process. */
  anyVisible(userId: string): Promise<boolean>;
}

export function createLocalPresence(): PresenceCounter {
  const counts = new Map<string, number>();
  const visible = new Map<string, number>();
  return {
    async setVisible(userId, count) {
      if (count > 0) visible.set(userId, count);
      else visible.delete(userId);
    },
    async anyVisible(userId) {
      return (visible.get(userId) ?? 0) > 0;
    },
    async connect(userId) {
      const n = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, n);
      return n === 1;
    },
    async disconnect(userId) {
      const n = (counts.get(userId) ?? 1) - 1;
      if (n <= 0) counts.delete(userId);
      else counts.set(userId, n);
      return n <= 0;
    },
    async heartbeat() {},
    async close() {
      const users = [...counts.keys()];
      counts.clear();
      visible.clear();
      return users;
    },
  };
}

/**
 * Presence across processes in Redis. While Redis is away each answer falls back to what this
 * process knows (its own sockets), as if it were the only process: a user whose only sockets are
 * elsewhere may be announced online or offline once too often, and nothing fails. When Redis is
 * back, every socket resyncs and reconnects, which writes the entries again.
 */
export function createRedisPresence(redis: Redis, prefix: string): PresenceCounter {
  const processId = randomUUID();
  const processes = `${prefix}presence:processes`;
  const mine = `${prefix}presence:${processId}`;
  const local = new Map<string, number>();
  const visibleHere = new Map<string, number>();
  const visibleKey = (p: string) => `${prefix}presence-visible:${p}`;

  /** Redis's answer, or `fallback` (what this process knows) when Redis does not give one. */
  async function orLocal<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch {
      return fallback;
    }
  }

  async function elsewhere(userId: string): Promise<boolean> {
    const others = (await redis.smembers(processes)).filter((p) => p !== processId);
    if (others.length === 0) return false;
    const pipeline = redis.pipeline();
    for (const p of others) pipeline.hexists(`${prefix}presence:${p}`, userId);
    const answers = (await pipeline.exec()) ?? [];
    return answers.some(([, found]) => found === 1);
  }

  return {
    async setVisible(userId, count) {
      if (count > 0) visibleHere.set(userId, count);
      else visibleHere.delete(userId);
      const key = visibleKey(processId);
      await orLocal(async () => {
        if (count > 0) await redis.multi().hset(key, userId, count).expire(key, PROCESS_TTL_S).exec();
        else await redis.hdel(key, userId);
      }, undefined);
    },
    async anyVisible(userId) {
      if (visibleHere.has(userId)) return true;
      return orLocal(async () => {
        const all = await redis.smembers(processes);
        if (!all.includes(processId)) all.push(processId);
        const pipeline = redis.pipeline();
        for (const p of all) pipeline.hexists(visibleKey(p), userId);
        const answers = (await pipeline.exec()) ?? [];
        return answers.some(([, found]) => found === 1);
      }, false);
    },
    async connect(userId) {
      const n = (local.get(userId) ?? 0) + 1;
      local.set(userId, n);
      return orLocal(async () => {
        await redis
          .multi()
          .sadd(processes, processId)
          .hset(mine, userId, n)
          .expire(mine, PROCESS_TTL_S)
          .exec();
        return n === 1 && !(await elsewhere(userId));
      }, n === 1);
    },
    async disconnect(userId) {
      const n = (local.get(userId) ?? 1) - 1;
      if (n > 0) {
        local.set(userId, n);
        await orLocal(() => redis.hset(mine, userId, n), 0);
        return false;
      }
      local.delete(userId);
      return orLocal(async () => {
        await redis.hdel(mine, userId);
        return !(await elsewhere(userId));
      }, true);
    },
    async heartbeat() {
      // Without Redis there is nothing to keep alive; the caller goes on to renew the database's.
      await orLocal(async () => {
        await redis
          .multi()
          .sadd(processes, processId)
          .expire(mine, PROCESS_TTL_S)
          .expire(visibleKey(processId), PROCESS_TTL_S)
          .exec();
        // Forget processes whose entries expired (crashed or stopped without cleanup).
        for (const p of await redis.smembers(processes)) {
          if (p !== processId && (await redis.exists(`${prefix}presence:${p}`)) === 0)
            await redis.srem(processes, p);
        }
      }, undefined);
    },
    async close() {
      const users = [...local.keys()];
      local.clear();
      visibleHere.clear();
      return orLocal(async () => {
        await redis.multi().del(mine).del(visibleKey(processId)).srem(processes, processId).exec();
        const others = await redis.smembers(processes);
        if (others.length === 0 || users.length === 0) return users;
        const pipeline = redis.pipeline();
        for (const userId of users)
          for (const p of others) pipeline.hexists(`${prefix}presence:${p}`, userId);
        const answers = (await pipeline.exec()) ?? [];
        return users.filter((_, i) =>
          answers.slice(i * others.length, (i + 1) * others.length).every(([, found]) => found !== 1),
        );
      }, users);
    },
  };
}
