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
 * uploads to and pictures and videos from a media host on another origin (MEDIA_BASE_URL). Pages
 * get them all; answers that are not documents only those they use (DOCUMENT_ONLY_HEADERS).
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (isDocument(request.url, reply.getHeader('content-type'))) {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      return payload;
    }
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    reply.header('content-security-policy', NON_DOCUMENT_POLICY);
    return payload;
  });
}

/**
 * Headers only a document reads (a page, a frame, a worker): a script, a stylesheet, a JSON answer
 * or a photo ignores them, and over HTTP/1.1 they cost about 1 KB on every call and asset of a page
 * load. Those answers keep nosniff, the resource policy, the referrer policy and HSTS; the
 * permissions policy is only ever set on documents.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
];

/** What an answer that is not a page gets instead: opened as one, it loads and frames nothing. */
const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

// Raster pictures, video and sound have no script to govern; an SVG can, and keeps the page's.
const NOT_A_DOCUMENT =
  /^(application\/json|text\/css|(application|text)\/javascript|image\/(jpeg|png|webp|gif|avif)|video\/|audio\/)/i;

/** The service worker is a script that runs as a document of its own: its policy is the page's. */
function isDocument(url: string, contentType: unknown): boolean {
  if (typeof contentType !== 'string' || !NOT_A_DOCUMENT.test(contentType)) return true;
  return url.split('?')[0] === '/service-worker.js';
}
