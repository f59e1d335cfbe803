import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server enforces it before the handler runs: `user` needs a live
 * session, `admin` a session of the admin role, `optional` reads the session when there is one,
 * `public` ignores it.
 */
export type Access = 'user' | 'admin' | 'optional' | 'public';

/**
 * What travels besides JSON: `multipart` uploads, `file` answers (bytes, not JSON), `raw` request
 * bodies read as bytes (signed webhooks, whose signature covers the exact bytes) and the
 * `websocket` upgrade. Their bodies are not described by a schema.
 */
export type Transport = 'json' | 'multipart' | 'file' | 'raw' | 'websocket';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify syntax: `/v1/notes/:id`. */
  path: string;
  access: Access;
  transport?: Transport;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** The success status when it is not 200 (201 created, 202 accepted to run in the background, 204 no content). */
  status?: 200 | 201 | 202 | 204;
  /**
   * Another success status the handler may answer with the same schema, by setting it on the reply
   * (a broadcast scheduled for later is created, 201, where one sent now is accepted, 202).
   */
  alternateStatus?: 200 | 201 | 202;
  /**
   * Error answers the handler may give that neither its access nor its inputs imply (a 409 on a
   * conflict, a 402 when credits run short, a 451 from a creator's blocked countries); the API
   * reference lists them, and the API tests fail on an answer an entry does not declare.
   */
  errors?: readonly DeclaredError[];
}

/** The error statuses an entry may declare beyond those its access, method and inputs imply. */
export type DeclaredError = 401 | 402 | 403 | 404 | 406 | 409 | 410 | 422 | 429 | 451 | 507;

/** Declares one endpoint; the `const` keeps its literal method and path in the table's type. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type Schema<E, K extends keyof Endpoint> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** A part that may be omitted when every field of it is optional. */
type Part<K extends string, T> = [T] extends [never]
  ? unknown
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a client sends: path params, query and body, as their schemas accept them. */
export type EndpointInput<E extends Endpoint> = Part<'params', z.input<Schema<E, 'params'>>> &
  Part<'query', z.input<Schema<E, 'query'>>> &
  Part<'body', z.input<Schema<E, 'body'>>>;

/** What a client receives: the parsed response, or nothing for 204 and file answers. */
export type EndpointResult<E extends Endpoint> = [Schema<E, 'response'>] extends [never]
  ? undefined
  : z.output<Schema<E, 'response'>>;

/** What a server handler reads after validation. */
export type EndpointParams<E extends Endpoint> = [Schema<E, 'params'>] extends [never]
  ? Record<string, never>
  : z.output<Schema<E, 'params'>>;
export type EndpointQuery<E extends Endpoint> = [Schema<E, 'query'>] extends [never]
  ? Record<string, never>
  : z.output<Schema<E, 'query'>>;
export type EndpointBody<E extends Endpoint> = [Schema<E, 'body'>] extends [never]
  ? undefined
  : z.output<Schema<E, 'body'>>;

/** What a server handler answers: the response schema's input (the serializer shapes it). */
export type EndpointReply<E extends Endpoint> = [Schema<E, 'response'>] extends [never]
  ? // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a 204 endpoint returns nothing; undefined would reject `async () => { ... }`
    void
  : z.input<Schema<E, 'response'>>;

/** The path with its `:name` segments filled in, each one URL-encoded. */
export function endpointPath(e: Endpoint, params: Record<string, string | number> = {}): string {
  return e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.method} ${e.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
