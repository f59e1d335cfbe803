import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { buyPost, createPost, deletePost, listFeed, listPostPurchases, updatePost } from './service';

/** The feed (docs/feed.md): the home feed, creators' posts, publishing and buying. */
export function registerFeedRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listFeed, ({ auth, query }) => listFeed(ctx, auth?.user ?? null, query));
  route(app, endpoints.createFeedPost, ({ auth, body }) => createPost(ctx, auth.user, body));
  route(app, endpoints.updateFeedPost, ({ auth, params, body }) =>
    updatePost(ctx, auth.user, params.id, body),
  );
  route(app, endpoints.deleteFeedPost, ({ auth, params }) => deletePost(ctx, auth.user, params.id));
  route(app, endpoints.listPostPurchases, ({ auth, query }) => listPostPurchases(ctx, auth.user, query));
  route(app, endpoints.buyFeedPost, ({ auth, params }) => buyPost(ctx, auth.user, params.id));
}
