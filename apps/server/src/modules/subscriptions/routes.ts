import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { cancelSubscriptions, listSubscriptions, subscribe } from './service';

/** Subscriptions; their renewal job (renewal.ts) is registered by the app. */
export function registerSubscriptionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listSubscriptions, ({ auth, query }) => listSubscriptions(ctx, auth.user, query));
  route(app, endpoints.subscribe, ({ auth, body }) => subscribe(ctx, auth.user, body));
  route(app, endpoints.cancelSubscriptions, ({ auth, query }) =>
    cancelSubscriptions(ctx, auth.user, query.ids),
  );
}
