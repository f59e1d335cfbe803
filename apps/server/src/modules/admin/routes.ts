import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { applyAdminAction } from './service';

/** Moderation for the admin role; each action sends its realtime event. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.adminUserAction, async ({ auth, params, body }) => ({
    user: await applyAdminAction(ctx, auth.user, params.id, params.action, body ?? {}),
  }));
}
