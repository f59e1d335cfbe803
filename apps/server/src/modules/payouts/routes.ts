import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import {
  accountInfo,
  adminPayouts,
  decideAml,
  decidePayout,
  listPayouts,
  payoutsQueue,
  requestPayout,
  submitAml,
} from './service';

/** Payouts and the anti-money-laundering check (docs/payments.md, "Earnings and payouts"). */
export function registerPayoutRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.accountInfo, ({ auth }) => accountInfo(auth.user));
  route(app, endpoints.listPayouts, ({ auth, query }) => listPayouts(ctx, auth.user, query));
  route(app, endpoints.requestPayout, ({ auth, body }) => requestPayout(ctx, auth.user, body.amount_usd));
  route(app, endpoints.submitAml, ({ auth, body }) => submitAml(ctx, auth.user, body));
  route(app, endpoints.adminPayouts, ({ query }) => adminPayouts(ctx, query));
  route(app, endpoints.adminQueuePayouts, ({ query }) => payoutsQueue(ctx, query));
  route(app, endpoints.adminPayoutAction, ({ auth, params, body }) =>
    decidePayout(ctx, params.id, body, auth.user.id),
  );
  route(app, endpoints.adminAmlAction, ({ auth, params, body }) =>
    decideAml(ctx, params.id, body.action, auth.user.id),
  );
}
