import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { type Config, crossOriginMedia } from '../config';

/**
 * Security headers and a content security policy that allows only this origin's scripts, plus
 * uploads to and pictures and videos from a media host on another origin (MEDIA_BASE_URL).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const mediaOrigin = crossOriginMedia(config);
  const media = mediaOrigin ? [mediaOrigin] : [];
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
    // Media may be served from MEDIA_BASE_URL, another origin; its files relax this (serve.ts).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
