import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_LIFETIME_MS,
  MAX_CODE_ATTEMPTS,
  RESEND_COOLDOWN_S,
  VERIFICATION_CODE_LENGTH,
} from '@parlor/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { verificationMail } from './mail';
import { codesRepository } from './repository';

type Trx = Kysely<DB>;
export type CodePurpose = 'verify_email' | 'action';
export type CodeOutcome = 'ok' | 'wrong' | 'locked' | 'expired' | 'missing';

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

/** 30 s between codes of one purpose, held on the server; answers the seconds left. */
export async function codeCooldownLeft(
  trx: Trx,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<number> {
  const last = await codesRepository.newestCode(trx, userId, purpose);
  if (!last) return 0;
  const elapsedMs = now.getTime() - last.created_at.getTime();
  return Math.max(0, Math.ceil(RESEND_COOLDOWN_S - elapsedMs / 1000));
}

/**
 * Checks a code against the newest one of its purpose. Wrong guesses are counted on the code; the
 * last allowed one voids it, so guessing all 10 000 codes needs thousands of fresh mails.
 */
export async function checkCode(
  trx: Trx,
  ctx: AppContext,
  userId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<CodeOutcome> {
  const row = await codesRepository.newestCode(trx, userId, purpose);
  if (!row) return 'missing';
  if (row.attempts >= MAX_CODE_ATTEMPTS) return 'locked';
  if (row.used_at) return 'missing';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  if (!codesMatch(row.code_hash, hashCode(ctx, userId, code))) {
    const attempts = row.attempts + 1;
    await codesRepository.countWrongGuess(trx, row.id, attempts, attempts >= MAX_CODE_ATTEMPTS ? now : null);
    return attempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'wrong';
  }
  await codesRepository.useCode(trx, row.id, now);
  return 'ok';
}

/** Codes of every purpose mailed to the user since `since` (the daily cap counts them). */
export function codesSentSince(trx: Kysely<DB>, userId: string, since: Date): Promise<number> {
  return codesRepository.countSince(trx, userId, since);
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
