import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret the server keeps in a table (a queued mail, an authenticator app's secret) is stored
 * AES-256-GCM encrypted with a key derived from one of the server's stored keys, so a reader of
 * the table or of a dump learns nothing, and an altered value fails to open.
 */
export interface Sealed {
  iv: string;
  tag: string;
  data: string;
}

/** The AES key for one purpose, derived from a stored secret (or its PARLOR_SECRET_* override, any length). */
export function cipherKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
}

export function seal(key: Buffer, text: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** Throws when the value was not sealed with this key (a changed override) or was altered. */
export function unseal(key: Buffer, sealed: Sealed): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** One column's worth: `iv.tag.data` (base64url has no dots). */
export const sealedText = (s: Sealed) => `${s.iv}.${s.tag}.${s.data}`;
export function parseSealed(text: string): Sealed {
  const [iv = '', tag = '', data = ''] = text.split('.');
  return { iv, tag, data };
}
