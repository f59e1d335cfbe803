import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_URL_TTL_MS } from '@parlor/contract';
import type { AppContext } from '../../context';

// Media URLs are capabilities: `{MEDIA_BASE_URL}/v1/media/files/{public_id}/{variant}?u=&e=&s=`.
// `s` is an HMAC over the file, the viewer it was issued to and the expiry, so a guessed URL, one
// edited to point at another variant, or one past its expiry does not open: paid media stays locked.

const HOUR_MS = 3_600_000;

export type Variant = 'th' | 'st' | 'sr' | 'rt' | 'blur' | 'video';
export const VARIANTS: readonly Variant[] = ['th', 'st', 'sr', 'rt', 'blur', 'video'];

const mac = (key: string, publicId: string, variant: string, viewerId: string, exp: number) =>
  createHmac('sha256', key).update(`${publicId}/${variant}|${viewerId}|${exp}`).digest('base64url');

/** Expiry in epoch seconds: at least the TTL ahead, rounded up to the hour so URLs stay cacheable. */
export function expiryFor(now: Date): number {
  return (Math.ceil((now.getTime() + MEDIA_URL_TTL_MS) / HOUR_MS) * HOUR_MS) / 1000;
}

export type UrlSigner = (publicId: string, variant: Variant) => string;

/** Signs URLs for one viewer at one moment. */
export function signerFor(ctx: AppContext, viewerId: string): UrlSigner {
  const exp = expiryFor(ctx.clock.now());
  const base = ctx.config.mediaBaseUrl;
  return (publicId, variant) =>
    `${base}/v1/media/files/${publicId}/${variant}?u=${viewerId}&e=${exp}&s=${mac(ctx.secrets.mediaKey, publicId, variant, viewerId, exp)}`;
}

export type UrlCheck = 'ok' | 'invalid' | 'expired';

export function checkSignedUrl(
  key: string,
  url: { publicId: string; variant: string; u: string; e: number; s: string },
  now: Date,
): UrlCheck {
  const expected = Buffer.from(mac(key, url.publicId, url.variant, url.u, url.e));
  const given = Buffer.from(url.s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return url.e * 1000 <= now.getTime() ? 'expired' : 'ok';
}

/**
 * A signed URL of an ID document for one viewer (its owner or an admin), on the API's own origin:
 * `/v1/id-documents/{public_id}?u=&e=&s=`.
 */
export function signIdDocument(ctx: AppContext, viewerId: string, publicId: string): string {
  const exp = expiryFor(ctx.clock.now());
  return `/v1/id-documents/${publicId}?u=${viewerId}&e=${exp}&s=${mac(ctx.secrets.mediaKey, publicId, 'idv', viewerId, exp)}`;
}
