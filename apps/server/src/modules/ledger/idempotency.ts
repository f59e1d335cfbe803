import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { PeriodicTask } from '../../jobs/scheduler';
import { DomainError } from '../../lib/errors';
import { idempotencyRepository } from './idempotency-repository';

type Db = Kysely<DB>;

export const IDEMPOTENCY_KEY_REUSED = 'This idempotency key was already used with a different request.';
export const keyReused = () => new DomainError(422, 'idempotency_key_reused', IDEMPOTENCY_KEY_REUSED);
export const IDEMPOTENCY_KEY_EXPIRED =
  'This idempotency key was used before and has expired. Use a new key for a new request.';
/**
 * A key no longer remembered whose effect is still recorded under it (the ledger entry of a tip or
 * subscription, the payment of a card payment or top-up): the request is refused and changes nothing.
 */
export const keyExpired = () => new DomainError(409, 'idempotency_key_expired', IDEMPOTENCY_KEY_EXPIRED);
export const isKeyExpired = (e: unknown) => e instanceof DomainError && e.code === 'idempotency_key_expired';

/** What a key is scoped to besides its caller: one key may name one request in each of these. */
export type KeyedOperation = 'card_payment' | 'crypto_topup' | 'renewal_topup' | 'tip' | 'subscribe';

export interface IdempotencyKey {
  userId: string;
  operation: KeyedOperation;
  key: string;
  requestHash: string;
}

/** JSON with sorted member names and no undefined members: equal requests read alike in any order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The caller's key for one operation (none when the request carries no key: then every request is a
 * new one). `request` is what decides the operation's effect, normalised by the caller (no card
 * number, no CVC: those are represented by the card's keyed fingerprint).
 */
export function keyFor(
  userId: string,
  operation: KeyedOperation,
  key: string,
  request: Record<string, unknown>,
): IdempotencyKey;
export function keyFor(
  userId: string,
  operation: KeyedOperation,
  key: string | undefined,
  request: Record<string, unknown>,
): IdempotencyKey | null;
export function keyFor(
  userId: string,
  operation: KeyedOperation,
  key: string | undefined,
  request: Record<string, unknown>,
): IdempotencyKey | null {
  if (key === undefined) return null;
  const requestHash = createHash('sha256').update(canonical(request)).digest('hex');
  return { userId, operation, key, requestHash };
}

/**
 * What the first request with this key made (its reference), when there was one. The same key with
 * another request is 422: answering the first request's result would tell the client that its
 * different request succeeded.
 */
export async function priorUse(db: Db, k: IdempotencyKey | null): Promise<string | undefined> {
  if (!k) return undefined;
  const row = await idempotencyRepository.find(db, k.userId, k.operation, k.key);
  return row && referenceOf(k, row);
}

/**
 * What a key's stored row answers a request with this key (see `priorUse`): the first request's
 * reference, or 422 when this request differs from the first.
 */
export function referenceOf(
  k: IdempotencyKey,
  row: { request_hash: string | null; reference: string | null },
): string {
  if (row.request_hash !== null && row.request_hash !== k.requestHash) throw keyReused();
  // Claimed and recorded in one transaction, so a committed key always names what it made.
  if (row.reference === null) throw new Error(`idempotency key without a reference: ${k.operation}`);
  return row.reference;
}

/**
 * Claims the key inside the operation's transaction, before its effect. Answers undefined when this
 * request is the first (it does the work and `recordUse`s what it made in the same transaction), or
 * the first request's reference. A concurrent twin waits here until the first one commits, then
 * answers what it did; if the first rolled back, the twin claims the key and does the work itself.
 */
export async function claimKey(trx: Db, k: IdempotencyKey | null): Promise<string | undefined> {
  if (!k) return undefined;
  const claimed = await idempotencyRepository.claim(trx, {
    user_id: k.userId,
    operation: k.operation,
    key: k.key,
    request_hash: k.requestHash,
  });
  if (claimed) return undefined;
  const prior = await priorUse(trx, k);
  if (prior === undefined) throw new Error(`idempotency key neither claimed nor found: ${k.operation}`);
  return prior;
}

export async function recordUse(trx: Db, k: IdempotencyKey | null, reference: string) {
  if (k) await idempotencyRepository.setReference(trx, k.userId, k.operation, k.key, reference);
}

export const IDEMPOTENCY_KEYS_PURGE_JOB = 'idempotency-keys.purge';
const HOUR_MS = 60 * 60_000;

/**
 * Keys are remembered for IDEMPOTENCY_KEY_TTL_HOURS (24, as Stripe does), then forgotten in one
 * DELETE an hour. What they made stays keyed where it was made (the ledger's unique key per
 * account, a payment's own key), so a retry after that is refused rather than charged again.
 */
export const idempotencyKeysPurgeTask = (ctx: AppContext): PeriodicTask => ({
  name: IDEMPOTENCY_KEYS_PURGE_JOB,
  intervalMs: HOUR_MS,
  run: (now) =>
    idempotencyRepository.purgeRecordedBefore(
      ctx.db,
      new Date(now.getTime() - ctx.config.idempotencyKeyTtlHours * HOUR_MS),
    ),
});
