import { ERRORS, endpoints, STORAGE_KEYS, User } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiBaseUrl, call, wsBaseUrl } from './api';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let storage: ReturnType<typeof memoryStorage>;
let location: { pathname: string; protocol: string; host: string; assign: ReturnType<typeof vi.fn> };

beforeEach(() => {
  fetchMock = vi.fn();
  storage = memoryStorage({ [STORAGE_KEYS.authToken]: 'tok-123' });
  location = { pathname: '/chats', protocol: 'http:', host: 'parlor.test', assign: vi.fn() };
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('location', location);
  vi.stubGlobal('document', { cookie: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON headers, web-type, the stored token and same-origin credentials', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await api.post('/v1/things', { a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'web-type': 'react',
      'access-token': 'tok-123',
    });
  });

  it('leaves out empty query values and uses the API base cookie', async () => {
    vi.stubGlobal('document', { cookie: 'x=1; custom_api_base_url=https%3A%2F%2Fapi.example.com%2F' });
    fetchMock.mockResolvedValue(json(200, {}));
    await api.get('/v1/chats', { query: { v: 2, search: '', type: undefined, limit: 20 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.com/v1/chats?v=2&limit=20');
    expect(apiBaseUrl()).toBe('https://api.example.com');
  });

  it('derives the websocket base from the page, or the ws cookie', () => {
    expect(wsBaseUrl()).toBe('ws://parlor.test');
    vi.stubGlobal('document', { cookie: 'custom_ws_base_url=wss://rt.example.com' });
    expect(wsBaseUrl()).toBe('wss://rt.example.com');
  });

  it('returns a 204 as is, without reading a body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/v1/auth')).resolves.toBeUndefined();
  });

  it('turns a non-JSON error answer into a 500 named "Non JSON response"', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api.get('/v1/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: ERRORS.nonJson, status: 500, message: ERRORS.default });
  });

  it('turns a failed fetch into the network error message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/v1/users/me')).rejects.toMatchObject({
      message: ERRORS.network,
      code: 'network_error',
    });
  });

  it('carries the server message, code and field of an error answer', async () => {
    fetchMock.mockResolvedValue(
      json(409, { message: ERRORS.usernameTaken, code: 'username_taken', field: 'username' }),
    );
    await expect(api.post('/v1/users/sign', {})).rejects.toMatchObject({
      status: 409,
      code: 'username_taken',
      message: ERRORS.usernameTaken,
      field: 'username',
    });
  });

  it('on 401 clears the token and sends the browser to /login', async () => {
    fetchMock.mockResolvedValue(json(401, { message: ERRORS.unauthorized, code: 'unauthorized' }));
    await expect(api.get('/v1/users/me')).rejects.toMatchObject({ status: 401 });
    expect(storage.data.has(STORAGE_KEYS.authToken)).toBe(false);
    expect(location.assign).toHaveBeenCalledWith('/login');
  });

  it('leaves a 401 to the caller when asked (the sign-in call)', async () => {
    fetchMock.mockResolvedValue(json(401, { message: ERRORS.wrongLogin, code: 'wrong_login' }));
    await expect(api.post('/v1/auth', {}, { handleUnauthorized: false })).rejects.toMatchObject({
      message: ERRORS.wrongLogin,
    });
    expect(storage.data.get(STORAGE_KEYS.authToken)).toBe('tok-123');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('on 503 sends the browser to /maintenance', async () => {
    fetchMock.mockResolvedValue(json(503, { message: 'Maintenance', code: 'maintenance' }));
    await expect(api.get('/v1/users/me')).rejects.toMatchObject({ status: 503 });
    expect(location.assign).toHaveBeenCalledWith('/maintenance');
  });

  it('validates answers against the contract schema', async () => {
    fetchMock.mockResolvedValue(json(200, { _id: 'u1' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/v1/users/me', { schema: User })).rejects.toMatchObject({
      status: 500,
      code: 'invalid_response',
    });
  });
});

describe('calls through the endpoint table', () => {
  it('takes the method and path from the table and fills path parameters, encoded', async () => {
    const note = { _id: 'n1', text: 'hi', created_at: '2026-01-01T00:00:00.000Z' };
    fetchMock.mockResolvedValue(json(200, note));
    await call(endpoints.updateNote, { params: { id: 'a/b' }, body: { text: 'hi' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/notes/a%2Fb');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"text":"hi"}');
  });

  it('parses the answer with the response schema and refuses one that does not fit', async () => {
    fetchMock.mockResolvedValue(json(200, { unexpected: true }));
    await expect(call(endpoints.chatTotals)).rejects.toMatchObject({ status: 500, code: 'invalid_response' });
  });

  it('answers nothing for a 204 endpoint', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(call(endpoints.deleteNote, { params: { id: 'n1' } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![1].method).toBe('DELETE');
  });
});
