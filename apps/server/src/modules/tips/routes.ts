import { TipRequest, TipResponse } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { sendTip } from './service';

export function registerTipRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/v1/tips', { schema: { body: TipRequest, response: { 200: TipResponse } } }, async (request) =>
      sendTip(ctx, requireUser(request).user, request.body),
    );
}
