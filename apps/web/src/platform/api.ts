import {
  type BanNotice,
  COOKIE_API_BASE,
  COOKIE_WS_BASE,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  ERRORS,
  ErrorBody,
  endpointPath,
  STEP_UP_HEADER,
  UNAVAILABLE_CODES,
} from '@parlor/contract';
import type { z } from 'zod';
import { clearStoredSession, currentPath, readCookie, redirectTo, reloadAt, storedToken } from './browser';
import { apiHeaders, type Query, queryString, sessionHeaders } from './http';
import { leaveSeat } from './seatSession';
import { takeStartedCall } from './startedCalls';
import { isJsonObject, needsFreshCode, withFreshCode } from './stepUp';

/** Every failed call becomes one of these: the server's `{ message, code }` plus the status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly flagged: string[] | undefined;
  /** A 429's wait in seconds. */
  readonly retryAfter: number | undefined;
  /** A sign-in refused for a ban: its reason and where to appeal. */
  readonly ban: BanNotice | undefined;

  constructor(status: number, message: string, code: string, extra: Partial<ErrorBody> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.flagged = extra.flagged;
    this.retryAfter = extra.retry_after;
    this.ban = extra.ban;
  }
}

/** The plain-object form kept in Redux (class instances are not serializable). */
export interface ApiErrorInfo {
  status: number;
  code: string;
  message: string;
  field?: string;
  /** A 429's wait in seconds, to count down. */
  retryAfter?: number;
  ban?: BanNotice;
}

export function toErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
      ...(error.ban ? { ban: error.ban } : {}),
    };
  }
  return { status: 0, code: 'client_error', message: ERRORS.default };
}

/** The API base may be overridden by the custom_api_base_url cookie. */
export function apiBaseUrl(): string {
  return (readCookie(COOKIE_API_BASE) ?? '').replace(/\/$/, '');
}

/** The websocket base (no path): the custom_ws_base_url cookie, else this origin over ws(s). */
export function wsBaseUrl(): string {
  const custom = readCookie(COOKIE_WS_BASE);
  if (custom) return custom.replace(/\/$/, '');
  const loc = globalThis.location;
  if (!loc) return 'ws://127.0.0.1:8080';
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}`;
}

/**
 * A 423 (frozen account) is announced here, and a 451 on a chat or message call ('messaging
 * disabled'); features/account-states shows the popups.
 */
export const apiNotices = new EventTarget();

export interface RequestOptions<T> {
  query?: Query;
  body?: unknown;
  /** Response schema from the contract; the answer is parsed with it. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Another origin to call instead of the API base: the media host. */
  base?: string;
  /** 401 is the caller's to handle (the sign-in call: wrong password is not an expired session). */
  handleUnauthorized?: boolean;
  /** Another session than the stored one: a team member's own while a seat's is active. */
  token?: string | null;
  /**
   * A fresh code of the second factor: `code` in a JSON body, else the STEP_UP_HEADER header. Set
   * by the retry after a 403 `two_factor_required` (stepUp.ts).
   */
  stepUpCode?: string;
}

function buildUrl(path: string, query?: Query, base = apiBaseUrl()): string {
  return `${base}${path}${queryString(query)}`;
}

/** An answer that is not JSON (a proxy's error page, a crash) is reported as a generic 500. */
function nonJsonError(): ApiError {
  const error = new ApiError(500, ERRORS.default, 'non_json_response');
  error.name = ERRORS.nonJson;
  return error;
}

/**
 * What a person reads for the server's messages written for programs: a schema's wording ("Too
 * small: expected string to have >=1 characters", "Invalid input: ..."), a framework's ("body/text
 * must be string", "Bad Request") and the bare "Not found" of a missing resource. The server's own
 * sentences (and the spec's exact texts) pass through unchanged.
 */
const MACHINE_WORDING =
  /^(invalid (input|option|string|format|number|date|uuid|type|value|key|element|union|literal|enum|email|url)\b|too (small|big)\b|unrecognized key|expected |(body|querystring|params|headers)[/.\s]|bad request$|not found$)/i;

export const PERSON_MESSAGES = {
  checkInput: 'Some of what you entered could not be accepted. Please check it and try again.',
  gone: 'This could not be found. It may have been deleted.',
} as const;

export function personMessage(status: number, code: string, message: string): string {
  if (!MACHINE_WORDING.test(message.trim())) return message;
  if (status === 404) return PERSON_MESSAGES.gone;
  if (status === 400 || code === 'invalid_input') return PERSON_MESSAGES.checkInput;
  return ERRORS.default;
}

const BRIEF_OUTAGES = new Set<string>(Object.values(UNAVAILABLE_CODES));

async function errorFrom(response: Response): Promise<ApiError> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return nonJsonError();
  }
  const body = ErrorBody.safeParse(json);
  if (!body.success) return new ApiError(response.status, ERRORS.default, 'unknown_error');
  return new ApiError(
    response.status,
    personMessage(response.status, body.data.code, body.data.message),
    body.data.code,
    body.data,
  );
}

/**
 * A 401 on any call: the session is gone, so it is dropped and the app starts over at sign-in
 * (unless already there). Calls that bypass `request` (the upload's XHR) call it too. A team seat
 * that ended (the creator removed the member) goes back to the member's own account instead, which
 * says why. `token` is the session the refused call carried: a call of a session already left (a
 * seat's, answered after going back) ends nothing.
 */
export function endSession(token: string | null = storedToken()): void {
  if (token !== storedToken()) return;
  if (leaveSeat(true)) {
    reloadAt('/chats');
    return;
  }
  clearStoredSession();
  if (sessionEndHeld) return;
  if (!currentPath().startsWith('/login')) redirectTo('/login');
}

let sessionEndHeld = false;
/**
 * After a ban the account-terminated popup, with its reason and its own Log out, is the way out:
 * the 401s of calls still in flight end the session without taking the page to sign-in.
 */
export function holdSessionEnd(): void {
  sessionEndHeld = true;
}

/** Calls that open or use a chat: a refusal there disables messaging with that member. */
const isMessagingPath = (path: string) => /^\/v1\/(chat|messages|tips)(\/|\?|$)/.test(path);

/**
 * Sends one call and answers its response once it succeeded: headers, base override, the session's
 * end on a 401, maintenance and the error's person-facing message. A `FormData` body goes as
 * multipart; anything else as JSON.
 */
async function sendOnce(method: string, path: string, options: RequestOptions<unknown>): Promise<Response> {
  let response: Response;
  const multipart = options.body instanceof FormData;
  const url = buildUrl(path, options.query, options.base);
  const token = options.token === undefined ? storedToken() : options.token;
  const { stepUpCode } = options;
  const codeInBody = stepUpCode !== undefined && isJsonObject(options.body);
  const body = codeInBody ? { ...(options.body as object), code: stepUpCode } : options.body;
  const headers = {
    ...(multipart ? sessionHeaders(token) : apiHeaders(token)),
    ...(stepUpCode !== undefined && !codeInBody ? { [STEP_UP_HEADER]: stepUpCode } : {}),
  };
  try {
    // A GET the page's start script made already (startedCalls.ts) is taken, once, instead.
    const started = method === 'GET' ? takeStartedCall(url, token) : undefined;
    const answer = started ? await started : null;
    if (answer) options.signal?.throwIfAborted();
    response =
      answer ??
      (await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: multipart || body === undefined ? (body as FormData | undefined) : JSON.stringify(body),
        signal: options.signal,
      }));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, ERRORS.network, 'network_error');
  }

  if (response.status === 401 && options.handleUnauthorized !== false) endSession(token);
  if (!response.ok) {
    const error = await errorFrom(response);
    // A dependency briefly away fails this call alone (a send shows as failed, to retry); any
    // other 503 (maintenance, a proxy with no server behind it) closes the app for the page.
    if (response.status === 503 && !BRIEF_OUTAGES.has(error.code)) redirectTo('/maintenance');
    if (error.status === 423) apiNotices.dispatchEvent(new CustomEvent('frozen', { detail: error.message }));
    if (error.status === 451 && isMessagingPath(path)) {
      apiNotices.dispatchEvent(new CustomEvent('messagingDisabled', { detail: error.message }));
    }
    throw error;
  }
  return response;
}

/**
 * `sendOnce`, and with two-factor sign-in on, the change refused for want of a fresh code sent
 * again with the code the person types (stepUp.ts); closing the prompt answers the refusal.
 */
async function send(method: string, path: string, options: RequestOptions<unknown> = {}): Promise<Response> {
  try {
    return await sendOnce(method, path, options);
  } catch (error) {
    if (!needsFreshCode(error) || options.stepUpCode !== undefined) throw error;
    return withFreshCode(
      (code) => sendOnce(method, path, { ...options, stepUpCode: code }),
      undefined,
      () => error,
    );
  }
}

/** One call to the API whose answer is JSON, validated with the response schema when there is one. */
async function request<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const response = await send(method, path, options);
  // 204 is returned as is, without a body.
  if (response.status === 204) return undefined as T;

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw nonJsonError();
  }
  if (!options.schema) return json as T;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(500, ERRORS.default, 'invalid_response');
  }
  return parsed.data;
}

export type CallOptions = Pick<
  RequestOptions<unknown>,
  'signal' | 'base' | 'handleUnauthorized' | 'token' | 'stepUpCode'
>;

/** The arguments of `call`: the input may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** The body a call of the endpoint sends, as its schema accepts it. */
export type CallBody<E extends Endpoint> = EndpointInput<E> extends { body?: infer B } ? B : never;

const responseSchema = <E extends Endpoint>(endpoint: E) =>
  endpoint.response as z.ZodType<EndpointResult<E>> | undefined;

/**
 * Calls one endpoint of the contract's table: its method and path come from the table, the input is
 * typed by its schemas and the answer is parsed with its response schema.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<EndpointResult<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Query;
    body?: unknown;
  };
  return request(endpoint.method, endpointPath(endpoint, params), {
    ...options,
    query,
    body,
    schema: responseSchema(endpoint),
  });
}

/** Sends a file (an endpoint whose transport is multipart) as every other call goes, and parses the answer. */
export function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: CallOptions & { params?: Record<string, string> } = {},
): Promise<EndpointResult<E>> {
  const { params, ...rest } = options;
  return request(endpoint.method, endpointPath(endpoint, params), {
    ...rest,
    body: form,
    schema: responseSchema(endpoint),
  });
}

/** A call whose answer is a file (transport `file`): the response, once it succeeded, is the caller's. */
export function download(endpoint: Endpoint, options: CallOptions = {}): Promise<Response> {
  return send(endpoint.method, endpointPath(endpoint), options);
}

/** The endpoint's path as a pattern: each `:name` segment matches any one segment. */
function pathPattern(endpoint: Endpoint): RegExp {
  const escaped = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
}

/**
 * Follows a page's `next` link as the server wrote it (the following page's query included): the
 * endpoint gives the method and the response schema, and a link to any other path is refused.
 */
export async function follow<E extends Endpoint>(
  endpoint: E,
  next: string,
  options?: CallOptions,
): Promise<EndpointResult<E>> {
  const path = next.split('?', 1)[0] ?? '';
  if (!pathPattern(endpoint).test(path)) {
    throw new Error(`${next} is not a page of ${endpoint.method} ${endpoint.path}`);
  }
  return request(endpoint.method, next, {
    ...options,
    schema: responseSchema(endpoint),
  });
}
