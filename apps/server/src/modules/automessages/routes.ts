import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { autoMessageLog, listAutoMessages, putAutoMessages } from './service';

/** Automatic messages (docs/auto-messages.md); their job is registered by the app. */
export function registerAutoMessageRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listAutoMessages, ({ auth }) => listAutoMessages(ctx, auth.user));
  route(app, endpoints.putAutoMessages, ({ auth, body }) => putAutoMessages(ctx, auth.user, body));
  route(app, endpoints.autoMessageLog, ({ auth, query }) => autoMessageLog(ctx, auth.user, query));
}
