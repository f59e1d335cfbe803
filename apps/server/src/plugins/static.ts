import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@parlor/contract';
import type { FastifyInstance } from 'fastify';

const API_PREFIX = /^\/v\d+(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, the service worker from the root with
 * no caching, and index.html for every other GET that is not an API path (SPA fallback).
 */
export async function registerStatic(app: FastifyInstance, webDir: string) {
  const hasWeb = fs.existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDir, filePath);
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
    // fail so its lazy screen can report and reload, instead of parsing HTML as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIX.test(pathname) &&
      !pathname.startsWith('/assets/');
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
