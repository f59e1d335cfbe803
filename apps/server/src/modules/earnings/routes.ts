import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { accountStats, accountTotals } from './service';

/** A creator's earnings reports, read from the ledger after the platform's fee (docs/payments.md). */
export function registerEarningsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.accountTotals, ({ auth, query }) => accountTotals(ctx, auth.user, query.totals));
  route(app, endpoints.accountStats, ({ auth, query }) => accountStats(ctx, auth.user, query));
}
