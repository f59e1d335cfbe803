import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/connection';
import type { DB } from '../../db/schema';
import { fansRepository } from '../discover/fans-repository';
import type { IdempotencyKey } from '../ledger/idempotency';
import type { AppendedRow } from '../messages/repository';

/** What `send_tip` answers (migration 0047). */
export type TipPaid =
  /** `newFan`: the statement recorded the fan in `fans` for the first time. */
  | ({ outcome: 'paid'; balance: number; newFan: boolean } & AppendedRow)
  /** The key was claimed by an earlier request: its request hash and what it made. */
  | { outcome: 'twin'; request_hash: string | null; reference: string | null };

type TipRow =
  | ({ outcome: 'paid'; balance: number; new_fan: boolean } & AppendedRow)
  | { outcome: 'twin'; prior_hash: string | null; prior_reference: string | null };

/** Raised by `send_tip` when the tip's ledger key was posted before: nothing changed. */
export const TIP_LEDGER_KEY_POSTED = 'PX410';
/** Raised by `send_tip` when the fan's credits fall short; the error's detail is their balance. */
export const TIP_BALANCE_TOO_LOW = 'PX402';

export const tipsRepository = {
  /**
   * The tip's key claimed, its money moved through the ledger's `ledger_pay` and its message stored
   * through `append_messages`, in one statement inside the caller's transaction. The creator's and
   * the platform's shares are left to `ledger.creditShares`, the transaction's last statement.
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
      key: IdempotencyKey | null;
      /** When the tip was made (a new fan's `first_at`). */
      at: Date;
    },
  ): Promise<TipPaid> {
    const [row] = await prepared(
      trx,
      // The same statement records the fan (as a paid send does): one round trip less while the
      // tip holds the chat's rows and the creator's inbox counters.
      sql<TipRow>`
        WITH r AS MATERIALIZED (
          SELECT * FROM send_tip(${t.fanId}::uuid, ${t.creatorId}::uuid, ${t.chatId}::uuid, ${t.amount}::int,
            ${t.text}::text, ${t.ledgerKey}::text, ${t.key?.operation ?? null}::text,
            ${t.key?.key ?? null}::text, ${t.key?.requestHash ?? null}::text)
        ),
        pairs AS (SELECT ${t.creatorId}::uuid AS creator_id, ${t.fanId}::uuid AS fan_id FROM r WHERE r.outcome = 'paid'),
        ${fansRepository.recordInStatement('fan', t.at)}
        SELECT r.*, EXISTS (SELECT 1 FROM new_fans nf WHERE nf.first) AS new_fan FROM r`,
    );
    if (!row) throw new Error('send_tip answered no row');
    if (row.outcome === 'twin')
      return { outcome: 'twin', request_hash: row.prior_hash, reference: row.prior_reference };
    const { new_fan, ...paid } = row;
    return { ...paid, newFan: new_fan };
  },
};
