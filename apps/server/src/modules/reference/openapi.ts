import * as contract from '@parlor/contract';
import { type Endpoint, endpointGroups, endpoints, SEAT_ACCESS, type SeatAccess } from '@parlor/contract';
import { z } from 'zod';

type Json = Record<string, unknown>;
type Name = keyof typeof endpoints;

/** What the document is built from besides the contract: facts only the running server knows. */
export interface OpenApiOptions {
  /** The endpoints whose route carries a rate limit (they may answer 429). */
  rateLimited: ReadonlySet<string>;
  version: string;
}

const SCHEMAS = '#/components/schemas/';
const ERROR_STATUSES = [
  '400',
  '401',
  '402',
  '403',
  '404',
  '406',
  '409',
  '410',
  '413',
  '415',
  '422',
  '423',
  '429',
  '451',
  '503',
  '507',
] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** Each error answer as the reference shows it; the body is always the contract's ErrorBody. */
const ERROR_ANSWERS: Record<ErrorStatus, { name: string; description: string; retryAfter?: boolean }> = {
  '400': {
    name: 'BadRequest',
    description: 'The request is malformed or a field is invalid (`field` names it).',
  },
  '401': {
    name: 'Unauthorized',
    description: 'No live session: the `access-token` header is missing or has expired.',
  },
  '403': {
    name: 'Forbidden',
    description:
      'The session may not do this: its account type or role, a team seat without the permission, or the account’s state (banned, frozen).',
  },
  '404': {
    name: 'NotFound',
    description: 'What the request names does not exist, or is not visible to this session.',
  },
  '402': {
    name: 'PaymentRequired',
    description: 'Not enough credits for this, or a purchase needed first (`code` says which).',
  },
  '406': { name: 'NotAcceptable', description: 'The file is not of a type this upload takes.' },
  '409': { name: 'Conflict', description: 'The request conflicts with the current state.' },
  '410': {
    name: 'Gone',
    description:
      'What the request names is no longer there: an expired link or code, a closed chat, a changed message.',
  },
  '413': { name: 'PayloadTooLarge', description: 'The request body is over the size limit.' },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'The body is not `application/json` (or `multipart/form-data` for an upload).',
  },
  '422': {
    name: 'Unprocessable',
    description:
      'Well-formed but refused: an idempotency key reused with other details, or text the content check flagged (`flagged`).',
  },
  '423': {
    name: 'Locked',
    description: 'The account is frozen: it may only write to support until an admin lifts it.',
  },
  '429': {
    name: 'TooManyRequests',
    description: 'Too many attempts: wait as long as `Retry-After` (and `retry_after`) says.',
    retryAfter: true,
  },
  '451': {
    name: 'UnavailableInCountry',
    description: 'The creator does not show her page, feed or chats in the visitor’s country.',
  },
  '503': {
    name: 'Unavailable',
    description:
      'Maintenance, or a dependency (the database) briefly away: retry after `Retry-After` seconds.',
    retryAfter: true,
  },
  '507': { name: 'InsufficientStorage', description: 'The server’s disk is full: try again later.' },
};

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  user: 'Needs a signed-in session.',
  admin: 'Needs a signed-in session of an admin.',
  optional: 'Reads the session when one is sent; works without.',
  public: 'Public: no session is read.',
};

function seatText(access: SeatAccess): string {
  if (access === 'seat') return 'Team seats: any seat may call it.';
  if (access === 'never') return 'Team seats: never (only the creator herself).';
  return `Team seats: a seat with one of the permissions ${access.map((p) => `\`${p}\``).join(', ')}.`;
}

/** `/v1/notes/:id` as OpenAPI writes it: `/v1/notes/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** An endpoint's name as a heading: `listChats` reads "List chats". */
const inWords = (name: string) => capitalized(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());

/**
 * Every schema the document needs, named: the contract's exported schemas by their export names,
 * and a schema written inline in an endpoint by the endpoint and its part (`ListMessagesParams`).
 * Zod's conversion follows schemas by identity, so they must be the real ones, as the server loads
 * them, not the browser's lazy stand-ins.
 */
function namedSchemas(): z.core.$ZodRegistry<{ id: string }> {
  if (!contract.schemasBuiltAtOnce)
    throw new Error('The OpenAPI document needs the built schemas, not lazy stand-ins');
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(contract)) {
    if (value instanceof z.ZodType) registry.add(value, { id: name });
  }
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    for (const part of ['params', 'query', 'body', 'response'] as const) {
      const schema = e[part];
      if (schema && !registry.has(schema))
        registry.add(schema, { id: `${capitalized(name)}${capitalized(part)}` });
    }
  }
  return registry;
}

/**
 * Zod writes `additionalProperties: false` for every object it converts for output, though only a
 * strict object refuses other keys when reading; a client should accept fields added later. Left
 * for strict objects only, requests and answers describe an object alike.
 */
function looseObjects(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Json }) {
  const def = ctx.zodSchema._zod.def;
  if (def.type === 'object' && !def.catchall && ctx.jsonSchema.additionalProperties === false) {
    delete ctx.jsonSchema.additionalProperties;
  }
}

function convert(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output', suffix: string) {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    override: looseObjects,
    uri: (id) => `${SCHEMAS}${id}${suffix}`,
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    out[id] = rest;
  }
  return out;
}

/** Every `$ref` in a value, deep. */
function refsOf(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMAS))
        found.add(item.slice(SCHEMAS.length));
      else refsOf(item, found);
    }
  }
  return found;
}

const INPUT = '__input';

/**
 * A request reads a schema's input and an answer writes its output; they differ where a schema has
 * defaults or transforms. Both are converted, and a schema's input keeps a name of its own
 * (`X.input`) only where it differs from its output: taken as the same unless shown different,
 * repeated until nothing changes, so schemas that refer to each other collapse together.
 */
function mergeInputs(input: Record<string, Json>, output: Record<string, Json>) {
  const same = new Set(Object.keys(input).filter((id) => id in output));
  const rename = (schema: Json) =>
    JSON.stringify(schema).replace(/"#\/components\/schemas\/([^"]+?)__input"/g, (_m, id: string) =>
      same.has(id) ? `"${SCHEMAS}${id}"` : `"${SCHEMAS}${id}.input"`,
    );
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of same) {
      if (rename(input[id]!) !== JSON.stringify(output[id])) {
        same.delete(id);
        changed = true;
      }
    }
  }
  const components: Record<string, Json> = { ...output };
  for (const [id, schema] of Object.entries(input)) {
    if (!same.has(id)) components[`${id}.input`] = JSON.parse(rename(schema)) as Json;
  }
  /** The name a request's schema goes by once inputs are merged. */
  const inputName = (id: string) => (same.has(id) ? id : `${id}.input`);
  return { components, inputName, rename };
}

const ref = (id: string) => ({ $ref: `${SCHEMAS}${id}` });

/** The session header, and the bearer form the server also reads. */
const SECURITY_SCHEMES = {
  accessToken: {
    type: 'apiKey',
    in: 'header',
    name: 'access-token',
    description: 'The token a sign-in answers with (`access_token`).',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same token as `Authorization: Bearer <token>`.',
  },
};
const SIGNED_IN = [{ accessToken: [] }, { bearer: [] }];

/** Which of the shared error answers an endpoint may give, from what its entry declares. */
function errorStatuses(
  e: Endpoint,
  name: string,
  query: Json | undefined,
  options: OpenApiOptions,
): ErrorStatus[] {
  const hasInput =
    Boolean(e.params || e.query || e.body) || e.transport === 'multipart' || e.transport === 'raw';
  const takesBody = Boolean(e.body) || e.transport === 'multipart' || e.transport === 'raw';
  const signedIn = e.access === 'user' || e.access === 'admin';
  // A session sent to an endpoint that reads one is checked like any other.
  const readsSession = signedIn || e.access === 'optional';
  // Every write parses a body when one is sent, whatever its entry takes.
  const writes = e.method !== 'GET';
  const namesOne =
    Boolean(e.params) || Object.keys((query?.properties as Json) ?? {}).some((k) => /(^|_)id$/.test(k));
  const declared = new Set<string>((e.errors ?? []).map(String));
  const implied: Partial<Record<ErrorStatus, boolean>> = {
    '400': hasInput || writes,
    '401': readsSession,
    '403': readsSession,
    '404': namesOne,
    '413': takesBody || writes,
    '415': takesBody || writes,
    '423': signedIn && writes,
    '429': options.rateLimited.has(name),
    '503': true,
  };
  return ERROR_STATUSES.filter((status) => implied[status] || declared.has(status));
}

/** A params or query object schema as the operation's parameters, one per property. */
function parameters(schema: Json | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/**
 * The API as an OpenAPI 3.1 document, built from the contract's endpoint table: every endpoint
 * with its access, parameters, body, answers and the shared error answers that apply.
 */
export function buildOpenApi(options: OpenApiOptions): Json {
  const registry = namedSchemas();
  const output = convert(registry, 'output', '');
  const { components, inputName } = mergeInputs(convert(registry, 'input', INPUT), output);
  const idOf = (schema: z.ZodType | undefined) => (schema ? registry.get(schema)?.id : undefined);
  // A path or query parameter is one property of its part's object, read as the request reads it.
  const inputObject = (schema: z.ZodType | undefined): Json | undefined => {
    const id = idOf(schema);
    return id ? components[inputName(id)] : undefined;
  };

  const tagOf = new Map<string, string>();
  for (const [group, entries] of Object.entries(endpointGroups)) {
    for (const name of Object.keys(entries)) tagOf.set(name, group);
  }

  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, e] of Object.entries(endpoints) as [Name, Endpoint][]) {
    const path = openApiPath(e.path);
    const query = inputObject(e.query);
    const pathParameters = parameters(inputObject(e.params), 'path');
    // Every `{name}` of the path is a parameter, described or not.
    for (const [, param] of e.path.matchAll(/:([A-Za-z_]+)/g)) {
      if (!pathParameters.some((p) => p.name === param))
        pathParameters.push({ name: param, in: 'path', required: true, schema: { type: 'string' } });
    }
    const responses: Record<string, Json> = {};
    const status = String(e.status ?? 200);
    const responseId = idOf(e.response);
    const success = (code: string) => {
      if (e.transport === 'websocket') return { description: 'Switching to the event socket.' };
      if (code === '204') return { description: 'Done; no content.' };
      if (e.transport === 'file')
        return {
          description: 'The file’s bytes.',
          content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
        };
      return {
        description: 'Success.',
        content: { 'application/json': { schema: responseId ? ref(responseId) : { type: 'object' } } },
      };
    };
    if (e.transport === 'websocket') responses['101'] = success('101');
    else {
      responses[status] = success(status);
      if (e.alternateStatus) responses[String(e.alternateStatus)] = success(String(e.alternateStatus));
    }
    for (const code of errorStatuses(e, name, query, options)) {
      responses[code] = { $ref: `#/components/responses/${ERROR_ANSWERS[code].name}` };
    }

    const bodyId = idOf(e.body);
    const requestBody =
      e.transport === 'multipart'
        ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } }
        : e.transport === 'raw'
          ? {
              required: true,
              content: { 'application/json': { schema: { type: 'string', format: 'binary' } } },
            }
          : e.body && bodyId
            ? {
                required: !e.body.safeParse(undefined).success,
                content: { 'application/json': { schema: ref(inputName(bodyId)) } },
              }
            : undefined;

    const seat = SEAT_ACCESS[name];
    const operation: Json = {
      operationId: name,
      tags: [tagOf.get(name) ?? 'other'],
      summary: inWords(name),
      description: `${ACCESS_TEXT[e.access]}${e.access === 'public' ? '' : ` ${seatText(seat)}`}`,
      'x-parlor-access': e.access,
      ...(e.access === 'public' ? {} : { 'x-parlor-seat': seat }),
      security:
        e.access === 'user' || e.access === 'admin'
          ? SIGNED_IN
          : e.access === 'optional'
            ? [{}, ...SIGNED_IN]
            : [],
      parameters: [...pathParameters, ...parameters(query, 'query')],
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = operation;
  }

  const errorResponses: Record<string, Json> = {};
  for (const answer of Object.values(ERROR_ANSWERS)) {
    errorResponses[answer.name] = {
      description: answer.description,
      ...(answer.retryAfter
        ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: ref('ErrorBody') } },
    };
  }

  const document = {
    openapi: '3.1.1',
    info: {
      title: 'Parlor API',
      version: options.version,
      description:
        'Every endpoint of this server, generated from the endpoint table it serves. Errors are `{ message, code, field? }`; send the session token in the `access-token` header.',
    },
    servers: [{ url: '/' }],
    tags: Object.keys(endpointGroups).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      responses: errorResponses,
      schemas: {} as Record<string, Json>,
    },
  };
  document.components.schemas = reachable(components, document);
  return document;
}

/** Only the schemas the operations refer to, directly or through other schemas. */
function reachable(components: Record<string, Json>, document: object): Record<string, Json> {
  const kept: Record<string, Json> = {};
  const pending = [...refsOf(document)];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (kept[id] || !components[id]) continue;
    kept[id] = components[id];
    pending.push(...refsOf(components[id]));
  }
  return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
}
