import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/connection';
import type { DB } from '../../db/schema';
import type { IdempotencyKey } from '../ledger/idempotency';
import type { AppendedRow } from '../messages/repository';

/** What `send_tip` answers (migration 0047). */
export type TipPaid =
  | ({ outcome: 'paid'; balance: number } & AppendedRow)
  /** The key was claimed by an earlier request: its request hash and what it made. */
  | { outcome: 'twin'; request_hash: string | null; reference: string | null };

type TipRow =
  | ({ outcome: 'paid'; balance: number } & AppendedRow)
  | { outcome: 'twin'; prior_hash: string | null; prior_reference: string | null };

/** Raised by `send_tip` when the tip's ledger key was posted before: nothing changed. */
export const TIP_LEDGER_KEY_POSTED = 'PX410';
/** Raised by `send_tip` when the fan's credits fall short; the error's detail is their balance. */
export const TIP_BALANCE_TOO_LOW = 'PX402';

export const tipsRepository = {
  /**
   * The tip's key claimed, its money moved through the ledger's `ledger_pay` and its message stored
   * through `append_messages`, in one statement inside the caller's transaction: the locks it takes
   * are held for one round trip before the commit instead of four.
   */
  async pay(
    trx: Kysely<DB>,
    t: {
      fanId: string;
      creatorId: string;
      chatId: string;
      amount: number;
      text: string | null;
      ledgerKey: string;
      earningsShard: number;
      key: IdempotencyKey | null;
    },
  ): Promise<TipPaid> {
    const [row] = await prepared(
      trx,
      sql<TipRow>`
        SELECT * FROM send_tip(${t.fanId}::uuid, ${t.creatorId}::uuid, ${t.chatId}::uuid, ${t.amount}::int,
          ${t.text}::text, ${t.ledgerKey}::text, ${t.earningsShard}::int, ${t.key?.operation ?? null}::text,
          ${t.key?.key ?? null}::text, ${t.key?.requestHash ?? null}::text)`,
    );
    if (!row) throw new Error('send_tip answered no row');
    return row.outcome === 'twin'
      ? { outcome: 'twin', request_hash: row.prior_hash, reference: row.prior_reference }
      : row;
  },
};
