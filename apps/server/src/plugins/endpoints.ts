import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
  endpoints,
  SEAT_ACCESS,
  seatMay,
  TEAM_ERRORS,
} from '@parlor/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { DomainError } from '../lib/errors';
import { type AuthContext, requireAdmin, requireUser } from './auth';

/** The session a handler receives: present for `user` and `admin` endpoints, maybe for `optional`. */
type AuthOf<E extends Endpoint> = E['access'] extends 'user' | 'admin' ? AuthContext : AuthContext | null;

export interface RouteInput<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  auth: AuthOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
) => Promise<EndpointReply<E> | FastifyReply> | EndpointReply<E> | FastifyReply;

export interface RouteOptions {
  /** Route config, e.g. `{ rateLimit: ... }`. */
  config?: RouteShorthandOptions['config'];
}

function authOf(endpoint: Endpoint, request: FastifyRequest): AuthContext | null {
  switch (endpoint.access) {
    case 'user':
      return requireUser(request);
    case 'admin':
      return requireAdmin(request);
    case 'optional':
      return request.auth;
    default:
      return null;
  }
}

const nameOf = new Map<Endpoint, keyof typeof SEAT_ACCESS>(
  Object.entries(endpoints).map(([name, e]) => [e as Endpoint, name as keyof typeof SEAT_ACCESS]),
);

/** The endpoint's name in the contract's table (the team's activity log and the seat rules use it). */
export function endpointName(endpoint: Endpoint): keyof typeof SEAT_ACCESS {
  const name = nameOf.get(endpoint);
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not in the contract's endpoint table`);
  return name;
}

const teamPermissionRefused = () => new DomainError(403, 'team_permission', TEAM_ERRORS.permission);

/**
 * Registers one endpoint of the contract's table: its schemas validate the request and shape the
 * answer, its access rule is checked before the handler runs, and its success status is set.
 * Handlers only call a service and return what it answers.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  const status = endpoint.status ?? 200;
  const seatAccess = SEAT_ACCESS[endpointName(endpoint)];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, endpoint: endpointName(endpoint) },
    // A team seat is held to the seat table before the body is even read.
    onRequest: async (request) => {
      const seat = request.auth?.seat;
      if (seat && !seatMay(seatAccess, seat.permissions)) throw teamPermissionRefused();
    },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response
        ? {
            response: {
              [status]: endpoint.response,
              ...(endpoint.alternateStatus ? { [endpoint.alternateStatus]: endpoint.response } : {}),
            },
          }
        : {}),
    },
    handler: async (request, reply) => {
      const auth = authOf(endpoint, request) as AuthOf<E>;
      const answer = await handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        auth,
        request,
        reply,
      });
      // A handler that wrote the reply itself (files, redirects) returns it; awaiting a reply (it is
      // thenable) yields undefined once it is sent, so `sent` is what tells.
      if (answer === reply || reply.sent) return reply;
      if (status === 204) return reply.status(204).send();
      // The handler picks the endpoint's other success status by setting it on the reply.
      const chosen = endpoint.alternateStatus === reply.statusCode ? reply.statusCode : status;
      return reply.status(chosen).send(answer);
    },
  });
}

const key = (method: string, path: string) => `${method} ${path}`;
const declared = new Set(Object.values(endpoints).map((e: Endpoint) => key(e.method, e.path)));

/**
 * Refuses, at start, an API route that the contract's table does not declare: the table is the
 * one list of what the server answers, so the client and the server cannot drift apart.
 */
export function requireDeclaredRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    if (!/^\/v\d+\//.test(options.url)) return;
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (!declared.has(key(method, options.url))) {
        throw new Error(`${method} ${options.url} is not in the contract's endpoint table`);
      }
    }
  });
}
