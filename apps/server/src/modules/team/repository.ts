import type { TeamPermission } from '@parlor/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const personOf = (id: string, username: string) => ({ _id: id, username });

/** The SQL of teams: invites, memberships, seat sessions and the activity log. */
export const teamRepository = {
  async insertInvite(
    db: Db,
    v: {
      creatorId: string;
      email: string;
      permissions: string[];
      tokenHash: string;
      at: Date;
      expiresAt: Date;
    },
  ) {
    return db
      .insertInto('team_invites')
      .values({
        creator_id: v.creatorId,
        email: v.email,
        permissions: v.permissions,
        token_hash: v.tokenHash,
        created_at: v.at,
        expires_at: v.expiresAt,
      })
      .onConflict((oc) =>
        oc
          .columns(['creator_id', 'email'])
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** Pending invites that expired are closed first, so their address can be invited again. */
  async closeExpiredInvites(db: Db, creatorId: string, now: Date): Promise<void> {
    await db
      .updateTable('team_invites')
      .set({ revoked_at: now })
      .where('creator_id', '=', creatorId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '<=', now)
      .execute();
  },

  pendingInvites(db: Db, creatorId: string, now: Date) {
    return db
      .selectFrom('team_invites')
      .selectAll()
      .where('creator_id', '=', creatorId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
  },

  async revokeInvite(db: Db, creatorId: string, id: string, at: Date): Promise<boolean> {
    const row = await db
      .updateTable('team_invites')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The invite a link names, locked for its acceptance; with its creator's name and state. */
  inviteByTokenHash(db: Db, tokenHash: string) {
    return db
      .selectFrom('team_invites as i')
      .innerJoin('users as c', 'c.id', 'i.creator_id')
      .selectAll('i')
      .select([
        'c.username as creator_username',
        'c.banned_at as creator_banned_at',
        'c.deleted_at as creator_deleted_at',
      ])
      .where('i.token_hash', '=', tokenHash)
      .forUpdate('i')
      .executeTakeFirst();
  },

  async acceptInvite(db: Db, id: string, at: Date): Promise<void> {
    await db.updateTable('team_invites').set({ accepted_at: at }).where('id', '=', id).execute();
  },

  /** Adds the member; an existing membership keeps its row and takes the invite's permissions. */
  async upsertMember(db: Db, v: { creatorId: string; memberId: string; permissions: string[]; at: Date }) {
    await db
      .insertInto('team_members')
      .values({
        creator_id: v.creatorId,
        member_id: v.memberId,
        permissions: v.permissions,
        created_at: v.at,
      })
      .onConflict((oc) => oc.columns(['creator_id', 'member_id']).doUpdateSet({ permissions: v.permissions }))
      .execute();
  },

  async isMember(db: Db, creatorId: string, memberId: string): Promise<boolean> {
    const row = await db
      .selectFrom('team_members')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** A member's permissions on the creator's team now; undefined once they are not on it. */
  async permissionsOf(db: Db, creatorId: string, memberId: string): Promise<TeamPermission[] | undefined> {
    const row = await db
      .selectFrom('team_members')
      .select('permissions')
      .where('creator_id', '=', creatorId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    // The column only ever holds values the contract's schema let through.
    return row ? (row.permissions as TeamPermission[]) : undefined;
  },

  /** Whether the account at `email` is already on the creator's team. */
  async memberWithEmail(db: Db, creatorId: string, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('team_members as tm')
      .innerJoin('users as u', 'u.id', 'tm.member_id')
      .select('tm.id')
      .where('tm.creator_id', '=', creatorId)
      .where(sql<string>`lower(u.email)`, '=', email)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The creator's members with their last request in her workspace (their seats' last use). */
  async members(db: Db, creatorId: string, memberRowId?: string) {
    const rows = await db
      .selectFrom('team_members as tm')
      .innerJoin('users as u', 'u.id', 'tm.member_id')
      .select([
        'tm.id',
        'tm.member_id',
        'u.username',
        'tm.permissions',
        'tm.created_at',
        (eb) =>
          eb
            .selectFrom('access_tokens as t')
            .select((e) => e.fn.max('t.last_used_at').as('at'))
            .whereRef('t.user_id', '=', 'tm.creator_id')
            .whereRef('t.seat_member_id', '=', 'tm.member_id')
            .as('last_active_at'),
      ])
      .where('tm.creator_id', '=', creatorId)
      .$if(memberRowId !== undefined, (q) => q.where('tm.id', '=', memberRowId as string))
      .orderBy('tm.created_at')
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      member: personOf(r.member_id, r.username),
      // The column only ever holds values the contract's schema let through.
      permissions: r.permissions as TeamPermission[],
      created_at: r.created_at.toISOString(),
      last_active_at: r.last_active_at ? new Date(r.last_active_at as unknown as string).toISOString() : null,
    }));
  },

  async updateMember(db: Db, creatorId: string, id: string, permissions: string[]): Promise<boolean> {
    const row = await db
      .updateTable('team_members')
      .set({ permissions })
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Removes a member and revokes their seats in one statement; answers the seats' session ids. */
  async removeMember(db: Db, creatorId: string, id: string, at: Date): Promise<string[] | undefined> {
    const gone = await db
      .deleteFrom('team_members')
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .returning('member_id')
      .executeTakeFirst();
    if (!gone) return undefined;
    const seats = await db
      .updateTable('access_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', creatorId)
      .where('seat_member_id', '=', gone.member_id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return seats.map((s) => s.id);
  },

  /** The creators whose team `memberId` is on (accounts still open). */
  workspaces(db: Db, memberId: string) {
    return db
      .selectFrom('team_members as tm')
      .innerJoin('users as c', 'c.id', 'tm.creator_id')
      .select(['c.id', 'c.username', 'c.avatar_url', 'tm.permissions'])
      .where('tm.member_id', '=', memberId)
      .where('c.banned_at', 'is', null)
      .where('c.deleted_at', 'is', null)
      .orderBy('c.username')
      .execute();
  },

  async insertActivity(
    db: Db,
    rows: { creatorId: string; memberId: string; action: string; target: string | null; at: Date }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('team_activity')
      .values(
        rows.map((r) => ({
          creator_id: r.creatorId,
          member_id: r.memberId,
          action: r.action,
          target: r.target,
          created_at: r.at,
        })),
      )
      .execute();
  },

  activity(db: Db, creatorId: string, limit: number, offset: number) {
    return db
      .selectFrom('team_activity as a')
      .innerJoin('users as u', 'u.id', 'a.member_id')
      .select(['a.id', 'a.member_id', 'u.username', 'a.action', 'a.target', 'a.created_at'])
      .where('a.creator_id', '=', creatorId)
      .orderBy('a.id', 'desc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
  },

  /**
   * Each author's figures over [from, to): the creator herself (member null) and every member who
   * wrote or sold in the range. A message's author is its `message_authors` row, else its
   * broadcast's composer, else the creator; automatic messages count for nobody. A sale counts in
   * the range it was bought in, for the paid message's author; a tip for the author of the
   * creator's last message in that chat in the 24 h before it (the creator, with none). Reply time: from a fan's message to
   * the creator side's next message in that chat, for the one who wrote it.
   */
  async stats(db: Db, creatorId: string, from: Date, to: Date) {
    const result = await sql<{
      member_id: string | null;
      username: string | null;
      messages_sent: number;
      paid_sent: number;
      paid_sold: number;
      sales_credits: number;
      tips_credits: number;
      median_reply_seconds: number | null;
    }>`
      WITH authored AS (
        SELECT m.id, m.chat_id, m.created_at, m.price, m.type,
          CASE WHEN a.kind IS NOT NULL THEN a.kind
               WHEN b.author_member_id IS NOT NULL THEN 'team' ELSE 'creator' END AS kind,
          COALESCE(a.member_id, b.author_member_id) AS member_id
        FROM messages m
        LEFT JOIN message_authors a ON a.message_id = m.id
        LEFT JOIN broadcasts b ON b.id = m.broadcast_id
        WHERE m.sender_id = ${creatorId} AND m.created_at >= ${from} AND m.created_at < ${to}
          AND NOT m.system AND m.type <> 'tip'
      ),
      sent AS (
        SELECT member_id, count(*)::int AS messages_sent, count(*) FILTER (WHERE price > 0)::int AS paid_sent
        FROM authored WHERE kind <> 'automation' GROUP BY member_id
      ),
      sold AS (
        SELECT CASE WHEN a.kind = 'team' OR b.author_member_id IS NOT NULL
                 THEN COALESCE(a.member_id, b.author_member_id) END AS member_id,
          count(*)::int AS paid_sold, sum(p.price)::int AS sales_credits
        FROM message_purchases p
        JOIN messages m ON m.id = p.message_id
        LEFT JOIN message_authors a ON a.message_id = m.id
        LEFT JOIN broadcasts b ON b.id = m.broadcast_id
        WHERE p.seller_id = ${creatorId} AND p.created_at >= ${from} AND p.created_at < ${to}
          AND COALESCE(a.kind, '') <> 'automation'
        GROUP BY 1
      ),
      tipped AS (
        SELECT w.member_id, sum(t.price)::int AS tips_credits
        FROM messages t
        LEFT JOIN LATERAL (
          SELECT CASE WHEN a.kind = 'team' OR b.author_member_id IS NOT NULL
                   THEN COALESCE(a.member_id, b.author_member_id) END AS member_id,
            COALESCE(a.kind, CASE WHEN b.author_member_id IS NOT NULL THEN 'team' ELSE 'creator' END) AS kind
          FROM messages c
          LEFT JOIN message_authors a ON a.message_id = c.id
          LEFT JOIN broadcasts b ON b.id = c.broadcast_id
          WHERE c.chat_id = t.chat_id AND c.sender_id = ${creatorId} AND c.id < t.id
            AND c.created_at >= t.created_at - interval '24 hours' AND NOT c.system
          ORDER BY c.id DESC LIMIT 1
        ) w ON true
        WHERE t.recipient_id = ${creatorId} AND t.type = 'tip'
          AND t.created_at >= ${from} AND t.created_at < ${to} AND COALESCE(w.kind, 'creator') <> 'automation'
        GROUP BY w.member_id
      ),
      replies AS (
        SELECT x.member_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY x.wait) AS median
        FROM (
          SELECT au.member_id, au.kind,
            extract(epoch FROM au.created_at - (
              SELECT f.created_at FROM messages f
              WHERE f.chat_id = au.chat_id AND f.id < au.id
              ORDER BY f.id DESC LIMIT 1
            )) AS wait,
            (SELECT f.sender_id FROM messages f WHERE f.chat_id = au.chat_id AND f.id < au.id
              ORDER BY f.id DESC LIMIT 1) AS previous_sender
          FROM authored au
          WHERE au.kind <> 'automation'
        ) x
        WHERE x.previous_sender IS NOT NULL AND x.previous_sender <> ${creatorId}
        GROUP BY x.member_id
      ),
      authors AS (
        SELECT NULL::uuid AS member_id
        UNION SELECT member_id FROM sent WHERE member_id IS NOT NULL
        UNION SELECT member_id FROM sold WHERE member_id IS NOT NULL
        UNION SELECT member_id FROM tipped WHERE member_id IS NOT NULL
        UNION SELECT member_id FROM team_members WHERE creator_id = ${creatorId}
      )
      SELECT au.member_id, u.username,
        COALESCE(s.messages_sent, 0) AS messages_sent, COALESCE(s.paid_sent, 0) AS paid_sent,
        COALESCE(so.paid_sold, 0) AS paid_sold, COALESCE(so.sales_credits, 0) AS sales_credits,
        COALESCE(t.tips_credits, 0) AS tips_credits, r.median::float8 AS median_reply_seconds
      FROM authors au
      LEFT JOIN users u ON u.id = au.member_id
      LEFT JOIN sent s ON s.member_id IS NOT DISTINCT FROM au.member_id
      LEFT JOIN sold so ON so.member_id IS NOT DISTINCT FROM au.member_id
      LEFT JOIN tipped t ON t.member_id IS NOT DISTINCT FROM au.member_id
      LEFT JOIN replies r ON r.member_id IS NOT DISTINCT FROM au.member_id
      WHERE au.member_id IS NULL OR u.id IS NOT NULL
      ORDER BY au.member_id IS NOT NULL, u.username`.execute(db);
    return result.rows;
  },
};
