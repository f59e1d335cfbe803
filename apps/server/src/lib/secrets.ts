import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { secretsRepository } from './secrets-repository';

export interface Secrets {
  /** HMAC key for one-time email codes. */
  codeKey: string;
  /** HMAC key for signed media URLs. */
  mediaKey: string;
}

const NAMES = ['codeKey', 'mediaKey'] as const;

/**
 * Generated on first start and kept in the database, so every server process on one database signs
 * and checks with the same keys (see docs/decisions.md). PARLOR_SECRET_<NAME> overrides one.
 */
export async function loadSecrets(db: Kysely<DB>, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  await secretsRepository.addMissing(
    db,
    NAMES.map((name) => ({ name, value: randomBytes(32).toString('base64url') })),
  );
  const stored = await secretsRepository.byNames(db, NAMES);
  const pick = (name: (typeof NAMES)[number]) =>
    env[`PARLOR_SECRET_${name.toUpperCase()}`] ?? (stored[name] as string);
  return { codeKey: pick('codeKey'), mediaKey: pick('mediaKey') };
}
