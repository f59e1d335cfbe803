import { CREDIT_PACKAGES, endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { deleteCard, listCards } from './cards';
import { cryptoTopUp } from './crypto';
import { pay, paymentStatus } from './service';
import { answerChallenge, challengePage, challengePagePolicy } from './three-ds';
import { receiveWebhook, refundPayment } from './webhooks';

/** Credit packages, card payments (with the sandbox 3-D Secure page), crypto top-up, saved cards. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.creditPackages, () => ({ data: [...CREDIT_PACKAGES] }));
  route(app, endpoints.pay, ({ auth, body }) => pay(ctx, auth.user, body));
  route(app, endpoints.paymentStatus, ({ auth, params }) => paymentStatus(ctx, auth.user.id, params.id));
  route(app, endpoints.refundPayment, ({ params }) => refundPayment(ctx, params.id));
  route(app, endpoints.cryptoTopUp, ({ auth, body }) => cryptoTopUp(ctx, auth.user, body));
  route(app, endpoints.listCards, ({ auth }) => listCards(ctx, auth.user.id));
  route(app, endpoints.deleteCard, ({ auth, query }) => deleteCard(ctx, auth.user.id, query.id));

  // Its own scope: a webhook's signature covers the exact bytes sent, so every body is kept raw.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(scope, endpoints.paymentWebhook, ({ params, request }) =>
      receiveWebhook(
        ctx,
        params.provider,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers,
      ),
    );
  });

  // Its own scope: the challenge form posts form-encoded data, which no other route accepts.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );
    route(scope, endpoints.threeDsPage, async ({ params, query, reply }) => {
      const html = await challengePage(ctx, params.id, query.token);
      return reply
        .header('content-security-policy', challengePagePolicy(ctx))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    });
    route(scope, endpoints.threeDsAnswer, async ({ params, query, reply }) =>
      reply.redirect(await answerChallenge(ctx, params.id, query.token, query.outcome), 303),
    );
  });
}
