import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { assertSeatMay } from '../../lib/seat';
import { route } from '../../plugins/endpoints';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './service';

/** Saved replies (docs/scheduling.md): a creator's reusable replies; sending one is a message. */
export function registerReplyRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listSavedReplies, ({ auth }) => listSavedReplies(ctx, auth.user));
  route(app, endpoints.createSavedReply, ({ auth, body }) => {
    // A price is the paid permission's, as a paid message is.
    if (body.price > 0) assertSeatMay(auth, 'paid');
    return createSavedReply(ctx, auth.user, body);
  });
  route(app, endpoints.updateSavedReply, ({ auth, params, body }) => {
    if ((body.price ?? 0) > 0) assertSeatMay(auth, 'paid');
    return updateSavedReply(ctx, auth.user, params.id, body);
  });
  route(app, endpoints.deleteSavedReply, ({ auth, params }) => deleteSavedReply(ctx, auth.user, params.id));
}
