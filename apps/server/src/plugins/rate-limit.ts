import rateLimit from '@fastify/rate-limit';
import { ERRORS } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { DomainError } from '../lib/errors';

/**
 * Registered with `global: false`: only routes that opt in (sign-in, sign-up, codes) are limited,
 * so the WebSocket upgrade is never throttled. With Redis the counts are shared by all processes.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | undefined, prefix: string) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${prefix}rl:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new DomainError(429, 'too_many_requests', `${ERRORS.tooManyRequests} (retry in ${context.after})`),
  });
}
