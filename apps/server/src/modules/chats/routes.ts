import { endpoints } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../plugins/endpoints';
import { changeRate, createNote, deleteNote, updateNote } from './notes-and-rates';
import { applyChatAction, chatTotals, chatView, inboxPage, openChat, partnersPresence } from './service';

export function registerChatRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listChats, ({ auth, query }) => inboxPage(ctx, auth.user, query));
  route(app, endpoints.chatTotals, ({ auth }) => chatTotals(ctx, auth.user));
  route(app, endpoints.chatsPresence, ({ auth, query }) => partnersPresence(ctx, auth.user, query.ids));
  route(app, endpoints.getChat, ({ auth, query }) => chatView(ctx, auth.user, query.recipient_id));
  route(app, endpoints.openChat, ({ auth, body }) => openChat(ctx, auth.user, body.recipient_id));
  route(app, endpoints.chatsAction, ({ auth, body }) => applyChatAction(ctx, auth.user, body));
  route(app, endpoints.changeRate, ({ auth, body }) => changeRate(ctx, auth.user, body.user_id, body.rate));
  route(app, endpoints.createNote, ({ auth, body }) => createNote(ctx, auth.user, body.id, body.note));
  route(app, endpoints.updateNote, ({ auth, params, body }) =>
    updateNote(ctx, auth.user, params.id, body.text),
  );
  route(app, endpoints.deleteNote, ({ auth, params }) => deleteNote(ctx, auth.user, params.id));
}
