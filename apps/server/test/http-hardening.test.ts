import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ERRORS } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { connectSources } from '../src/plugins/security';
import { apiTest } from './support/api-test';
import { client } from './support/client';
import { startServer } from './support/server';

const it = apiTest();

describe('bad request bodies', () => {
  const endpoints = [
    ['POST', '/v1/users/sign'],
    ['POST', '/v1/auth'],
  ] as const;

  it.for(endpoints)(
    '%s %s answers malformed JSON with a 400 and a message',
    async ([method, url], { call }) => {
      const res = await call(method, url, { raw: '{"login": "x", ' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: ERRORS.invalidJson, code: 'invalid_json' });
    },
  );

  it('refuses an escaped unpaired surrogate', async ({ call }) => {
    const res = await call('POST', '/v1/auth', { raw: '{"login":"\\ud83d","password":"secret123"}' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ERRORS.invalidJsonSurrogate);
  });

  it('refuses bytes that are not UTF-8 and charsets it does not know', async ({ call }) => {
    const bytes = Buffer.concat([
      Buffer.from('{"login":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('","password":"x"}'),
    ]);
    const res = await call('POST', '/v1/auth', { raw: new Uint8Array(bytes) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ERRORS.invalidJsonEncoding);
    const latin = await call('POST', '/v1/auth', {
      raw: '{"login":"a","password":"b"}',
      headers: { 'content-type': 'application/json; charset=latin1' },
    });
    expect(latin.status).toBe(400);
    expect(latin.body.message).toBe(ERRORS.invalidJsonEncoding);
  });

  it('refuses a body over the limit with 413', async ({ call }) => {
    const res = await call('POST', '/v1/auth', { body: { login: 'x'.repeat(1_100_000), password: 'y' } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: ERRORS.bodyTooLarge, code: 'body_too_large' });
  });

  it('answers a 12 MB body with a 413 the client reads after sending all of it, not a broken connection', async ({
    server,
  }) => {
    const body = Buffer.from(JSON.stringify({ login: 'x'.repeat(12 * 1024 * 1024), password: 'y' }));
    const { port } = new URL(server.url);
    // A client that writes its whole request before it reads the answer (as many do), with the
    // length declared (refused at once) and chunked (refused once past the limit).
    for (const chunked of [false, true]) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (c: string) => {
          text += c;
        });
        socket.on('error', reject);
        socket.on('end', () => resolve(text));
        const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`;
        socket.write(
          `POST /v1/auth HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n${framing}\r\nconnection: close\r\n\r\n`,
        );
        socket.pause();
        const whole = chunked
          ? Buffer.concat([
              Buffer.from(`${body.length.toString(16)}\r\n`),
              body,
              Buffer.from('\r\n0\r\n\r\n'),
            ])
          : body;
        socket.write(whole, (error) => (error ? reject(error) : socket.resume()));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      const json = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(json)).toEqual({
        message: ERRORS.bodyTooLarge,
        code: 'body_too_large',
      });
    }
  });

  it('refuses wrong types and non-JSON content types', async ({ call }) => {
    const wrong = await call('POST', '/v1/auth', { body: { login: 12, password: ['x'] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_input');
    const form = await call('POST', '/v1/auth', {
      raw: 'login=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const array = await call('POST', '/v1/users/sign', { body: [1, 2, 3] });
    expect(array.status).toBe(400);
  });

  it('refuses prototype-poisoning keys', async ({ call }) => {
    const res = await call('POST', '/v1/auth', {
      raw: '{"__proto__":{"admin":true},"login":"a","password":"b"}',
    });
    expect(res.status).toBe(400);
  });

  it('refuses NUL characters in bodies and query strings', async ({ api, call }) => {
    const { token, user } = await api.signUp();
    const body = await call('PATCH', `/v1/users/${user._id}`, { token, raw: '{"bio":"a\\u0000b"}' });
    expect(body.status).toBe(400);
    const query = await call('GET', '/v1/username-available?username=ab%00cd');
    expect(query.status).toBeLessThan(500);
    const profile = await call('GET', '/v1/users/ab%00cd');
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe(ERRORS.invalidText);
  });

  it('never answers 500 to junk sent anywhere', async ({ api, call }) => {
    const { token, user } = await api.signUp();
    const junk = [
      'null',
      '[]',
      '"text"',
      '0',
      'true',
      '{"a":{"b":{"c":[[[[]]]]}}}',
      '{"username":null}',
      '{"bio":"\\u0000"}',
    ];
    const targets = [
      ['POST', '/v1/users/sign'],
      ['POST', '/v1/auth'],
      ['PATCH', `/v1/users/${user._id}`],
      ['GET', '/v1/username-available?username[]=a'],
      ['GET', '/v1/provider/config?platform=android'],
    ] as const;
    for (const [method, url] of targets) {
      for (const raw of junk) {
        const res = await call(method, url, method === 'GET' ? { token } : { raw, token });
        expect(res.status, `${method} ${url} ${raw}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${url} ${raw}`).toBeLessThan(500);
        expect(typeof res.body.message).toBe('string');
      }
    }
  });
});

describe('platform', () => {
  it('reports health and readiness', async ({ call }) => {
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('sends pages security headers and a content security policy', async ({ api }) => {
    const res = await api.request('GET', '/chats', { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends an API answer only the headers it uses, and a policy that loads and frames nothing', async ({
    call,
  }) => {
    const res = await call('GET', '/healthz');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site');
    for (const pageOnly of [
      'permissions-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'x-xss-protection',
    ]) {
      expect(res.headers.get(pageOnly), pageOnly).toBeNull();
    }
  });

  it('keeps signed-in answers out of caches', async ({ api, call }) => {
    const { token, user } = await api.signUp();
    const me = await call('GET', '/v1/users/me', { token });
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/v1/users/sessions', { token })).headers.get('cache-control')).toBe(
      'no-store',
    );
    const profile = await call('GET', `/v1/users/${user.username}`);
    expect(profile.headers.get('cache-control')).toBeNull();
  });

  it("lets pages connect to the app's own origins only, sockets included", async ({ server, api }) => {
    const res = await api.request('GET', '/chats', { headers: { accept: 'text/html' } });
    const connect = res.headers
      .get('content-security-policy')
      ?.match(/connect-src ([^;]*)/)?.[1]
      ?.split(' ');
    const own = new URL(server.config.publicUrl).origin;
    expect(connect).toEqual(["'self'", own, own.replace(/^http/, 'ws')]);
    expect(
      connectSources({
        publicUrl: 'https://parlor.example',
        mediaBaseUrl: 'https://media.parlor.example/files',
      }),
    ).toEqual([
      "'self'",
      'https://parlor.example',
      'wss://parlor.example',
      'https://media.parlor.example',
      'wss://media.parlor.example',
    ]);
  });

  it('answers unknown API paths with a JSON 404', async ({ api }) => {
    const res = await api.request('GET', '/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: ERRORS.notFound, code: 'not_found' });
  });

  it('serves a generated avatar', async ({ call }) => {
    const res = await call('GET', '/v1/avatars/mila.svg?l=m');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.body).toContain('>M</text>');
  });
});

describe('rate limits', () => {
  it('throttles sign-in attempts with 429', async () => {
    const limited = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const a = client(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await a.call('POST', '/v1/auth', { body: { login: 'someone', password: 'guess' } })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await a.call('POST', '/v1/auth', { body: { login: 'someone', password: 'guess' } });
      expect(last.body.code).toBe('too_many_requests');
      // Other endpoints are not throttled by it.
      expect((await a.call('GET', '/healthz')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('web app serving', () => {
  it('serves index.html for app paths, the service worker from the root, and assets', async ({ server }) => {
    const web = path.join(server.dataDir, 'web');
    // The web build is written after start-up; a fresh server picks it up.
    const withWeb = await (async () => {
      fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Parlor</title>');
      fs.writeFileSync(path.join(web, 'service-worker.js'), 'self.addEventListener("install", () => {});');
      fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
      return startServer({ WEB_DIR: web });
    })();
    try {
      const w = client(withWeb.url);
      for (const page of ['/', '/chats', '/chats/123', '/login', '/account/get-credits', '/mila']) {
        const res = await w.request('GET', page, { headers: { accept: 'text/html' } });
        expect(res.status, page).toBe(200);
        expect(res.body).toContain('<title>Parlor</title>');
      }
      const sw = await w.request('GET', '/service-worker.js');
      expect(sw.status).toBe(200);
      expect(sw.headers.get('service-worker-allowed')).toBe('/');
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      const asset = await w.request('GET', '/assets/app-abc123.js');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await w.request('GET', '/v1/nothing')).status).toBe(404);
    } finally {
      await withWeb.close();
    }
  });
});
