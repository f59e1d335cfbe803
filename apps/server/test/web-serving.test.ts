import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect } from 'vitest';
import { precompressDir } from '../../web/precompress';
import { registerStatic } from '../src/plugins/static';
import { apiTest } from './support/api-test';

/** A GET over a plain socket: the bytes as sent (fetch would decode them) and the headers. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

// A script big enough that compressing it pays, like the app's own bundles.
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export const value${i} = "Parlor chunk line ${i}";\n`,
).join('');
const INDEX =
  '<!doctype html><html lang="en"><head><title>Parlor</title></head><body><div id="root"></div></body></html>';

let web: string;

const it = apiTest(async (onCleanup) => {
  // A build's output as `npm run build -w apps/web` leaves it: files, then the precompress step.
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'parlor-web-'));
  web = dir;
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), INDEX);
  fs.writeFileSync(path.join(web, 'assets', 'index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(web, 'assets', 'index-abc123.css'), `body { color: #1b1a22; }\n`.repeat(50));
  fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(web, 'service-worker.js'), 'self.addEventListener("install", () => {});');
  await precompressDir(web);
  onCleanup(() => fs.rmSync(web, { recursive: true, force: true }));
  return { WEB_DIR: web };
});

describe('precompressed web assets', () => {
  it('the build step writes a .br and a .gz beside every text asset, and nothing beside images', () => {
    for (const file of ['index.html', 'assets/index-abc123.js', 'assets/index-abc123.css', 'favicon.svg']) {
      expect(fs.existsSync(path.join(web, `${file}.br`)), file).toBe(true);
      expect(fs.existsSync(path.join(web, `${file}.gz`)), file).toBe(true);
    }
  });

  it('sends a script brotli-compressed to a browser that accepts br, identical once decoded', async ({
    server,
  }) => {
    const res = await rawGet(`${server.url}/assets/index-abc123.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts only gzip', async ({ server }) => {
    const res = await rawGet(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async ({ server }) => {
    const res = await rawGet(`${server.url}/assets/index-abc123.js`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('compresses the app page too, which every visit revalidates', async ({ server }) => {
    for (const page of ['/login', '/chats']) {
      const res = await rawGet(`${server.url}${page}`, { 'accept-encoding': 'br', accept: 'text/html' });
      expect(res.status, page).toBe(200);
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.headers['content-type'], page).toMatch(/text\/html/);
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body).toString(), page).toBe(INDEX);
    }
  });

  it('stylesheets are compressed and cached like scripts', async ({ server }) => {
    const res = await rawGet(`${server.url}/assets/index-abc123.css`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('a missing asset is still a 404, in any encoding', async ({ server }) => {
    const res = await rawGet(`${server.url}/assets/gone-000000.js`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
  });
});

describe('security headers by what is sent', () => {
  it("a page gets the app's content security policy and its page-only headers", async ({ server }) => {
    const page = await rawGet(`${server.url}/chats`, { accept: 'text/html' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('the service worker, a script that runs on its own, keeps the policy of the pages', async ({
    server,
  }) => {
    const worker = await rawGet(`${server.url}/service-worker.js`);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['content-security-policy']).toContain("connect-src 'self'");
  });

  it("scripts and stylesheets carry no page-only headers, about 1 KB less on each of a page's files", async ({
    server,
  }) => {
    for (const file of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const res = await rawGet(`${server.url}${file}`, { 'accept-encoding': 'br' });
      expect(res.status, file).toBe(200);
      expect(res.headers['content-security-policy'], file).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['permissions-policy'], file).toBeUndefined();
      expect(res.headers['x-frame-options'], file).toBeUndefined();
      expect(res.headers['x-content-type-options'], file).toBe('nosniff');
    }
  });
});

describe('compressed API answers', () => {
  it('sends an answer of 1 KB or more gzip- or brotli-compressed, the same JSON once decoded', async ({
    server,
    api,
  }) => {
    const { token } = await api.signUp();
    const url = `${server.url}/v1/users/me`;
    const plain = await rawGet(url, { 'access-token': token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString());
    expect(json.username).toBeTruthy();

    // What a browser sends: gzip is chosen, cheaper to make for a few KB and nearly as small.
    const gzip = await rawGet(url, { 'access-token': token, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 1.5);
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(json);

    const br = await rawGet(url, { 'access-token': token, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(json);
  });

  it('leaves a small answer as it is', async ({ server }) => {
    const res = await rawGet(`${server.url}/healthz`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
  });

  it('does not inflate a compressed request body: it is refused as malformed', async ({ server }) => {
    const res = await fetch(`${server.url}/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: zlib.gzipSync(JSON.stringify({ login: 'nobody', password: 'password123' })),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_json');
  });
});

describe('robots.txt', () => {
  it('lets crawlers see creator pages and discover, and keeps them out of the API and private areas', async ({
    api,
  }) => {
    const res = await api.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = String(res.body).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const pathname of ['/v1/', '/account', '/admin', '/chats']) {
      expect(lines, pathname).toContain(`Disallow: ${pathname}`);
    }
    expect(lines).toContain('Allow: /discover');
    expect(lines).toContain('Allow: /');
    // A creator's page such as /mila is matched by no Disallow line.
    const disallowed = lines
      .filter((l) => l.startsWith('Disallow: '))
      .map((l) => l.slice('Disallow: '.length));
    for (const pathname of ['/mila', '/discover', '/login']) {
      expect(
        disallowed.some((prefix) => pathname.startsWith(prefix)),
        pathname,
      ).toBe(false);
    }
  });

  it('is there even when the web app is not built', async () => {
    // The static layer alone over an empty folder: no build, still an answer.
    const bare = Fastify({ logger: false });
    await registerStatic(bare, path.join(web, 'not-built'));
    try {
      const res = await bare.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Disallow: /chats');
      expect((await bare.inject({ method: 'GET', url: '/login' })).statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
