import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Mail } from './transport';

/** A queued mail as the jobs table holds it: AES-256-GCM, so a reader of the table or a dump learns nothing. */
export interface SealedMail {
  iv: string;
  tag: string;
  data: string;
}

/** The AES key, derived from the stored secret (or its PARLOR_SECRET_MAILKEY override, any length). */
export function mailCipherKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', 'parlor queued mail', 32));
}

export function sealMail(key: Buffer, mail: Mail): SealedMail {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(mail), 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** Throws when the payload was not sealed with this key (a changed PARLOR_SECRET_MAILKEY) or was altered. */
export function openMail(key: Buffer, sealed: SealedMail): Mail {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]);
  return JSON.parse(text.toString('utf8')) as Mail;
}
