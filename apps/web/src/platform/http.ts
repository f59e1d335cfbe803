/**
 * How every call to the API is written: its query string and its headers. Plain functions with no
 * browser state, so the build writes the page's start script from them too (app/startCalls.ts) and
 * its requests are the ones `api.ts` would make.
 */
export type Query = Record<string, string | number | boolean | undefined | null>;

/** Empty values are left out; the keys keep the given order. */
export function queryString(query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The header the session's token travels in. */
export const TOKEN_HEADER = 'access-token';

/** The headers of every call: JSON answers, the client's kind and the session's token. */
export function sessionHeaders(token: string | null): Record<string, string> {
  return {
    Accept: 'application/json',
    'web-type': 'react',
    ...(token ? { [TOKEN_HEADER]: token } : {}),
  };
}

/** A call with a JSON body (or none). A multipart body must not say so: the browser writes its boundary. */
export function apiHeaders(token: string | null): Record<string, string> {
  return { ...sessionHeaders(token), 'Content-Type': 'application/json' };
}
