import { createHash, randomBytes } from 'node:crypto';
import type { TeamPermission } from '@parlor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { DomainError, unauthorized } from '../lib/errors';
import { usersRepository } from '../modules/users/repository';

/** A team member working as the creator: the session's user is the creator. */
export interface Seat {
  memberId: string;
  username: string;
  permissions: TeamPermission[];
}

export interface AuthContext {
  user: UserRow;
  tokenId: string;
  /** Present when a member of the creator's team holds this session. */
  seat?: Seat;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Tokens are 256 random bits; only their SHA-256 is stored, so a database leak reveals no token. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A URL as logs may show it: a token in its query (the WebSocket's `?token=`) is replaced. */
export function redactTokens(url: string): string {
  return url.replace(/([?&](?:access_)?token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log line without secrets: tokens travel in headers (not logged) or the query. */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers['access-token'];
  if (typeof header === 'string' && header) return header;
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7);
  return undefined;
}

/**
 * A session's last use is written at most this often: every request reads it, but only one in a
 * few minutes per session writes, so the sliding lifetime costs the hot path nothing. A lifetime
 * under ten such intervals is written every tenth of it instead, so that use still keeps it alive.
 */
export const TOUCH_INTERVAL_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

const sessionTtlMs = (ctx: Pick<AppContext, 'config'>) => ctx.config.sessionTtlDays * DAY_MS;

/** The oldest last use of a session that is still live: older ones have expired. */
export function sessionsUsedSince(ctx: Pick<AppContext, 'clock' | 'config'>, now = ctx.clock.now()): Date {
  return new Date(now.getTime() - sessionTtlMs(ctx));
}

/** When a session last used at `lastUsedAt` expires unless it is used again. */
export function sessionExpiry(ctx: Pick<AppContext, 'config'>, lastUsedAt: Date): Date {
  return new Date(lastUsedAt.getTime() + sessionTtlMs(ctx));
}

/** A live session as its token resolves: with its last use as now written, for the expiry. */
export interface ResolvedSession extends AuthContext {
  lastUsedAt: Date;
}

/**
 * Resolves a token to its live session and user, or null: revoked sessions and sessions unused for
 * longer than the configured lifetime (SESSION_TTL_DAYS) are over. A use renews the lifetime.
 */
export async function resolveToken(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  token: string,
): Promise<ResolvedSession | null> {
  if (token.length > 200) return null;
  const row = await usersRepository.findByTokenHash(ctx.db, hashToken(token));
  if (!row) return null;
  const { token_id, token_last_used_at, seat_member_id, seat_permissions, seat_username, ...user } = row;
  const seat =
    seat_member_id && seat_username
      ? {
          memberId: seat_member_id,
          username: seat_username,
          permissions: (seat_permissions ?? []) as TeamPermission[],
        }
      : undefined;
  const now = ctx.clock.now();
  if (token_last_used_at <= sessionsUsedSince(ctx, now)) return null;
  if (now.getTime() - token_last_used_at.getTime() >= Math.min(TOUCH_INTERVAL_MS, sessionTtlMs(ctx) / 10)) {
    await usersRepository.touchToken(ctx.db, token_id, now);
    return { user, tokenId: token_id, lastUsedAt: now, ...(seat ? { seat } : {}) };
  }
  return { user, tokenId: token_id, lastUsedAt: token_last_used_at, ...(seat ? { seat } : {}) };
}

/**
 * `request.auth` is filled for every request that carries a valid token. Routes that need a user
 * call `requireUser(request)`; banned accounts get their token revoked at ban time, so they fail here.
 * Signed-in answers are the user's own and must not be kept by the browser or a proxy.
 */
export function registerAuth(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = tokenFromRequest(request);
    request.auth = token ? await resolveToken(ctx, token) : null;
    if (request.auth) reply.header('cache-control', 'no-store');
  });
}

export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  if (auth.user.role !== 'admin') throw new DomainError(403, 'forbidden', 'Admins only.');
  return auth;
}
