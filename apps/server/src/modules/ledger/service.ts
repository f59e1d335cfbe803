import { ERRORS } from '@parlor/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, LedgerAccount, LedgerReason } from '../../db/schema';
import { DomainError } from '../../lib/errors';

type Trx = Kysely<DB>;

export interface Movement {
  userId: string;
  account: LedgerAccount;
  amount: number;
  reason: LedgerReason;
  idempotencyKey: string;
  reference?: string | null;
  counterpartyId?: string | null;
}

export interface Posted {
  balance: number;
  /** True when this key was already posted: nothing changed this time. */
  replayed: boolean;
}

const COLUMN = { credits: 'credits', earnings: 'earnings' } as const;

/** A user's balance on one account: the one place it is read (it only changes through `post`). */
export async function balanceOf(
  db: Trx,
  userId: string,
  account: LedgerAccount = 'credits',
): Promise<number> {
  const column = COLUMN[account];
  const row = await db.selectFrom('users').select(column).where('id', '=', userId).executeTakeFirst();
  if (!row) throw new DomainError(404, 'user_not_found', ERRORS.userNotFound);
  return row[column];
}

/** The entry posted under this key on one account, if any: a replayed operation reads what it did. */
function entryOf(db: Trx, userId: string, account: LedgerAccount, idempotencyKey: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['balance_after', 'reference'])
    .where('user_id', '=', userId)
    .where('account', '=', account)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

async function post(trx: Trx, m: Movement, delta: number): Promise<Posted> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0)
    throw new Error(`ledger amount must be a positive integer: ${m.amount}`);
  const prior = await entryOf(trx, m.userId, m.account, m.idempotencyKey);
  if (prior) return { balance: await balanceOf(trx, m.userId, m.account), replayed: true };
  const column = COLUMN[m.account];
  // One conditional UPDATE: concurrent debits serialise on the row and none can go below zero.
  const updated = await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
    .where('id', '=', m.userId)
    .$if(delta < 0, (q) => q.where(sql.ref(column), '>=', -delta))
    .returning(column)
    .executeTakeFirst();
  if (!updated) {
    const balance = await balanceOf(trx, m.userId, m.account);
    throw new DomainError(402, 'balance_too_low', balance === 0 ? ERRORS.noCredits : ERRORS.balanceTooLow);
  }
  const balance = updated[column];
  await trx
    .insertInto('ledger_entries')
    .values({
      user_id: m.userId,
      account: m.account,
      delta,
      balance_after: balance,
      reason: m.reason,
      counterparty_id: m.counterpartyId ?? null,
      reference: m.reference ?? null,
      idempotency_key: m.idempotencyKey,
    })
    .execute();
  return { balance, replayed: false };
}

/**
 * The only way balances change. Call inside a transaction; the balance update and its ledger row
 * commit together. A concurrent duplicate key makes the transaction fail with a unique violation:
 * run the whole operation through `idempotent()` so the retry sees the first one and replays.
 */
export const ledger = {
  balance: balanceOf,
  entry: entryOf,
  credit: (trx: Trx, m: Movement) => post(trx, m, m.amount),
  debit: (trx: Trx, m: Movement) => post(trx, m, -m.amount),

  /** A fan pays a creator: the fan's credits go down and the creator's earnings up, atomically. */
  async transfer(
    trx: Trx,
    t: {
      fromUserId: string;
      toUserId: string;
      amount: number;
      reason: LedgerReason;
      idempotencyKey: string;
      reference?: string;
    },
  ): Promise<Posted> {
    // Lock both accounts in id order first: two transfers in opposite directions (A tips B while
    // B tips A) would otherwise take the same two row locks in opposite order and deadlock. NO KEY
    // UPDATE, the lock the balance UPDATE takes anyway: a plain FOR UPDATE also blocks the foreign-key
    // checks of every message written to or by these users until commit, and a message in this chat
    // that already holds the member rows would then wait on us while we wait on it (deadlock).
    await sql`SELECT id FROM users WHERE id IN (${t.fromUserId}, ${t.toUserId}) ORDER BY id FOR NO KEY UPDATE`.execute(
      trx,
    );
    const paid = await post(
      trx,
      {
        userId: t.fromUserId,
        account: 'credits',
        amount: t.amount,
        reason: t.reason,
        idempotencyKey: t.idempotencyKey,
        reference: t.reference ?? null,
        counterpartyId: t.toUserId,
      },
      -t.amount,
    );
    if (!paid.replayed) {
      // The creator's inbox sorts fans and VIPs by what they spent in this chat (docs/inbox.md). Both
      // member rows are locked in user-id order first, the order `appendMessage` takes them in, so a
      // payment and a message crossing in the chat cannot deadlock.
      await sql`SELECT 1 FROM chat_members WHERE (user_id, other_user_id) IN ((${t.toUserId}::uuid, ${t.fromUserId}::uuid), (${t.fromUserId}::uuid, ${t.toUserId}::uuid)) ORDER BY user_id FOR UPDATE`.execute(
        trx,
      );
      await trx
        .updateTable('chat_members')
        .set({ spent_credits: sql`spent_credits + ${t.amount}` })
        .where('user_id', '=', t.toUserId)
        .where('other_user_id', '=', t.fromUserId)
        .execute();
      await post(
        trx,
        {
          userId: t.toUserId,
          account: 'earnings',
          amount: t.amount,
          reason: t.reason,
          idempotencyKey: `${t.fromUserId}:${t.idempotencyKey}`,
          reference: t.reference ?? null,
          counterpartyId: t.fromUserId,
        },
        t.amount,
      );
    }
    return paid;
  },
};

/** Deadlock detected or serialization failure: the transaction rolled back and may simply be rerun. */
const isRetryableConflict = (e: unknown) => ['40P01', '40001'].includes((e as { code?: string })?.code ?? '');

const isDuplicateKey = (e: unknown) =>
  (e as { code?: string })?.code === '23505' &&
  String((e as { constraint?: string; message?: string }).constraint ?? (e as Error).message).includes(
    'idempotency',
  );

/**
 * Runs a money operation in its own transaction; when a concurrent twin with the same idempotency
 * key won the race, runs it once more so it observes the posted entry and replays instead.
 */
export async function idempotent<T>(db: Kysely<DB>, fn: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (attempt < 2 && isDuplicateKey(e)) continue;
      // Two transfers in opposite directions (A tips B while B tips A) lock the same two user rows in
      // opposite order; PostgreSQL aborts one as a deadlock. Nothing was written: run it again.
      if (attempt < 4 && isRetryableConflict(e)) continue;
      throw e;
    }
  }
}

/** Every account whose balance differs from the sum of its ledger (should be none). */
export async function findLedgerMismatches(db: Kysely<DB>) {
  const { rows } = await sql<{ user_id: string; account: LedgerAccount; balance: number; ledger: number }>`
    SELECT u.id AS user_id, a.account, a.balance, COALESCE(l.total, 0)::int AS ledger
    FROM users u
    CROSS JOIN LATERAL (VALUES ('credits', u.credits), ('earnings', u.earnings)) AS a(account, balance)
    LEFT JOIN (
      SELECT user_id, account, SUM(delta) AS total FROM ledger_entries GROUP BY user_id, account
    ) l ON l.user_id = u.id AND l.account = a.account
    WHERE a.balance <> COALESCE(l.total, 0)`.execute(db);
  return rows;
}
