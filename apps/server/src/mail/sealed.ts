import { cipherKey, type Sealed, seal, unseal } from '../lib/seal';
import type { Mail } from './transport';

/** A queued mail as the jobs table holds it: AES-256-GCM, so a reader of the table or a dump learns nothing. */
export type SealedMail = Sealed;

/** The AES key, derived from the stored secret (or its PARLOR_SECRET_MAILKEY override, any length). */
export function mailCipherKey(secret: string): Buffer {
  return cipherKey(secret, 'parlor queued mail');
}

export function sealMail(key: Buffer, mail: Mail): SealedMail {
  return seal(key, JSON.stringify(mail));
}

/** Throws when the payload was not sealed with this key (a changed PARLOR_SECRET_MAILKEY) or was altered. */
export function openMail(key: Buffer, sealed: SealedMail): Mail {
  return JSON.parse(unseal(key, sealed)) as Mail;
}
