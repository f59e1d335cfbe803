import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LIFETIME_MS, VERIFICATION_CODE_LENGTH } from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { verificationMail } from './mail';
import { codesRepository } from './repository';

export type CodePurpose = 'verify_email' | 'action';

/** Codes are stored as an HMAC, so the table alone cannot reveal them. */
export function hashCode(ctx: Pick<AppContext, 'secrets'>, userId: string, code: string): string {
  return createHmac('sha256', ctx.secrets.codeKey).update(`${userId}:${code}`).digest('hex');
}

export function codesMatch(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Stores a new 4-digit code inside the caller's transaction, voiding older unused codes of the same
 * purpose, and queues its mail in the same transaction: the code and its mail commit together. The
 * caller wakes the mailer once the transaction has committed.
 */
export async function storeCode(
  trx: Kysely<DB>,
  ctx: AppContext,
  user: { id: string; email: string; username: string },
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
  await codesRepository.voidUnused(trx, user.id, purpose, now);
  await codesRepository.insert(trx, {
    user_id: user.id,
    purpose,
    email: user.email,
    code_hash: hashCode(ctx, user.id, code),
    created_at: now,
    expires_at: new Date(now.getTime() + CODE_LIFETIME_MS),
  });
  await ctx.mailer.send(verificationMail(user, code, ctx.config.publicUrl, purpose), {
    kind: 'verification',
    db: trx,
  });
}

/** Issues a new 4-digit code (voiding older ones of the same purpose) and mails it after the commit. */
export async function issueCode(
  ctx: AppContext,
  user: { id: string; email: string; username: string },
  purpose: CodePurpose,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute((trx) => storeCode(trx, ctx, user, purpose, now));
  ctx.mailer.wake();
}
