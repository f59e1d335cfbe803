import {
  AuthResponse,
  ERRORS,
  PublicUser,
  rules,
  SignInRequest,
  SignUpRequest,
  UpdateUserRequest,
  User,
  UsernameAvailableQuery,
  UsernameAvailableResponse,
} from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { toPublicUser, toUser } from './dto';
import { usersRepository } from './repository';
import { signIn, signOut, signUp, updateUser } from './service';

const IdParams = z.object({ id: z.uuid({ error: ERRORS.userNotFound }) });

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authLimit = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 } };

  r.post(
    '/v1/users/sign',
    { schema: { body: SignUpRequest, response: { 201: AuthResponse } }, config: authLimit },
    async (request, reply) => {
      const result = await signUp(ctx, request.body, request.headers['user-agent']);
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/v1/auth',
    { schema: { body: SignInRequest, response: { 200: AuthResponse } }, config: authLimit },
    async (request) => signIn(ctx, request.body.login, request.body.password, request.headers['user-agent']),
  );

  r.delete('/v1/auth', async (request, reply) => {
    const auth = requireUser(request);
    await signOut(ctx, auth.tokenId);
    return reply.status(204).send();
  });

  r.get('/v1/users/me', { schema: { response: { 200: User } } }, async (request) =>
    toUser(requireUser(request).user),
  );

  r.patch(
    '/v1/users/:id',
    { schema: { params: IdParams, body: UpdateUserRequest, response: { 200: User } } },
    async (request) => updateUser(ctx, requireUser(request).user, request.params.id, request.body),
  );

  r.get(
    '/v1/username-available',
    { schema: { querystring: UsernameAvailableQuery, response: { 200: UsernameAvailableResponse } } },
    async (request) => {
      const username = rules.normalizeUsername(request.query.username);
      const invalid = rules.username(username);
      if (invalid) return { username, available: false, message: invalid };
      const taken = await usersRepository.usernameTaken(ctx.db, username, request.auth?.user.id);
      return taken
        ? { username, available: false, message: ERRORS.usernameTaken }
        : { username, available: true };
    },
  );

  // Public profile by username (creator page). Registered after the fixed /v1/users/* paths.
  r.get(
    '/v1/users/:username',
    { schema: { params: z.object({ username: z.string().max(100) }), response: { 200: PublicUser } } },
    async (request) => {
      const row = await usersRepository.findByUsername(
        ctx.db,
        rules.normalizeUsername(request.params.username),
      );
      if (!row || row.banned_at) throw notFound(ERRORS.userNotFound, 'user_not_found');
      return toPublicUser(row, false);
    },
  );
}
