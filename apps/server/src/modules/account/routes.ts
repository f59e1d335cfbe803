import {
  ChangeVerifyEmailRequest,
  CodeSentResponse,
  DeletionResponse,
  DiscoverSettingRequest,
  GreetingRequest,
  IdVerificationResponse,
  PayoutDefaults,
  PayoutDefaultsQuery,
  PayoutDefaultsRequest,
  ResendVerifyRequest,
  ScheduleDeletionRequest,
  TagQuery,
  TagRequest,
  TagsResponse,
  User,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { registerAvatarUpload } from './avatar';
import { resendVerification, sendActionCode, verifyEmail } from './codes';
import { cancelDeletion, registerDeletionJob, scheduleDeletion } from './deletion';
import {
  addTag,
  dismissReportedWarning,
  getGreeting,
  getPayoutDefaults,
  idVerification,
  randomAvatar,
  removeTag,
  setFeaturedInDiscover,
  setGreeting,
  updatePayoutDefaults,
} from './profile';

const Greeting = z.object({ greeting: z.string().nullable() });

/**
 * The signed-in user's own account (issue 6). Every route acts on the caller's account only: none
 * takes a user id, so no call can reach someone else's.
 */
export async function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Code requests and guesses are limited per address on top of the per-account cooldown and lock.
  const limited = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 } };

  r.post(
    '/v1/users/resend-verify',
    { schema: { body: ResendVerifyRequest, response: { 200: CodeSentResponse } }, config: limited },
    async (request) => resendVerification(ctx, requireUser(request).user, request.body?.email),
  );
  r.post(
    '/v1/users/change-verify-email',
    { schema: { body: ChangeVerifyEmailRequest, response: { 200: CodeSentResponse } }, config: limited },
    async (request) => resendVerification(ctx, requireUser(request).user, request.body.email),
  );
  r.post(
    '/v1/users/verify-email',
    { schema: { body: VerifyEmailRequest, response: { 200: VerifyEmailResponse } }, config: limited },
    async (request) => verifyEmail(ctx, requireUser(request).user, request.body.code),
  );
  r.post(
    '/v1/users/send-verification-code',
    { schema: { response: { 200: CodeSentResponse } }, config: limited },
    async (request) => sendActionCode(ctx, requireUser(request).user),
  );

  r.get('/v2/account/defaults', { schema: { response: { 200: PayoutDefaults } } }, async (request) =>
    getPayoutDefaults(requireUser(request).user),
  );
  r.patch(
    '/v2/account/defaults',
    {
      schema: {
        querystring: PayoutDefaultsQuery,
        body: PayoutDefaultsRequest,
        response: { 200: PayoutDefaults },
      },
      config: limited,
    },
    async (request) =>
      updatePayoutDefaults(ctx, requireUser(request).user, request.query.verification_code, request.body),
  );

  r.post(
    '/v1/users/tags',
    { schema: { body: TagRequest, response: { 200: TagsResponse } } },
    async (request) => ({
      tags: await addTag(ctx, requireUser(request).user, request.body.tag),
    }),
  );
  r.delete(
    '/v1/users/tags',
    { schema: { querystring: TagQuery, response: { 200: TagsResponse } } },
    async (request) => ({ tags: await removeTag(ctx, requireUser(request).user, request.query.tag) }),
  );

  r.get('/v1/users/greeting', { schema: { response: { 200: Greeting } } }, async (request) =>
    getGreeting(ctx, requireUser(request).user),
  );
  r.put(
    '/v1/users/greeting',
    { schema: { body: GreetingRequest, response: { 200: Greeting } } },
    async (request) => setGreeting(ctx, requireUser(request).user, request.body.text),
  );
  r.delete('/v1/users/greeting', async (request, reply) => {
    await setGreeting(ctx, requireUser(request).user, null);
    return reply.status(204).send();
  });

  r.patch('/v1/users/random_avatar', { schema: { response: { 200: User } } }, async (request) =>
    randomAvatar(ctx, requireUser(request).user),
  );
  r.get(
    '/v1/users/id-verification',
    { schema: { response: { 200: IdVerificationResponse } } },
    async (request) => idVerification(requireUser(request).user),
  );
  r.patch(
    '/v1/users/discover',
    { schema: { body: DiscoverSettingRequest, response: { 200: User } } },
    async (request) => setFeaturedInDiscover(ctx, requireUser(request).user, request.body.featured),
  );
  r.delete('/v1/users/warning', { schema: { response: { 200: User } } }, async (request) =>
    dismissReportedWarning(ctx, requireUser(request).user),
  );

  r.post(
    '/v1/users/deletion',
    { schema: { body: ScheduleDeletionRequest, response: { 200: DeletionResponse } }, config: limited },
    async (request) => scheduleDeletion(ctx, requireUser(request).user, request.body.password),
  );
  r.delete('/v1/users/deletion', { schema: { response: { 200: DeletionResponse } } }, async (request) =>
    cancelDeletion(ctx, requireUser(request).user),
  );

  await registerAvatarUpload(app, ctx);
  registerDeletionJob(ctx);
}
