import { endpoints } from '@parlor/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { SignInThrottled } from '../users/throttle';
import { resetTwoFactor } from './admin';
import { headerCode } from './codes';
import { signInClient } from './devices';
import { endSessionByLink, endSessionPage, endSessionPagePolicy } from './end-session';
import {
  deletePasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  registerPasskey,
} from './passkeys';
import { completeTwoFactor, startSession } from './sign-in';
import { confirmTotp, disableTwoFactor, renewRecoveryCodes, startTotp, twoFactorStatus } from './two-factor';

/** A wait for too many wrong codes or passwords goes out with Retry-After as well as in the body. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof SignInThrottled) reply.header('retry-after', String(e.retryAfterS));
    throw e;
  }
}

/** Two-factor sign-in, passkeys, the new-device mail's link and the admin's reset (docs/accounts.md). */
export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext) {
  // Each request may carry a password or a code guess: limited per address as sign-ins are.
  const limited = { config: { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 } } };

  route(app, endpoints.twoFactorStatus, ({ auth }) => twoFactorStatus(ctx, auth.user));
  route(
    app,
    endpoints.startTotp,
    ({ auth, body, request, reply }) =>
      withRetryAfter(reply, () => startTotp(ctx, auth.user, body.password, request.ip)),
    limited,
  );
  route(
    app,
    endpoints.confirmTotp,
    ({ auth, body, request, reply }) =>
      withRetryAfter(reply, () => confirmTotp(ctx, auth.user, body.code, request.ip)),
    limited,
  );
  route(
    app,
    endpoints.disableTwoFactor,
    ({ auth, body, request, reply }) =>
      withRetryAfter(reply, () => disableTwoFactor(ctx, auth.user, body.code, request.ip)),
    limited,
  );
  route(
    app,
    endpoints.newRecoveryCodes,
    ({ auth, body, request, reply }) =>
      withRetryAfter(reply, () => renewRecoveryCodes(ctx, auth.user, body.code, request.ip)),
    limited,
  );
  route(
    app,
    endpoints.completeTwoFactor,
    ({ body, request, reply }) =>
      withRetryAfter(reply, () => completeTwoFactor(ctx, body, signInClient(ctx, request, reply))),
    limited,
  );

  route(
    app,
    endpoints.passkeyRegistrationOptions,
    ({ auth, body, request, reply }) =>
      withRetryAfter(reply, () => passkeyRegistrationOptions(ctx, auth, body, request.ip)),
    limited,
  );
  route(app, endpoints.registerPasskey, ({ auth, body }) =>
    registerPasskey(ctx, auth.user, body.credential, body.name),
  );
  route(app, endpoints.listPasskeys, ({ auth }) => listPasskeys(ctx, auth.user));
  route(
    app,
    endpoints.deletePasskey,
    ({ auth, params, request, reply }) =>
      withRetryAfter(reply, () => deletePasskey(ctx, auth, params.id, headerCode(request), request.ip)),
    limited,
  );
  route(app, endpoints.passkeySignInOptions, () => passkeySignInOptions(ctx), limited);
  route(
    app,
    endpoints.passkeySignIn,
    async ({ body, request, reply }) =>
      startSession(ctx, await passkeySignIn(ctx, body.credential), signInClient(ctx, request, reply)),
    limited,
  );

  route(app, endpoints.adminResetTwoFactor, ({ auth, params, body }) =>
    resetTwoFactor(ctx, auth.user, params.id, body.reason),
  );

  // Its own scope: the page's button posts a form (no fields), which no other route accepts.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );
    const html = (reply: FastifyReply, body: string) =>
      reply
        .header('content-security-policy', endSessionPagePolicy(ctx))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(body);
    route(scope, endpoints.endSessionPage, async ({ query, reply }) =>
      html(reply, await endSessionPage(ctx, query.token)),
    );
    route(
      scope,
      endpoints.endSessionByLink,
      async ({ query, reply }) => html(reply, await endSessionByLink(ctx, query.token)),
      limited,
    );
  });
}
