import {
  ChangeRateRequest,
  ChangeRateResponse,
  Chat,
  ChatList,
  ChatListQuery,
  ChatsActionRequest,
  ChatsActionResponse,
  ChatTotals,
  CreateChatRequest,
  CreateNoteRequest,
  Note,
  PresenceList,
  PresenceQuery,
  RecipientQuery,
  UpdateNoteRequest,
} from '@parlor/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { unreadTotals } from '../messages/store';
import { changeRate, createNote, deleteNote, updateNote } from './notes-and-rates';
import { inboxTotals, listInbox, notesFor, toChat } from './repository';
import { applyChatAction, chatView, openChat, partnersPresence } from './service';

const NoteParams = z.object({ id: z.string().max(64) });

export function registerChatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/chats',
    { schema: { querystring: ChatListQuery, response: { 200: ChatList } } },
    async (request) => {
      const { user } = requireUser(request);
      const q = request.query;
      const now = ctx.clock.now();
      const filter = { type: q.type ?? 'all', search: q.search || undefined } as const;
      // The unread totals are one counter row, read alongside the page.
      const [{ rows, notes }, totals] = await Promise.all([
        listInbox(ctx.db, user.id, filter, q.offset, q.limit, now),
        unreadTotals(ctx.db, user.id),
      ]);
      let next: string | null = null;
      if (rows.length === q.limit) {
        const params = new URLSearchParams({
          v: '2',
          limit: String(q.limit),
          offset: String(q.offset + q.limit),
        });
        if (filter.search) params.set('search', filter.search);
        if (q.type) params.set('type', q.type);
        next = `/v1/chats?${params}`;
      }
      return {
        data: rows.map((row) => toChat(row, notes.get(row.chat_id) ?? [], user, now)),
        ...totals,
        next,
      };
    },
  );

  r.get('/v1/chats/total', { schema: { response: { 200: ChatTotals } } }, async (request) =>
    inboxTotals(ctx.db, requireUser(request).user.id, ctx.clock.now()),
  );

  r.get(
    '/v1/chats/presence',
    { schema: { querystring: PresenceQuery, response: { 200: PresenceList } } },
    async (request) => partnersPresence(ctx, requireUser(request).user, request.query.ids),
  );

  r.get('/v1/chat', { schema: { querystring: RecipientQuery, response: { 200: Chat } } }, async (request) =>
    chatView(ctx, requireUser(request).user, request.query.recipient_id),
  );

  r.post('/v1/chat', { schema: { body: CreateChatRequest, response: { 200: Chat } } }, async (request) =>
    openChat(ctx, requireUser(request).user, request.body.recipient_id),
  );

  r.patch(
    '/v1/chats',
    { schema: { body: ChatsActionRequest, response: { 200: ChatsActionResponse } } },
    async (request) => applyChatAction(ctx, requireUser(request).user, request.body),
  );

  r.post(
    '/v1/chats/change-rate',
    { schema: { body: ChangeRateRequest, response: { 200: ChangeRateResponse } } },
    async (request) => changeRate(ctx, requireUser(request).user, request.body.user_id, request.body.rate),
  );

  r.post(
    '/v1/chats/note',
    { schema: { body: CreateNoteRequest, response: { 201: Note } } },
    async (request, reply) => {
      const note = await createNote(ctx, requireUser(request).user, request.body.id, request.body.note);
      return reply.status(201).send(note);
    },
  );

  r.patch(
    '/v1/notes/:id',
    { schema: { params: NoteParams, body: UpdateNoteRequest, response: { 200: Note } } },
    async (request) => updateNote(ctx, requireUser(request).user, request.params.id, request.body.text),
  );

  r.delete('/v1/notes/:id', { schema: { params: NoteParams } }, async (request, reply) => {
    await deleteNote(ctx, requireUser(request).user, request.params.id);
    return reply.status(204).send();
  });
}
