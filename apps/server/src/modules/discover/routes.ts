import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { geoIp } from '../provider/service';
import { discoverPage, follow, following, unfollow } from './service';

/** Discover and follow (docs/discover.md); the rank job (service.ts) is registered by the app. */
export function registerDiscoverRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.discover, ({ auth, query, request }) =>
    discoverPage(ctx, auth?.user ?? null, query, geoIp(ctx, request.ip, request.headers).country),
  );
  route(app, endpoints.follow, ({ auth, body }) => follow(ctx, auth.user, body.user_id));
  route(app, endpoints.unfollow, ({ auth, query }) => unfollow(ctx, auth.user, query.user_id));
  route(app, endpoints.following, ({ auth, query }) => following(ctx, auth.user, query));
}
