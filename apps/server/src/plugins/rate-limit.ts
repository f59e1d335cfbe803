import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { ERRORS } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { DomainError } from '../lib/errors';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface Store extends FastifyRateLimitStore {
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}

// The plugin's own stores, combined below; it exports neither.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/**
 * Counts in Redis, shared by every process; a count Redis cannot give (it is away, or too slow)
 * is taken in this process instead. A limit is then per process, as looser but never absent: a
 * sign-in must neither fail because Redis is down nor go unlimited.
 */
class SharedOrLocalStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (err, result) => {
        if (!err) return callback(null, result);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number) {
    this.shared.read(
      key,
      (err, result) => {
        if (!err) return callback(null, result);
        this.local.read(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): Store {
    return new SharedOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/**
 * Registered with `global: false`: only routes that opt in (sign-in, sign-up, codes) are limited,
 * so the WebSocket upgrade is never throttled. With Redis the counts are shared by all processes.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | undefined, prefix: string) {
  const store = (shared: Redis) =>
    class extends SharedOrLocalStore {
      constructor(options: RateLimitOptions) {
        const { continueExceeding = false, exponentialBackoff = false } = options;
        super(
          new RedisStore(continueExceeding, exponentialBackoff, shared, `${prefix}rl:`),
          new LocalStore(continueExceeding, exponentialBackoff),
        );
      }
    };
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: store(redis) } : {}),
    errorResponseBuilder: (_request, context) =>
      new DomainError(429, 'too_many_requests', `${ERRORS.tooManyRequests} (retry in ${context.after})`),
  });
}
