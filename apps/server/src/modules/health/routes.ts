import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { databaseReachable } from './service';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.health, () => ({ status: 'ok' as const }));
  route(app, endpoints.readiness, async ({ reply }) => {
    if (await databaseReachable(ctx)) return { status: 'ready' as const, database: ctx.database.kind };
    return reply
      .status(503)
      .send({ status: 'unavailable', message: 'Database unreachable', code: 'not_ready' });
  });
}
