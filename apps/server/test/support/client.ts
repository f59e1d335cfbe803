import type { AuthResponse, Endpoints, HttpMethod, User } from '@parlor/contract';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions<Body = unknown> {
  body?: Body;
  raw?: string | Uint8Array;
  token?: string;
  headers?: Record<string, string>;
}

type Route = Endpoints[keyof Endpoints];
/** A declared path as a test writes it: `/v1/feed/:id` is `/v1/feed/${string}`. */
type Filled<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Filled<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
type Written<E extends Route> = Filled<E['path']> | `${Filled<E['path']>}?${string}`;
/** Every path the contract declares for `M`, with or without a query string. */
export type ApiPath<M extends HttpMethod> = Route extends infer E
  ? E extends Route & { method: M }
    ? Written<E>
    : never
  : never;
/** A thin HTTP client over real sockets, speaking the API as the web client does. */
export function client(baseUrl: string) {
  /**
   * Any request, as written: off-contract paths (pages, `next` links read from an answer) and
   * bodies the contract refuses, for the tests of what the server does with them.
   */
  async function request(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'web-type': 'react',
      ...options.headers,
    };
    if (options.token) headers['access-token'] = options.token;
    let body: string | Uint8Array | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // non-JSON answers (pages, SVG) stay text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /**
   * A call of an endpoint of the contract's table: the method and path must be declared there
   * (path parameters and a query string filled in). Bodies stay loose: tests send what the schemas
   * refuse on purpose, and matching each call's body to its schema costs the type check five times
   * its time.
   */
  function call<M extends HttpMethod, P extends ApiPath<M>>(
    method: M,
    path: P,
    options: CallOptions = {},
  ): Promise<Answer> {
    return request(method, path, options);
  }

  let counter = 0;
  /** Signs up a fresh account and answers its token and user. */
  async function signUp(type: 'user' | 'featured' = 'user', extra: Record<string, unknown> = {}) {
    counter++;
    const name = `${type === 'featured' ? 'creator' : 'fan'}${Date.now().toString(36)}${counter}`;
    const res: Answer<AuthResponse> = await call('POST', '/v1/users/sign', {
      body: {
        email: `${name}@example.com`,
        password: 'secret123',
        username: name,
        type,
        confirm_adult: true,
        accept_terms: true,
        ...extra,
      },
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.access_token, user: res.body.user as User, password: 'secret123' };
  }

  return { call, request, signUp };
}

export type Api = ReturnType<typeof client>;
