import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { type Config, crossOriginMedia } from '../config';

/** What the web app calls on the media host: uploads, the availability check, files. */
const MEDIA_HOST_PATH = /^\/v1\/media(?:\/available|\/files\/[^?]+)?(?:\?|$)/;

/** Preflights are remembered for an hour (browsers cap it at two). */
const PREFLIGHT_MAX_AGE_S = 3600;

const ALLOWED: FastifyCorsOptions = {
  methods: ['GET', 'HEAD', 'POST'],
  // The client's headers (access-token, web-type), a bearer token, and Range for video.
  allowedHeaders: ['access-token', 'web-type', 'authorization', 'accept', 'content-type', 'range'],
  exposedHeaders: ['content-range', 'accept-ranges'],
  credentials: false,
  maxAge: PREFLIGHT_MAX_AGE_S,
};

/**
 * CORS for the media host when MEDIA_BASE_URL is another origin than the web app (PUBLIC_URL).
 * Registered in the scope of the media-host routes and answering only the web app's origin on
 * media paths, so no other origin, and no other path, is opened to cross-origin calls.
 */
export async function registerMediaCors(scope: FastifyInstance, config: Config) {
  if (!crossOriginMedia(config)) return;
  const webOrigin = new URL(config.publicUrl).origin;
  await scope.register(cors, {
    // The plugin's catch-all preflight route joins this scope too: the path check keeps it to media.
    delegator: (request, done) =>
      done(
        null,
        request.headers.origin === webOrigin && MEDIA_HOST_PATH.test(request.url)
          ? { ...ALLOWED, origin: webOrigin }
          : { origin: false },
      ),
  });
}
