import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { assertSeatMay, seatAuthor } from '../../lib/seat';
import { route } from '../../plugins/endpoints';
import { countAudience, listBroadcasts, sendBroadcast, unsendBroadcast } from './service';

/** Broadcasts: one message a creator sends to many chats (docs/broadcasts.md). */
export function registerBroadcastRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.sendBroadcast, ({ auth, body }) => {
    if ((body.price ?? 0) > 0) assertSeatMay(auth, 'paid');
    return sendBroadcast(ctx, auth.user, body, seatAuthor(auth));
  });
  route(app, endpoints.broadcastAudience, ({ auth, body }) => countAudience(ctx, auth.user, body));
  route(app, endpoints.listBroadcasts, ({ auth, query }) => listBroadcasts(ctx, auth.user, query));
  route(app, endpoints.unsendBroadcast, ({ auth, params }) => unsendBroadcast(ctx, auth.user, params.id));
}
