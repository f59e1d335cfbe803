import {
  Message,
  MessageList,
  MessagePage,
  MessagesByIdsQuery,
  MessagesQuery,
  SendMessageRequest,
  SendMessageResponse,
} from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { deleteMessage, hideForMe, listMessages, messagesByIds, sendMessage } from './service';

const IdParams = z.object({ id: z.string().max(64) });

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/chats/:chatId/messages',
    {
      schema: {
        params: z.object({ chatId: z.string().max(64) }),
        querystring: MessagesQuery,
        response: { 200: MessagePage },
      },
    },
    async (request) => listMessages(ctx, requireUser(request).user, request.params.chatId, request.query),
  );

  r.get(
    '/v1/messages',
    { schema: { querystring: MessagesByIdsQuery, response: { 200: MessageList } } },
    async (request) => messagesByIds(ctx, requireUser(request).user, request.query.ids),
  );

  r.post(
    '/v1/messages',
    { schema: { body: SendMessageRequest, response: { 200: SendMessageResponse } } },
    async (request) => sendMessage(ctx, requireUser(request).user, request.body),
  );

  r.patch(
    '/v1/messages/:id/hide-for-me',
    { schema: { params: IdParams, response: { 200: Message } } },
    async (request) => hideForMe(ctx, requireUser(request).user, request.params.id),
  );

  r.delete(
    '/v1/messages/:id',
    { schema: { params: IdParams, response: { 200: Message } } },
    async (request) => deleteMessage(ctx, requireUser(request).user, request.params.id),
  );
}
