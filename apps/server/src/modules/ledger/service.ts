import { ERRORS } from '@parlor/contract';
import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/connection';
import type { DB, LedgerAccount, LedgerReason } from '../../db/schema';
import type { EventBus, EventTransaction } from '../../events/bus';
import { DomainError } from '../../lib/errors';
import { platformRepository } from './platform-repository';

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

/**
 * Earnings are spread over this many rows per creator (migration 0014): every fan who pays a
 * creator credits one of them, so paying fans do not queue on one row. Credits, which are debited
 * all day, stay one row so the never-negative check is one conditional UPDATE.
 */
const EARNINGS_SHARDS = 16;

/** The earnings row a credit goes to: random, so concurrent payers rarely meet on one. */
const earningsShard = () => Math.floor(Math.random() * EARNINGS_SHARDS);

/** A payment refused for want of credits (402): nothing changed. */
export const balanceTooLow = (balance: number) =>
  new DomainError(402, 'balance_too_low', balance === 0 ? ERRORS.noCredits : ERRORS.balanceTooLow);

/** A user's balance on one account: the one place it is read (it only changes through `post`). */
export async function balanceOf(
  db: Trx,
  userId: string,
  account: LedgerAccount = 'credits',
): Promise<number> {
  const row =
    account === 'credits'
      ? await db.selectFrom('users').select('credits as balance').where('id', '=', userId).executeTakeFirst()
      : await db
          .selectFrom('users as u')
          .select(
            sql<number>`u.earnings + COALESCE((SELECT sum(s.amount) FROM earnings_shards s WHERE s.user_id = u.id), 0)::int`.as(
              'balance',
            ),
          )
          .where('u.id', '=', userId)
          .executeTakeFirst();
  if (!row) throw new DomainError(404, 'user_not_found', ERRORS.userNotFound);
  return row.balance;
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

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`ledger amount must be a positive integer: ${amount}`);
}

function insertEntry(trx: Trx, m: Movement, delta: number, balanceAfter: number | null) {
  return trx
    .insertInto('ledger_entries')
    .values({
      user_id: m.userId,
      account: m.account,
      delta,
      balance_after: balanceAfter,
      reason: m.reason,
      counterparty_id: m.counterpartyId ?? null,
      reference: m.reference ?? null,
      idempotency_key: m.idempotencyKey,
    })
    .execute();
}

/**
 * Credits earnings to one of the account's rows, chosen at random: no other payer waits on it for
 * long, and the unique ledger key still makes a retried credit fail instead of counting twice.
 */
async function creditSpread(trx: Trx, m: Movement): Promise<void> {
  await trx
    .insertInto('earnings_shards')
    .values({ user_id: m.userId, shard: earningsShard(), amount: m.amount })
    .onConflict((oc) =>
      oc.columns(['user_id', 'shard']).doUpdateSet({ amount: sql`earnings_shards.amount + excluded.amount` }),
    )
    .execute();
  await insertEntry(trx, m, m.amount, null);
}

/**
 * Before earnings are debited, their shards are folded into `users.earnings`: deleting them locks
 * every one (waiting for credits in flight to commit), so the conditional debit below checks the
 * whole balance. Credits arriving meanwhile start new shard rows.
 */
async function foldSpread(trx: Trx, userId: string): Promise<void> {
  await sql`
    WITH folded AS (DELETE FROM earnings_shards WHERE user_id = ${userId} RETURNING amount)
    UPDATE users SET earnings = earnings + (SELECT COALESCE(sum(amount), 0) FROM folded)::int
    WHERE id = ${userId}`.execute(trx);
}

async function post(trx: Trx, m: Movement, delta: number): Promise<Posted> {
  assertAmount(m.amount);
  const prior = await entryOf(trx, m.userId, m.account, m.idempotencyKey);
  if (prior) return { balance: await balanceOf(trx, m.userId, m.account), replayed: true };
  if (m.account === 'earnings') {
    if (delta > 0) {
      await creditSpread(trx, m);
      return { balance: await balanceOf(trx, m.userId, m.account), replayed: false };
    }
    await foldSpread(trx, m.userId);
  }
  const column = COLUMN[m.account];
  // One conditional UPDATE: concurrent debits serialise on the row and none can go below zero.
  const updated = await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
    .where('id', '=', m.userId)
    .$if(delta < 0, (q) => q.where(sql.ref(column), '>=', -delta))
    .returning(column)
    .executeTakeFirst();
  if (!updated) throw balanceTooLow(await balanceOf(trx, m.userId, m.account));
  const balance = updated[column];
  await insertEntry(trx, m, delta, balance);
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
  earningsShard,
  credit: (trx: Trx, m: Movement) => post(trx, m, m.amount),
  debit: (trx: Trx, m: Movement) => post(trx, m, -m.amount),

  /**
   * The earnings of a payment whose ledger rows were posted without them (`send_tip`): the payee's
   * share and the platform's fee, on a random shard each payee's payers share. Every payment to the
   * payee (and every payment on the platform) meets on those rows, so this is the transaction's last
   * statement: they stay locked only until the commit.
   */
  async creditShares(trx: Trx, payeeId: string, amount: number): Promise<void> {
    assertAmount(amount);
    await prepared(
      trx,
      sql`SELECT earnings_credit(${payeeId}::uuid, ${amount}::int, ${earningsShard()}::int)`,
    );
  },

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
    assertAmount(t.amount);
    // One statement (migration 0014): the payer's debit and ledger row, the chat's spent counter, the
    // payee's earnings on a random shard and its ledger row. Only the payer's user row is locked, so
    // fans paying one creator at once do not queue on the creator's row.
    const [row] = await prepared(
      trx,
      sql<{ balance: number; outcome: 'paid' | 'replayed' | 'insufficient' }>`
        SELECT * FROM ledger_transfer(${t.fromUserId}::uuid, ${t.toUserId}::uuid, ${t.amount}::int,
          ${t.reason}::text, ${t.idempotencyKey}::text, ${t.reference ?? null}::text,
          ${earningsShard()}::int)`,
    );
    if (!row) throw new DomainError(404, 'user_not_found', ERRORS.userNotFound);
    if (row.outcome === 'insufficient') throw balanceTooLow(row.balance);
    const paid: Posted = { balance: row.balance, replayed: row.outcome === 'replayed' };
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
export function idempotent<T>(db: Kysely<DB>, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return retried(() => db.transaction().execute(fn));
}

/**
 * As `idempotent`, for an operation that publishes domain events: each attempt collects its own,
 * and only the attempt that commits publishes them, once.
 */
export function idempotentWithEvents<T>(
  events: EventBus,
  db: Kysely<DB>,
  fn: (trx: Trx, tx: EventTransaction) => Promise<T>,
): Promise<T> {
  return retried(() => events.transaction(db, fn));
}

/**
 * As `idempotent`, for a money operation that is one statement: atomic on its own, so it needs no
 * transaction, and its locks last only as long as the statement runs.
 */
export function idempotentStatement<T>(run: () => Promise<T>): Promise<T> {
  return retried(run);
}

async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt < 2 && isDuplicateKey(e)) continue;
      // Two transfers in opposite directions (A tips B while B tips A) can lock the same two chat
      // member rows in opposite order; PostgreSQL aborts one as a deadlock. Nothing was written: run
      // it again.
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
    LEFT JOIN (SELECT user_id, SUM(amount) AS spread FROM earnings_shards GROUP BY user_id) s ON s.user_id = u.id
    CROSS JOIN LATERAL (
      VALUES ('credits', u.credits), ('earnings', u.earnings + COALESCE(s.spread, 0)::int)
    ) AS a(account, balance)
    LEFT JOIN (
      SELECT user_id, account, SUM(delta) AS total FROM ledger_entries GROUP BY user_id, account
    ) l ON l.user_id = u.id AND l.account = a.account
    WHERE a.balance <> COALESCE(l.total, 0)`.execute(db);
  return rows;
}

/** The platform's own account: fees are credited to it, creators' referral commissions paid from it. */
export function platformAccountId(db: Kysely<DB>): Promise<string> {
  return platformRepository.accountId(db);
}
