import { ERRORS, endpoints, STORAGE_KEYS, UNAVAILABLE_CODES } from '@parlor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiBaseUrl,
  apiNotices,
  call,
  download,
  follow,
  PERSON_MESSAGES,
  upload,
  wsBaseUrl,
} from './api';

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
    fetchMock.mockResolvedValue(json(200, { tags: ['art'] }));
    await call(endpoints.addTag, { body: { tag: 'art' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/users/tags');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"tag":"art"}');
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'web-type': 'react',
      'access-token': 'tok-123',
    });
  });

  it('leaves out empty query values and uses the API base cookie', async () => {
    vi.stubGlobal('document', { cookie: 'x=1; custom_api_base_url=https%3A%2F%2Fapi.example.com%2F' });
    fetchMock.mockResolvedValue(
      json(200, { data: [], unread_messages: 0, unread_messages_favorites: 0, next: null }),
    );
    await call(endpoints.listChats, { query: { v: 2, search: '', type: undefined, limit: 20 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.com/v1/chats?v=2&limit=20');
    expect(apiBaseUrl()).toBe('https://api.example.com');
  });

  it('calls another host when given a base (the media host)', async () => {
    fetchMock.mockResolvedValue(
      json(200, { status: false, media: null, width: null, height: null, video_length: null }),
    );
    await call(
      endpoints.mediaAvailable,
      { query: { media_id: 'abc', type: 'message' } },
      { base: 'https://media.example.com' },
    );
    expect(fetchMock.mock.calls[0]![0]).toBe(
      'https://media.example.com/v1/media/available?media_id=abc&type=message',
    );
  });

  it('derives the websocket base from the page, or the ws cookie', () => {
    expect(wsBaseUrl()).toBe('ws://parlor.test');
    vi.stubGlobal('document', { cookie: 'custom_ws_base_url=wss://rt.example.com' });
    expect(wsBaseUrl()).toBe('wss://rt.example.com');
  });

  it('returns a 204 as is, without reading a body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(call(endpoints.signOut)).resolves.toBeUndefined();
  });

  it('turns a non-JSON error answer into a 500 named "Non JSON response"', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await call(endpoints.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: ERRORS.nonJson, status: 500, message: ERRORS.default });
  });

  it('turns a non-JSON success answer into a 500 named "Non JSON response"', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Welcome</html>', { status: 200 }));
    const error = await call(endpoints.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: ERRORS.nonJson, status: 500, code: 'non_json_response' });
  });

  it('turns a failed fetch into the network error message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(endpoints.me)).rejects.toMatchObject({
      message: ERRORS.network,
      code: 'network_error',
    });
  });

  it('carries the server message, code and field of an error answer', async () => {
    fetchMock.mockResolvedValue(
      json(409, { message: ERRORS.usernameTaken, code: 'username_taken', field: 'username' }),
    );
    await expect(
      call(endpoints.signUp, {
        body: {
          email: 'a@b.co',
          username: 'taken',
          password: 'secret123',
          confirm_adult: true,
          accept_terms: true,
        },
      }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'username_taken',
      message: ERRORS.usernameTaken,
      field: 'username',
    });
  });

  it('sends a file as multipart with the session headers, no JSON type, and parses the answer', async () => {
    fetchMock.mockResolvedValue(
      json(201, {
        _id: 'd1',
        kind: 'selfie',
        url: '/v1/users/id-verification/documents/d1',
        width: 800,
        height: 600,
        created_at: '2026-11-28T12:00:00.000Z',
      }),
    );
    const form = new FormData();
    form.set('file', new Blob(['x'], { type: 'image/jpeg' }), 'me.jpg');
    const doc = await upload(endpoints.uploadIdDocument, form, { params: { kind: 'selfie' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/users/id-verification/documents/selfie');
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'web-type': 'react',
      'access-token': 'tok-123',
    });
    expect(doc).toMatchObject({ _id: 'd1', kind: 'selfie' });
  });

  it('ends the session on a 401 to an upload and gives a refused download the server message', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: ERRORS.unauthorized, code: 'unauthorized' }));
    await expect(upload(endpoints.uploadAvatar, new FormData())).rejects.toMatchObject({ status: 401 });
    expect(storage.data.has(STORAGE_KEYS.authToken)).toBe(false);
    expect(location.assign).toHaveBeenCalledWith('/login');

    fetchMock.mockResolvedValueOnce(json(429, { message: 'One export a day.', code: 'rate_limited' }));
    await expect(download(endpoints.exportData)).rejects.toMatchObject({
      status: 429,
      message: 'One export a day.',
    });
    fetchMock.mockResolvedValueOnce(new Response('PK', { status: 200 }));
    expect(await (await download(endpoints.exportData)).text()).toBe('PK');
  });

  it('on 401 clears the token and sends the browser to /login', async () => {
    fetchMock.mockResolvedValue(json(401, { message: ERRORS.unauthorized, code: 'unauthorized' }));
    await expect(call(endpoints.me)).rejects.toMatchObject({ status: 401 });
    expect(storage.data.has(STORAGE_KEYS.authToken)).toBe(false);
    expect(location.assign).toHaveBeenCalledWith('/login');
  });

  it('leaves a 401 to the caller when asked (the sign-in call)', async () => {
    fetchMock.mockResolvedValue(json(401, { message: ERRORS.wrongLogin, code: 'wrong_login' }));
    await expect(
      call(
        endpoints.signIn,
        { body: { login: 'someone', password: 'secret' } },
        { handleUnauthorized: false },
      ),
    ).rejects.toMatchObject({
      message: ERRORS.wrongLogin,
    });
    expect(storage.data.get(STORAGE_KEYS.authToken)).toBe('tok-123');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('announces a 451 on chat calls as messaging disabled, not on other calls', async () => {
    fetchMock.mockImplementation(async () =>
      json(451, { message: ERRORS.notInCountry, code: 'not_in_country' }),
    );
    const disabled = vi.fn();
    apiNotices.addEventListener('messagingDisabled', disabled);
    try {
      await expect(call(endpoints.openChat, { body: { recipient_id: 'c1' } })).rejects.toMatchObject({
        status: 451,
      });
      await expect(call(endpoints.publicProfile, { params: { username: 'mila' } })).rejects.toMatchObject({
        status: 451,
      });
    } finally {
      apiNotices.removeEventListener('messagingDisabled', disabled);
    }
    expect(disabled).toHaveBeenCalledTimes(1);
    expect((disabled.mock.calls[0]![0] as CustomEvent).detail).toBe(ERRORS.notInCountry);
  });

  it('announces a 423 (frozen account) with the server message', async () => {
    fetchMock.mockResolvedValue(json(423, { message: 'Your account is frozen', code: 'frozen' }));
    const frozen = vi.fn();
    apiNotices.addEventListener('frozen', frozen);
    try {
      await expect(call(endpoints.me)).rejects.toMatchObject({ status: 423 });
    } finally {
      apiNotices.removeEventListener('frozen', frozen);
    }
    expect(frozen).toHaveBeenCalledTimes(1);
    expect((frozen.mock.calls[0]![0] as CustomEvent).detail).toBe('Your account is frozen');
  });

  it('on 503 sends the browser to /maintenance', async () => {
    fetchMock.mockResolvedValue(json(503, { message: 'Maintenance', code: 'maintenance' }));
    await expect(call(endpoints.me)).rejects.toMatchObject({ status: 503 });
    expect(location.assign).toHaveBeenCalledWith('/maintenance');
  });

  it('on a 503 of the database being briefly away fails the call with its message and stays on the page', async () => {
    fetchMock.mockResolvedValue(
      json(503, { message: ERRORS.databaseUnavailable, code: UNAVAILABLE_CODES.database }),
    );
    await expect(call(endpoints.me)).rejects.toMatchObject({
      status: 503,
      message: ERRORS.databaseUnavailable,
    });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('validates answers against the contract schema', async () => {
    fetchMock.mockResolvedValue(json(200, { _id: 'u1' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(call(endpoints.me)).rejects.toMatchObject({
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

  it('follows a next link as the server wrote it, with the method and schema of its endpoint', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [], next: null, total: 0 }));
    await expect(
      follow(endpoints.listSubscriptions, '/v1/subscriptions?limit=20&offset=20'),
    ).resolves.toEqual({
      data: [],
      next: null,
      total: 0,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/subscriptions?limit=20&offset=20');
    expect(init.method).toBe('GET');
  });

  it('matches a next link against the path parameters of its endpoint', async () => {
    fetchMock.mockResolvedValue(json(200, { unexpected: true }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      follow(endpoints.listMessages, '/v1/chats/c1/messages?limit=50&last_message_id=9'),
    ).rejects.toMatchObject({ code: 'invalid_response' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/v1/chats/c1/messages?limit=50&last_message_id=9');
  });

  it('refuses a next link to another endpoint without calling it', async () => {
    await expect(follow(endpoints.listSubscriptions, '/v1/chats?limit=20&offset=20')).rejects.toThrow(
      'is not a page of GET /v1/subscriptions',
    );
    await expect(follow(endpoints.listMessages, '/v1/chats/c1/x/messages?limit=50')).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('what a person reads of a refusal', () => {
  const refusal = async (status: number, body: unknown) => {
    fetchMock.mockResolvedValue(json(status, body));
    return (await call(endpoints.addTag, { body: { tag: 'art' } }).catch((e: unknown) => e)) as ApiError;
  };

  it("replaces a schema's wording with a sentence, keeping the code and the field", async () => {
    const error = await refusal(400, {
      message: 'Too small: expected string to have >=1 characters',
      code: 'invalid_input',
      field: 'tag',
    });
    expect(error.message).toBe(PERSON_MESSAGES.checkInput);
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', field: 'tag' });
  });

  it('says what a bare "Not found" means', async () => {
    expect((await refusal(404, { message: 'Not found', code: 'not_found' })).message).toBe(
      PERSON_MESSAGES.gone,
    );
  });

  it("passes the server's own sentences through unchanged", async () => {
    const error = await refusal(400, { message: 'Choose a start before the end.', code: 'invalid_input' });
    expect(error.message).toBe('Choose a start before the end.');
    expect((await refusal(403, { message: ERRORS.blocked, code: 'blocked' })).message).toBe(ERRORS.blocked);
  });
});
