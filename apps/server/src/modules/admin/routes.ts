import { AdminActionRequest, AdminActionResponse, AdminUserAction } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { applyAdminAction } from './service';

/** DESIGN §4 /v1/admin: moderation for the admin role; each action sends the spec's event. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/admin/users/:id/:action',
    {
      schema: {
        params: z.object({ id: z.string().max(64), action: AdminUserAction }),
        body: AdminActionRequest,
        response: { 200: AdminActionResponse },
      },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const { id, action } = request.params;
      return { user: await applyAdminAction(ctx, user, id, action, request.body ?? {}) };
    },
  );
}
