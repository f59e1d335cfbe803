import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../db/schema';
import { DomainError, unauthorized } from '../lib/errors';
import { usersRepository } from '../modules/users/repository';

export interface AuthContext {
  user: UserRow;
  tokenId: string;
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

export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers['access-token'];
  if (typeof header === 'string' && header) return header;
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7);
  return undefined;
}

/** Resolves a token to its live (unrevoked) token row and user, or null. */
export async function resolveToken(db: Kysely<DB>, token: string): Promise<AuthContext | null> {
  if (token.length > 200) return null;
  const row = await usersRepository.findByTokenHash(db, hashToken(token));
  if (!row) return null;
  const { token_id, ...user } = row;
  return { user, tokenId: token_id };
}

/**
 * `request.auth` is filled for every request that carries a valid token. Routes that need a user
 * call `requireUser(request)`; banned accounts get their token revoked at ban time, so they fail here.
 */
export function registerAuth(app: FastifyInstance, db: Kysely<DB>) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenFromRequest(request);
    request.auth = token ? await resolveToken(db, token) : null;
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
