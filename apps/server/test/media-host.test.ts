import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import { photoWithGps, upload } from './support/media';
import type { TestServer } from './support/server';

// MEDIA_BASE_URL on another origin than the web app: uploads go to the media host.
// Both names stand for this one test server: requests go to its port with the browser's Origin.
const WEB = 'http://app.parlor.test';
const MEDIA = 'https://media.parlor.test';
const FOREIGN = 'https://elsewhere.example';

const it = apiTest({ PUBLIC_URL: WEB, MEDIA_BASE_URL: MEDIA });

/** What a browser sends before a cross-origin call with the client's headers. */
function preflight(server: TestServer, path: string, origin: string, method = 'POST') {
  return fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'access-token,web-type,accept,content-type',
    },
  });
}

const corsHeaders = (res: Response) => [...res.headers.keys()].filter((k) => k.startsWith('access-control-'));

describe('a media host on another origin', () => {
  it('tells the web client where the media host is', async ({ w, call }) => {
    const fan = await w.fan();
    const res = await call('GET', '/v1/provider/config?platform=react', { token: fan.token });
    expect(res.status).toBe(200);
    expect(res.body.media_base_url).toBe(MEDIA);
  });

  it('lets the web app preflight an upload and the availability check', async ({ server }) => {
    for (const [path, method] of [
      ['/v1/media', 'POST'],
      ['/v1/media/available?media_id=abc&type=message', 'GET'],
    ] as const) {
      const res = await preflight(server, path, WEB, method);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(WEB);
      expect(res.headers.get('access-control-allow-methods')).toContain(method);
      const allowed = res.headers.get('access-control-allow-headers')?.split(/,\s*/) ?? [];
      expect(allowed).toEqual(expect.arrayContaining(['access-token', 'web-type', 'authorization']));
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('gives a foreign origin no CORS headers', async ({ server, w }) => {
    const res = await preflight(server, '/v1/media', FOREIGN);
    expect(corsHeaders(res)).toEqual([]);
    const creator = await w.creator();
    const up = await upload(server.url, creator.token, await photoWithGps(400, 300), {
      headers: { origin: FOREIGN },
    });
    expect(corsHeaders(new Response(null, { headers: up.headers }))).toEqual([]);
  });

  it('opens no other part of the API to the web origin', async ({ server, w, call }) => {
    for (const path of ['/v1/users/me', '/v1/chats', '/v1/media/sales', '/v1/messages/1/buy']) {
      const res = await preflight(server, path, WEB, 'GET');
      expect(corsHeaders(res), path).toEqual([]);
    }
    const fan = await w.fan();
    const me = await call('GET', '/v1/users/me', { token: fan.token, headers: { origin: WEB } });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes an upload from the web origin and answers file URLs on the media host', async ({
    server,
    w,
    call,
  }) => {
    const creator = await w.creator();
    const photo = await photoWithGps(1200, 900);
    const up = await upload(server.url, creator.token, photo, { headers: { origin: WEB } });
    expect(up.status).toBe(200);
    expect(up.headers.get('access-control-allow-origin')).toBe(WEB);
    const media = up.body.media;
    for (const variant of ['th', 'st', 'sr', 'rt', 'blur'] as const) {
      expect(media[variant]).toMatch(new RegExp(`^${MEDIA}/v1/media/files/${media.public_id}/${variant}\\?`));
    }

    const available = await call('GET', `/v1/media/available?media_id=${media.media_id}&type=message`, {
      token: creator.token,
      headers: { origin: WEB },
    });
    expect(available.body.status).toBe(true);
    expect(available.headers.get('access-control-allow-origin')).toBe(WEB);

    // The page (another site) embeds the file: its resource policy allows that.
    const file = await fetch(media.st.replace(MEDIA, server.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('names the media origin in the content security policy of the pages', async ({ server }) => {
    const res = await fetch(`${server.url}/chats`);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of ['connect-src', 'img-src', 'media-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*${MEDIA.replace(/\./g, '\\.')}`));
    }
  });
});
