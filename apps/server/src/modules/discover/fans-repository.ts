// The `fans` table (migration 0016): the first time a user followed, subscribed to or paid a
// creator, and the strongest of those since (docs/discover.md, "Fans").
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, FansTable } from '../../db/schema';

type Db = Kysely<DB>;
export type FanRelationship = FansTable['relationship'];

/** Weakest first: a later, stronger relationship upgrades the row; a weaker one leaves it. */
const ORDER: readonly FanRelationship[] = ['follower', 'fan', 'subscriber'];

/** The strength of a relationship column or value, for comparisons in SQL (1 = follower). */
const strength = (value: RawBuilder<unknown>) =>
  sql<number>`array_position(${sql.lit(`{${ORDER.join(',')}}`)}::text[], ${value})`;

/**
 * The upsert every recorder shares, over a `pairs (creator_id, fan_id)` relation the caller
 * provides: new pairs are inserted, weaker rows upgraded, and each changed row says whether it is
 * new (`first`: the creator hears `new_fan` for it). Pairs that already hold this relationship or
 * a stronger one are filtered before the upsert, so the usual repeat payment locks no fans row.
 */
function upsertFans(relationship: FanRelationship, at: Date) {
  return sql`
    INSERT INTO fans AS f (creator_id, fan_id, relationship, first_at)
    SELECT DISTINCT p.creator_id, p.fan_id, ${relationship}::text, ${at}::timestamptz FROM pairs p
    WHERE NOT EXISTS (
      SELECT 1 FROM fans x WHERE x.creator_id = p.creator_id AND x.fan_id = p.fan_id
        AND ${strength(sql.ref('x.relationship'))} >= ${strength(sql`${relationship}::text`)})
    -- One lock order for every statement: concurrent batches with fans in common cannot deadlock.
    ORDER BY p.creator_id, p.fan_id
    ON CONFLICT (creator_id, fan_id) DO UPDATE SET relationship = excluded.relationship
    WHERE ${strength(sql.ref('f.relationship'))} < ${strength(sql.ref('excluded.relationship'))}
    RETURNING f.creator_id, f.fan_id, (f.xmax = 0) AS first`;
}

export const fansRepository = {
  /**
   * Records that `fanIds` became `creatorId`'s `relationship` (one statement, in the caller's
   * transaction). Answers the fans seen by this creator for the first time ever.
   */
  async record(
    db: Db,
    creatorId: string,
    fanIds: readonly string[],
    relationship: FanRelationship,
    at: Date,
  ): Promise<string[]> {
    if (fanIds.length === 0) return [];
    const { rows } = await sql<{ fan_id: string; first: boolean }>`
      WITH pairs AS (SELECT ${creatorId}::uuid AS creator_id, unnest(${[...fanIds]}::uuid[]) AS fan_id)
      ${upsertFans(relationship, at)}`.execute(db);
    return rows.filter((r) => r.first).map((r) => r.fan_id);
  },

  /**
   * The upsert as a data-modifying CTE named `new_fans (creator_id, fan_id, first)`, for a
   * statement that already has the paying pairs in a CTE named `pairs`: one statement per batch.
   */
  recordInStatement: (relationship: FanRelationship, at: Date) =>
    sql`new_fans AS (${upsertFans(relationship, at)})`,
};
