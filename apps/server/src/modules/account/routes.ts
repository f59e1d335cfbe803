import multipart from '@fastify/multipart';
import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import type { MediaStorage } from '../media/storage';
import { requireFreshCode } from '../security/codes';
import { SignInThrottled } from '../users/throttle';
import { avatarParserOptions, readAvatar, uploadAvatar } from './avatar';
import { resendVerification, sendActionCode, verifyEmail } from './codes';
import { cancelDeletion, scheduleDeletion } from './deletion';
import { ExportThrottled, startDataExport } from './export';
import { changePassword, checkPasswordReset, confirmPasswordReset, requestPasswordReset } from './password';
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
} from './service';

/**
 * The signed-in user's own account. Every route acts on the caller's account only: none
 * takes a user id, so no call can reach someone else's. The deletion job (deletion.ts) is
 * registered by the app.
 */
export async function registerAccountRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  avatars: MediaStorage,
  vault: MediaStorage,
) {
  // Code requests and guesses are limited per address on top of the per-account cooldown and lock.
  const limited = { config: { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 } } };

  // With two-factor sign-in on, money and identity changes (payout details, the email address, the
  // password) need a fresh code first (docs/accounts.md, "Step-up").
  const newEmail = (current: string, email: string | undefined) =>
    email !== undefined && email !== current.toLowerCase();
  route(
    app,
    endpoints.resendVerification,
    async ({ auth, body, request }) => {
      if (newEmail(auth.user.email, body?.email)) await requireFreshCode(ctx, auth, body?.code, request.ip);
      return resendVerification(ctx, auth.user, body?.email);
    },
    limited,
  );
  route(
    app,
    endpoints.changeVerifyEmail,
    async ({ auth, body, request }) => {
      if (newEmail(auth.user.email, body.email)) await requireFreshCode(ctx, auth, body.code, request.ip);
      return resendVerification(ctx, auth.user, body.email);
    },
    limited,
  );
  route(app, endpoints.verifyEmail, ({ auth, body }) => verifyEmail(ctx, auth.user, body.code), limited);
  route(app, endpoints.sendActionCode, ({ auth }) => sendActionCode(ctx, auth.user), limited);

  route(app, endpoints.getPayoutDefaults, ({ auth }) => getPayoutDefaults(auth.user));
  route(
    app,
    endpoints.updatePayoutDefaults,
    async ({ auth, query, body, request }) => {
      await requireFreshCode(ctx, auth, body.code, request.ip);
      return updatePayoutDefaults(ctx, auth.user, query.verification_code, body);
    },
    limited,
  );

  route(app, endpoints.addTag, async ({ auth, body }) => ({ tags: await addTag(ctx, auth.user, body.tag) }));
  route(app, endpoints.removeTag, async ({ auth, query }) => ({
    tags: await removeTag(ctx, auth.user, query.tag),
  }));

  route(app, endpoints.getGreeting, ({ auth }) => getGreeting(ctx, auth.user));
  route(app, endpoints.setGreeting, ({ auth, body }) => setGreeting(ctx, auth.user, body.text));
  route(app, endpoints.deleteGreeting, async ({ auth }) => {
    await setGreeting(ctx, auth.user, null);
  });

  route(app, endpoints.randomAvatar, ({ auth }) => randomAvatar(ctx, auth.user));
  route(app, endpoints.idVerification, ({ auth }) => idVerification(auth.user));
  route(app, endpoints.setFeaturedInDiscover, ({ auth, body }) =>
    setFeaturedInDiscover(ctx, auth.user, body.featured),
  );
  route(app, endpoints.dismissWarning, ({ auth }) => dismissReportedWarning(ctx, auth.user));

  route(
    app,
    endpoints.scheduleDeletion,
    ({ auth, body }) => scheduleDeletion(ctx, auth.user, body.password),
    limited,
  );
  route(app, endpoints.cancelDeletion, ({ auth }) => cancelDeletion(ctx, auth.user));

  // Password reset and change: limited per address by the route's limit, per account in the service.
  route(app, endpoints.requestPasswordReset, ({ body }) => requestPasswordReset(ctx, body.login), limited);
  route(app, endpoints.checkPasswordReset, ({ body }) => checkPasswordReset(ctx, body.token), limited);
  route(
    app,
    endpoints.confirmPasswordReset,
    ({ body }) => confirmPasswordReset(ctx, body.token, body.password),
    limited,
  );
  route(
    app,
    endpoints.changePassword,
    async ({ auth, body, reply, request }) => {
      try {
        await requireFreshCode(ctx, auth, body.code, request.ip);
        return await changePassword(ctx, auth, body.current_password, body.new_password, request.ip);
      } catch (e) {
        if (e instanceof SignInThrottled) reply.header('retry-after', String(e.retryAfterS));
        throw e;
      }
    },
    limited,
  );
  route(app, endpoints.exportData, async ({ auth, reply }) => {
    try {
      const { body, fileName } = await startDataExport(ctx, auth.user);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    } catch (e) {
      if (e instanceof ExportThrottled) reply.header('retry-after', String(e.retryAfterS));
      throw e;
    }
  });

  // Multipart lives in the profile photo's scope only.
  await app.register(async (scope) => {
    await scope.register(multipart, avatarParserOptions);
    route(scope, endpoints.uploadAvatar, ({ auth, request }) =>
      uploadAvatar(ctx, avatars, vault, auth.user, request),
    );
    route(scope, endpoints.avatarFile, async ({ params, reply }) => {
      const avatar = await readAvatar(avatars, params.file);
      return reply
        .type(avatar.mime)
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .header('content-length', avatar.size)
        .send(avatar.body);
    });
  });
}
