import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';

const API_PREFIX = /^\/v\d+(\/|$)/;

/**
 * What crawlers may index: public creator pages (`/<username>`), discover and the sign-in page;
 * never the API, the operator endpoints, or a member's own areas (they need a session anyway).
 */
export const ROBOTS_TXT = `User-agent: *
Disallow: /v1/
Disallow: /v2/
Disallow: /healthz
Disallow: /readyz
Disallow: /metrics
Disallow: /account
Disallow: /admin
Disallow: /chats
Disallow: /broadcast
Disallow: /auto-messages
Disallow: /feed
Disallow: /3ds-callback
Disallow: /unban
Disallow: /maintenance
Allow: /discover
Allow: /
`;

/** `x.js.br` is served for `x.js`: headers are chosen by the file asked for, not the one sent. */
const requestedFile = (rel: string) => rel.replace(/\.(br|gz)$/, '');

/**
 * Serves the built web app: hashed assets cached for a year, the service worker from the root with
 * no caching, and index.html for every other GET that is not an API path (SPA fallback). Text files
 * go out as the `.br` or `.gz` written beside them at build time (apps/web/precompress.ts) when the
 * browser accepts it, with `Vary: Accept-Encoding`.
 */
export async function registerStatic(app: FastifyInstance, webDir: string) {
  app.get('/robots.txt', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );

  const hasWeb = fs.existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Only the uncompressed names are routes: `/assets/x.js.br` itself is not a page of the app.
      globIgnore: ['**/*.br', '**/*.gz', 'robots.txt'],
      setHeaders(res, filePath) {
        const rel = requestedFile(path.relative(webDir, filePath));
        if (rel.startsWith('assets')) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (rel === 'service-worker.js') {
          res.header('Cache-Control', 'no-cache');
          res.header('Service-Worker-Allowed', '/');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ webDir }, 'web app is not built; run `npm run build` to serve it');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing hashed asset is a 404, not the SPA page: an old tab asking for a removed chunk must
    // fail so its lazy screen can report and reload, instead of parsing HTML as a script. The same
    // holds beneath the API reference's page (its renderer's files).
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIX.test(pathname) &&
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith('/api/');
    if (isPage && hasWeb) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    if (isPage) {
      return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`.');
    }
    return reply.status(404).send({ message: ERRORS.notFound, code: 'not_found' });
  });
}
