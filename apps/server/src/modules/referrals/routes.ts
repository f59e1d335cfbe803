import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { listReferrals } from './service';

/** Referrals: whom a user referred and the commissions each earned them (docs/payments.md). */
export function registerReferralRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listReferrals, ({ auth, query }) => listReferrals(ctx, auth.user, query));
}
