import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { assertSeatMay, seatAuthor } from '../../lib/seat';
import { route } from '../../plugins/endpoints';
import { updateBroadcast } from './schedule';
import { countAudience, sendBroadcast, unsendBroadcast } from './service';
import { listBroadcasts } from './stats';

/** Broadcasts: one message a creator sends to many chats, now or at a time (docs/broadcasts.md). */
export function registerBroadcastRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.sendBroadcast, async ({ auth, body, reply }) => {
    if ((body.price ?? 0) > 0) assertSeatMay(auth, 'paid');
    const answer = await sendBroadcast(ctx, auth.user, body, seatAuthor(auth));
    // One scheduled for later is created (201); one sent now is accepted to run (202).
    if (answer.status === 'scheduled') reply.status(201);
    return answer;
  });
  route(app, endpoints.broadcastAudience, ({ auth, body }) => countAudience(ctx, auth.user, body));
  route(app, endpoints.listBroadcasts, ({ auth, query }) => listBroadcasts(ctx, auth.user, query));
  route(app, endpoints.updateBroadcast, ({ auth, params, body }) => {
    if ((body.price ?? 0) > 0) assertSeatMay(auth, 'paid');
    return updateBroadcast(ctx, auth.user, params.id, body);
  });
  route(app, endpoints.unsendBroadcast, ({ auth, params }) => unsendBroadcast(ctx, auth.user, params.id));
}
