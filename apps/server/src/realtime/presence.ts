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
}

export function createLocalPresence(): PresenceCounter {
  const counts = new Map<string, number>();
  return {
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
      return users;
    },
  };
}

export function createRedisPresence(redis: Redis, prefix: string): PresenceCounter {
  const processId = randomUUID();
  const processes = `${prefix}presence:processes`;
  const mine = `${prefix}presence:${processId}`;
  const local = new Map<string, number>();

  async function elsewhere(userId: string): Promise<boolean> {
    const others = (await redis.smembers(processes)).filter((p) => p !== processId);
    if (others.length === 0) return false;
    const pipeline = redis.pipeline();
    for (const p of others) pipeline.hexists(`${prefix}presence:${p}`, userId);
    const answers = (await pipeline.exec()) ?? [];
    return answers.some(([, found]) => found === 1);
  }

  return {
    async connect(userId) {
      const n = (local.get(userId) ?? 0) + 1;
      local.set(userId, n);
      await redis.multi().sadd(processes, processId).hset(mine, userId, n).expire(mine, PROCESS_TTL_S).exec();
      return n === 1 && !(await elsewhere(userId));
    },
    async disconnect(userId) {
      const n = (local.get(userId) ?? 1) - 1;
      if (n > 0) {
        local.set(userId, n);
        await redis.hset(mine, userId, n);
        return false;
      }
      local.delete(userId);
      await redis.hdel(mine, userId);
      return !(await elsewhere(userId));
    },
    async heartbeat() {
      await redis.multi().sadd(processes, processId).expire(mine, PROCESS_TTL_S).exec();
      // Forget processes whose entries expired (crashed or stopped without cleanup).
      for (const p of await redis.smembers(processes)) {
        if (p !== processId && (await redis.exists(`${prefix}presence:${p}`)) === 0)
          await redis.srem(processes, p);
      }
    },
    async close() {
      const users = [...local.keys()];
      local.clear();
      await redis.multi().del(mine).srem(processes, processId).exec();
      const others = await redis.smembers(processes);
      if (others.length === 0 || users.length === 0) return users;
      const pipeline = redis.pipeline();
      for (const userId of users) for (const p of others) pipeline.hexists(`${prefix}presence:${p}`, userId);
      const answers = (await pipeline.exec()) ?? [];
      return users.filter((_, i) =>
        answers.slice(i * others.length, (i + 1) * others.length).every(([, found]) => found !== 1),
      );
    },
  };
}
