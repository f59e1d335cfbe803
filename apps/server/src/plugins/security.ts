import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers and a content security policy that allows only this origin's scripts. */
export async function registerSecurity(app: FastifyInstance, mediaBaseUrl: string) {
  const media = mediaBaseUrl ? [mediaBaseUrl] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        mediaSrc: ["'self'", 'blob:', ...media],
        connectSrc: ["'self'", 'ws:', 'wss:', ...media],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Media may be served from MEDIA_BASE_URL, another origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
