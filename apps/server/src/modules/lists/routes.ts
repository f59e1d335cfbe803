import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import {
  addListMembers,
  createFanList,
  deleteFanList,
  listFanLists,
  removeListMembers,
  updateFanList,
} from './service';

/** A creator's fan lists: custom ones she fills, smart ones kept by their rule (docs/lists.md). */
export function registerListRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listFanLists, ({ auth, query }) => listFanLists(ctx, auth.user, query));
  route(app, endpoints.createFanList, ({ auth, body }) => createFanList(ctx, auth.user, body));
  route(app, endpoints.updateFanList, ({ auth, params, body }) =>
    updateFanList(ctx, auth.user, params.id, body),
  );
  route(app, endpoints.deleteFanList, ({ auth, params }) => deleteFanList(ctx, auth.user, params.id));
  route(app, endpoints.addListMembers, ({ auth, params, body }) =>
    addListMembers(ctx, auth.user, params.id, body.ids),
  );
  route(app, endpoints.removeListMembers, ({ auth, params, query }) =>
    removeListMembers(ctx, auth.user, params.id, query.ids),
  );
}
