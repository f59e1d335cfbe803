import { endpoints } from '@parlor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { unreadFeeds } from '../feed/service';
import { rememberDevice, signInClient } from '../security/devices';
import { afterPassword } from '../security/sign-in';
import { affiliateProfile, recordAffiliateVisit } from './affiliate';
import { botCheckChallenge, requireBotCheck } from './bot-check';
import { toUser } from './dto';
import {
  checkPassword,
  endSession,
  listSessions,
  publicProfile,
  signOut,
  signUp,
  updateUser,
  usernameAvailability,
} from './service';
import { SignInThrottled } from './throttle';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const config = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 } };
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  // A challenge is handed out as often as a form may be sent; each is good for one try.
  route(
    app,
    endpoints.botCheckChallenge,
    async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return botCheckChallenge(ctx);
    },
    { config },
  );
  // The bot-check comes first: a refused one costs the server one HMAC, and counts no sign-in try.
  route(
    app,
    endpoints.signUp,
    async ({ body, request, reply }) => {
      await requireBotCheck(ctx, body.bot_check);
      const answer = await signUp(ctx, body, client(request));
      // The browser an account signs up in is its first device: no new-device mail for it later.
      await rememberDevice(ctx, answer.user._id, signInClient(ctx, request, reply));
      return answer;
    },
    { config },
  );
  route(
    app,
    endpoints.signIn,
    async ({ body, request, reply }) => {
      await requireBotCheck(ctx, body.bot_check);
      try {
        const at = signInClient(ctx, request, reply);
        return await afterPassword(ctx, await checkPassword(ctx, body.login, body.password, at), at);
      } catch (e) {
        if (e instanceof SignInThrottled) reply.header('retry-after', String(e.retryAfterS));
        throw e;
      }
    },
    { config },
  );
  route(app, endpoints.signOut, ({ auth }) => signOut(ctx, auth.tokenId));
  route(app, endpoints.me, async ({ auth }) => ({
    ...toUser(auth.user),
    unread_feeds: await unreadFeeds(ctx, auth.user),
    // A seat works as the creator but never learns her email address.
    ...(auth.seat
      ? {
          email: '',
          acting_member: {
            _id: auth.seat.memberId,
            username: auth.seat.username,
            permissions: auth.seat.permissions,
          },
        }
      : {}),
  }));
  route(app, endpoints.listSessions, ({ auth }) => listSessions(ctx, auth));
  route(app, endpoints.endSession, ({ auth, params }) => endSession(ctx, auth, params.id));
  route(app, endpoints.updateUser, ({ auth, params, body }) => updateUser(ctx, auth.user, params.id, body));
  route(app, endpoints.usernameAvailable, ({ auth, query }) =>
    usernameAvailability(ctx, query.username, auth?.user.id),
  );
  route(app, endpoints.affiliate, ({ auth }) => affiliateProfile(ctx, auth.user));
  route(app, endpoints.affiliateVisit, ({ auth, body }) =>
    recordAffiliateVisit(ctx, auth.user, body.user_id),
  );
  // Public profile by username (creator page); the fixed /v1/users/* paths above take precedence.
  route(app, endpoints.publicProfile, ({ params, auth }) =>
    publicProfile(ctx, params.username, auth?.user.id),
  );
}
