import {
  CancelSubscriptionsQuery,
  CancelSubscriptionsResponse,
  SubscribeRequest,
  SubscribeResponse,
  SubscriptionList,
  SubscriptionsQuery,
} from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { renewalTask } from './renewal';
import { cancelSubscriptions, listSubscriptions, subscribe } from './service';

/** Subscriptions (DESIGN §4, part 2 §7) and their renewal job. */
export function registerSubscriptionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  ctx.jobs.register(renewalTask(ctx));

  r.get(
    '/v1/subscriptions',
    { schema: { querystring: SubscriptionsQuery, response: { 200: SubscriptionList } } },
    async (request) => listSubscriptions(ctx, requireUser(request).user, request.query),
  );

  r.post(
    '/v1/subscriptions',
    { schema: { body: SubscribeRequest, response: { 200: SubscribeResponse } } },
    async (request) => subscribe(ctx, requireUser(request).user, request.body),
  );

  r.delete(
    '/v1/subscriptions',
    { schema: { querystring: CancelSubscriptionsQuery, response: { 200: CancelSubscriptionsResponse } } },
    async (request) => cancelSubscriptions(ctx, requireUser(request).user, request.query.ids),
  );
}
