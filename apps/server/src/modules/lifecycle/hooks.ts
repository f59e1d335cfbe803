import { endpoints } from '@parlor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { assertNotFrozen, isUuid } from '../../lib/users';
import { lifecycleRepository } from './repository';
import { assertAvailableIn, requestCountry } from './service';

export const MAINTENANCE_MESSAGE = 'Parlor is down for maintenance. Please try again in a few minutes.';

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const API_PATH = /^\/v\d+\//;

/**
 * MAINTENANCE=true: every API call but the health checks answers 503 before anything else runs (no
 * session is read, nothing is written); the web app's files are still served, so the browser can
 * show /maintenance. Registered before the auth hook.
 */
export function registerMaintenance(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.maintenance) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!API_PATH.test(path)) return;
    reply.header('retry-after', '300');
    return reply.status(503).send({ message: MAINTENANCE_MESSAGE, code: 'maintenance' });
  });
}

/** Writes a frozen account may still make: leaving (sessions) and securing it (a new password). */
const FROZEN_ALLOWED = new Set(
  [endpoints.signIn, endpoints.signUp, endpoints.signOut, endpoints.endSession, endpoints.changePassword].map(
    key,
  ),
);

/**
 * Writes a frozen account may make in its chat with support (an admin): a free text, opening the
 * chat and marking it read. Anything else, or the same calls to anyone else, stays 423.
 */
const SUPPORT_TARGETS: Record<string, (body: Record<string, unknown>) => unknown[] | null> = {
  [key(endpoints.sendMessage)]: (b) =>
    (b.type ?? 'text') === 'text' && !b.price && !b.media_id && !b.public_id && !b.gif_url
      ? [b.recipient_id]
      : null,
  [key(endpoints.openChat)]: (b) => [b.recipient_id],
  [key(endpoints.chatsAction)]: (b) =>
    b.action === 'read' && typeof b.ids === 'string' && b.except_ids === undefined && b.type === undefined
      ? b.ids.split(',').map((id) => id.trim())
      : null,
};

async function isSupportWrite(ctx: AppContext, routeKey: string, body: unknown): Promise<boolean> {
  const targetsOf = SUPPORT_TARGETS[routeKey];
  if (!targetsOf || typeof body !== 'object' || body === null) return false;
  const ids = targetsOf(body as Record<string, unknown>);
  if (!ids || ids.length === 0 || ids.length > 10) return false;
  if (!ids.every((id): id is string => typeof id === 'string' && isUuid(id))) return false;
  return (await lifecycleRepository.adminCount(ctx.db, [...new Set(ids)])) === new Set(ids).size;
}

/** The creator a request is about, for the country rule: where each page or chat names her. */
const CREATOR_OF: Record<string, (r: FastifyRequest) => { id: string } | { username: string } | null> = {
  [key(endpoints.publicProfile)]: (r) => ({
    username: String((r.params as { username?: unknown }).username),
  }),
  [key(endpoints.getChat)]: (r) => idOf((r.query as { recipient_id?: unknown }).recipient_id),
  [key(endpoints.openChat)]: (r) => idOf((r.body as { recipient_id?: unknown }).recipient_id),
  [key(endpoints.sendMessage)]: (r) => idOf((r.body as { recipient_id?: unknown }).recipient_id),
  [key(endpoints.listFeed)]: (r) => idOf((r.query as { model_id?: unknown }).model_id),
  [key(endpoints.sendTip)]: (r) => idOf((r.body as { recipient_id?: unknown }).recipient_id),
  [key(endpoints.subscribe)]: (r) => idOf((r.body as { model_id?: unknown }).model_id),
};
const ACCESS_OF = new Map(Object.values(endpoints).map((e) => [key(e), e.access as string]));

function idOf(value: unknown) {
  return typeof value === 'string' && isUuid(value) ? { id: value } : null;
}

/**
 * Rules that hold for every route, checked once here rather than in each service (the routes'
 * schemas have validated the request by now):
 * - a frozen account gets 423 with its message on every write (docs/account-lifecycle.md) but
 *   those of its chat with support;
 * - a fan from a country the creator blocked gets 451 on her profile, feed and chats.
 */
export function registerAccountGuards(app: FastifyInstance, ctx: AppContext) {
  const routeKeyOf = (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    return url && API_PATH.test(url) ? `${request.method} ${url}` : null;
  };
  // Before validation, so a frozen account learns it is frozen whatever it sent.
  app.addHook('preValidation', async (request) => {
    const routeKey = routeKeyOf(request);
    const user = request.auth?.user;
    if (!routeKey || !user || request.method === 'GET' || request.method === 'HEAD') return;
    if (!user.frozen_at || FROZEN_ALLOWED.has(routeKey)) return;
    if (!(await isSupportWrite(ctx, routeKey, request.body))) assertNotFrozen(user);
  });
  app.addHook('preHandler', async (request) => {
    const routeKey = routeKeyOf(request);
    if (!routeKey) return;
    const user = request.auth?.user ?? null;
    const targetOf = CREATOR_OF[routeKey];
    if (!targetOf) return;
    // A route for signed-in users answers a visitor 401 first (its handler does).
    if (!user && ACCESS_OF.get(routeKey) === 'user') return;
    const target = targetOf(request);
    if (!target) return;
    if (user && (user.type === 'featured' || user.role === 'admin')) return;
    const country = requestCountry(ctx, request, user);
    if (!country) return;
    const creator = await lifecycleRepository.creatorFacts(ctx.db, target);
    if (creator) assertAvailableIn(creator, user, country);
  });
}
