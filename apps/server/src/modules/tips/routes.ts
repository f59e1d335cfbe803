import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { sendTip } from './service';

export function registerTipRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.sendTip, ({ auth, body }) => sendTip(ctx, auth.user, body));
}
