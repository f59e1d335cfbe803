import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { listReferrals } from './service';

/** Referrals (DESIGN §8.5). */
export function registerReferralRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listReferrals, ({ auth, query }) => listReferrals(ctx, auth.user, query));
}
