import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { assertSeatMay, seatAuthor } from '../../lib/seat';
import { route } from '../../plugins/endpoints';
import { buyMessage, listPurchases, salesSummary, setPurchasesHidden } from './purchases';
import { deleteMessage, hideForMe, listMessages, messagesByIds, recordWarned, sendMessage } from './service';

/** Messages and their purchases; the self-destruct job (purchases.ts) is registered by the app. */
export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listMessages, ({ auth, params, query }) =>
    listMessages(ctx, auth.user, params.chatId, query),
  );
  route(app, endpoints.messagesByIds, ({ auth, query }) => messagesByIds(ctx, auth.user, query.ids));
  route(app, endpoints.sendMessage, ({ auth, body }) => {
    if ((body.price ?? 0) > 0) assertSeatMay(auth, 'paid');
    return sendMessage(ctx, auth.user, body, seatAuthor(auth));
  });
  route(app, endpoints.messageWarned, async ({ auth, body }) => {
    await recordWarned(ctx, auth.user, body.chat_id);
  });
  route(app, endpoints.hideMessageForMe, ({ auth, params }) => hideForMe(ctx, auth.user, params.id));
  route(app, endpoints.deleteMessage, ({ auth, params }) => deleteMessage(ctx, auth.user, params.id));
  route(app, endpoints.buyMessage, ({ auth, params }) => buyMessage(ctx, auth.user, params.id));
  route(app, endpoints.salesSummary, ({ auth }) => salesSummary(ctx, auth.user));
  route(app, endpoints.listPurchases, ({ auth, query }) => listPurchases(ctx, auth.user, query));
  route(app, endpoints.hidePurchases, ({ auth, query }) =>
    setPurchasesHidden(ctx, auth.user, query.ids, true),
  );
  route(app, endpoints.unhidePurchases, ({ auth, query }) =>
    setPurchasesHidden(ctx, auth.user, query.ids, false),
  );
}
