import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { DB } from '../db/schema';
import { secretsRepository } from './secrets-repository';

export interface Secrets {
  /** HMAC key for one-time email codes. */
  codeKey: string;
  /** HMAC key for signed media URLs. */
  mediaKey: string;
  /** HMAC key for client addresses kept by the sign-in throttle (never stored in plain text). */
  addressKey: string;
  /** Encrypts queued mails (their codes and links) while they wait in the jobs table. */
  mailKey: string;
  /**
   * Encrypts the authenticator-app (TOTP) secrets of two-factor sign-in. Changing it makes every
   * stored secret unreadable, and their accounts then need recovery codes: keep it.
   */
  totpKey: string;
  /** VAPID key pair for web push (base64url, as browsers and web-push take them). */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

const NAMES = ['codeKey', 'mediaKey', 'addressKey', 'mailKey', 'totpKey'] as const;

/**
 * Generated on first start and kept in the database, so every server process on one database signs
 * and checks with the same keys (see docs/decisions.md). PARLOR_SECRET_<NAME> overrides one.
 */
export async function loadSecrets(db: Kysely<DB>, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  // The VAPID pair is one value ("public.private") so that two processes starting together cannot
  // store halves of different pairs.
  const vapid = webpush.generateVAPIDKeys();
  await secretsRepository.addMissing(db, [
    ...NAMES.map((name) => ({ name, value: randomBytes(32).toString('base64url') })),
    { name: 'vapidKeys', value: `${vapid.publicKey}.${vapid.privateKey}` },
  ]);
  const stored = await secretsRepository.byNames(db, [...NAMES, 'vapidKeys']);
  const pick = (name: (typeof NAMES)[number]) =>
    env[`PARLOR_SECRET_${name.toUpperCase()}`] ?? (stored[name] as string);
  const [storedPublic, storedPrivate] = (stored.vapidKeys as string).split('.');
  // Given as variables, both halves come together (docs/push.md, "Rotating the VAPID keys").
  const givenPublic = env.PARLOR_SECRET_VAPIDPUBLICKEY;
  const givenPrivate = env.PARLOR_SECRET_VAPIDPRIVATEKEY;
  const given = givenPublic && givenPrivate;
  return {
    codeKey: pick('codeKey'),
    mediaKey: pick('mediaKey'),
    addressKey: pick('addressKey'),
    mailKey: pick('mailKey'),
    totpKey: pick('totpKey'),
    vapidPublicKey: given ? givenPublic : (storedPublic as string),
    vapidPrivateKey: given ? givenPrivate : (storedPrivate as string),
  };
}
