import type { FastifyReply, FastifyRequest } from 'fastify';
import { crossOriginMedia } from '../../config';
import type { AppContext } from '../../context';
import { DomainError, forbidden, notFound } from '../../lib/errors';
import { mediaRepository } from './repository';
import { checkSignedUrl, VARIANTS, type Variant } from './signing';
import type { ByteRange, MediaStorage } from './storage';

const linkExpired = () => new DomainError(410, 'media_link_expired', 'This media link has expired.');

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes; undefined for a whole-file answer. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams one stored variant to a holder of a valid signed URL. Never a static directory: the
 * signature, the expiry and (when credentials come along) the viewer are checked on every request.
 */
export async function serveFile(
  ctx: AppContext,
  storage: MediaStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  url: { publicId: string; variant: string; u: string; e: number; s: string },
) {
  const now = ctx.clock.now();
  const check = checkSignedUrl(ctx.secrets.mediaKey, url, now);
  if (check === 'invalid') throw forbidden();
  if (check === 'expired') throw linkExpired();
  if (!(VARIANTS as readonly string[]).includes(url.variant)) throw notFound();
  const media = await mediaRepository.byPublicId(ctx.db, url.publicId);
  const variant = url.variant as Variant;
  if (!media?.variants.includes(variant)) throw notFound();
  const key = `${media.public_id}/${variant}`;
  const size = await storage.size(key);
  if (size === null) throw notFound();

  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  const body = await storage.read(key, range);
  if (!body) throw notFound();
  const maxAge = Math.max(0, Math.floor(url.e - now.getTime() / 1000));
  reply
    .type(variant === 'video' ? media.mime : 'image/jpeg')
    .header('accept-ranges', 'bytes')
    .header('cache-control', `private, max-age=${maxAge}, immutable`)
    .header('x-content-type-options', 'nosniff');
  // Pages of the web app, another site than a separate media host, embed these files.
  if (crossOriginMedia(ctx.config)) reply.header('cross-origin-resource-policy', 'cross-origin');
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', size);
  }
  return reply.send(body);
}
