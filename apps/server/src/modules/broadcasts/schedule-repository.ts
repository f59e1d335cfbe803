// Scheduled broadcasts (docs/scheduling.md): the row's changes while it waits for its time and when
// it starts. Every one runs on the row locked by `forUpdate`, so an edit, a cancel and the start of
// one broadcast happen one after another, whichever process runs them.
import { type Kysely, sql, type Updateable } from 'kysely';
import type { BroadcastsTable, DB } from '../../db/schema';

type Db = Kysely<DB>;

export const scheduleRepository = {
  /** The broadcast, locked until commit; with `creatorId`, only hers. */
  forUpdate(trx: Db, id: number, creatorId?: string) {
    return trx
      .selectFrom('broadcasts')
      .selectAll()
      .where('id', '=', id)
      .$if(creatorId !== undefined, (q) => q.where('creator_id', '=', creatorId as string))
      .forUpdate()
      .executeTakeFirst();
  },

  /** Whether one of the creator's broadcasts is sending now. */
  async isSending(db: Db, creatorId: string): Promise<boolean> {
    const row = await db
      .selectFrom('broadcasts')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Edits a scheduled broadcast's draft or time. */
  async update(trx: Db, id: number, values: Updateable<BroadcastsTable>) {
    await trx.updateTable('broadcasts').set(values).where('id', '=', id).execute();
  },

  /**
   * It starts now: `send_at` becomes the time it really started. The unique index of one sending
   * broadcast per creator refuses this while another one sends.
   */
  async markStarted(trx: Db, id: number, now: Date, destructAt: Date | null) {
    await trx
      .updateTable('broadcasts')
      .set({ status: 'sending', send_at: now, destruct_at: destructAt })
      .where('id', '=', id)
      .execute();
  },

  /** It ends without sending anything: done with an empty audience, or canceled. */
  async close(trx: Db, id: number, status: 'done' | 'canceled', now: Date) {
    await trx
      .updateTable('broadcasts')
      .set({ status, total: 0, sent: 0, finished_at: sql`COALESCE(finished_at, ${now}::timestamptz)` })
      .where('id', '=', id)
      .execute();
  },
};
