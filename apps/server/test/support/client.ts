import type { AuthResponse, User } from '@parlor/contract';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A thin HTTP client over real sockets, speaking the API as the web client does. */
export function client(baseUrl: string) {
  async function call<T = any>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      raw?: string | Uint8Array;
      token?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer<T>> {
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
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  let counter = 0;
  /** Signs up a fresh account and answers its token and user. */
  async function signUp(type: 'user' | 'featured' = 'user', extra: Record<string, unknown> = {}) {
    counter++;
    const name = `${type === 'featured' ? 'creator' : 'fan'}${Date.now().toString(36)}${counter}`;
    const res = await call<AuthResponse>('POST', '/v1/users/sign', {
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

  return { call, signUp };
}
