import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ready', database: ctx.database.kind };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', message: 'Database unreachable', code: 'not_ready' });
    }
  });
}
