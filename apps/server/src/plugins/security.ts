import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { type Config, crossOriginMedia } from '../config';

/** Browser features the app never uses, refused to every page and frame (Permissions-Policy). */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** An origin and its WebSocket twin (http -> ws, https -> wss). */
const withSocket = (origin: string) => [origin, origin.replace(/^http/, 'ws')];

/**
 * The origins the app talks to: its own (PUBLIC_URL, which the browser may not count as 'self'
 * behind a proxy) and the media host, each with its WebSocket form, and no other socket host.
 */
export function connectSources(config: Pick<Config, 'publicUrl' | 'mediaBaseUrl'>): string[] {
  const own = new URL(config.publicUrl).origin;
  const media = crossOriginMedia(config);
  return ["'self'", ...withSocket(own), ...(media ? withSocket(media) : [])];
}

/**
 * The hashes (CSP source form) of the inline scripts of the built page, `<script>` without
 * attributes: the start script the web build writes into index.html (apps/web/appPreload.ts). Read
 * once at start, so a page rebuilt under a running server keeps working, only without it.
 */
export function inlineScriptHashes(webDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Security headers and a content security policy that allows only this origin's scripts, plus
 * uploads to and pictures and videos from a media host on another origin (MEDIA_BASE_URL).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const mediaOrigin = crossOriginMedia(config);
  const media = mediaOrigin ? [mediaOrigin] : [];
  const inlineScripts = inlineScriptHashes(config.webDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        mediaSrc: ["'self'", 'blob:', ...media],
        connectSrc: connectSources(config),
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
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
