import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { batched, batchedLookup } from '../../db/batch';
import { prepared } from '../../db/connection';
import type { DB, UserRow, UsersTable } from '../../db/schema';

type Db = Kysely<DB>;

/** Tokens asked for together (every request resolves one) are looked up in one statement. */
const tokenLookup = batchedLookup(
  async (db, hashes: readonly string[]) => {
    const rows = await prepared(
      db,
      db
        .selectFrom('access_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        // A seat token lives only while its holder is on the team and their own account is not banned.
        .leftJoin('team_members as tm', (join) =>
          join.onRef('tm.creator_id', '=', 't.user_id').onRef('tm.member_id', '=', 't.seat_member_id'),
        )
        .leftJoin('users as mu', (join) =>
          join.onRef('mu.id', '=', 'tm.member_id').on('mu.banned_at', 'is', null),
        )
        .selectAll('u')
        .select([
          't.id as token_id',
          't.token_hash',
          't.last_used_at as token_last_used_at',
          't.seat_member_id',
          'tm.permissions as seat_permissions',
          'mu.username as seat_username',
        ])
        .where('t.token_hash', '=', sql<string>`ANY(${[...hashes]}::text[])`)
        .where('t.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('t.seat_member_id', 'is', null), eb('mu.id', 'is not', null)])),
    );
    return new Map(rows.map(({ token_hash, ...row }) => [token_hash, row]));
  },
  (hash) => hash,
);

/** Sessions seen together have their last use written in one statement. */
const touchTokens = batched(async (db, uses: readonly { tokenId: string; at: Date }[]) => {
  const at = new Date(Math.max(...uses.map((u) => u.at.getTime())));
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: at })
    .where('id', '=', sql<string>`ANY(${[...new Set(uses.map((u) => u.tokenId))]}::uuid[])`)
    .where('last_used_at', '<', at)
    .execute();
  return uses.map(() => undefined);
});

export const usersRepository = {
  /** Prepared: most requests that name another person (a tip, a chat, a profile) ask it first. */
  async findById(db: Db, id: string): Promise<UserRow | undefined> {
    const [row] = await prepared(db, db.selectFrom('users').selectAll().where('id', '=', id));
    return row;
  },

  findByLogin(db: Db, login: string): Promise<UserRow | undefined> {
    const column = login.includes('@') ? 'email' : 'username';
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(${sql.ref(column)})`, '=', login.toLowerCase())
      .executeTakeFirst();
  },

  findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  },

  /** Every account with the admin role, and its password hash: the start checks them. */
  admins(db: Db): Promise<Pick<UserRow, 'username' | 'password_hash'>[]> {
    return db.selectFrom('users').select(['username', 'password_hash']).where('role', '=', 'admin').execute();
  },

  /**
   * The creator page's counts and the asker's relation to the account, in one statement: posts
   * (on feed_posts' owner index), whether the asker follows it, and whether a subscription of
   * theirs still gives access (active, or canceled with paid time left, as the feed reads it).
   */
  async profileFacts(db: Db, userId: string, askerId: string | null, now: Date) {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('feed_posts')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('owner_id', '=', userId)
          .where('deleted_at', 'is', null)
          // A scheduled post is not out yet: it counts once it appears.
          .where('scheduled', '=', false)
          .as('posts'),
        askerId === null
          ? sql<boolean>`false`.as('is_followee')
          : eb
              .exists(
                eb
                  .selectFrom('follows')
                  .select(sql`1`.as('one'))
                  .where('follower_id', '=', askerId)
                  .where('followee_id', '=', userId),
              )
              .as('is_followee'),
        askerId === null
          ? sql<boolean>`false`.as('is_subscribed')
          : eb
              .exists(
                eb
                  .selectFrom('subscriptions as s')
                  .select(sql`1`.as('one'))
                  .where('s.fan_id', '=', askerId)
                  .where('s.creator_id', '=', userId)
                  .where((w) => w.or([w('s.status', '=', 'active'), w('s.current_period_end', '>', now)])),
              )
              .as('is_subscribed'),
      ])
      .executeTakeFirstOrThrow();
    return {
      posts: row.posts ?? 0,
      is_followee: Boolean(row.is_followee),
      is_subscribed: Boolean(row.is_subscribed),
    };
  },

  async usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
    let q = db.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.toLowerCase());
    if (exceptId) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  async emailTaken(db: Db, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  },

  findByReferralCode(db: Db, code: string): Promise<Pick<UserRow, 'id'> | undefined> {
    return (
      db
        .selectFrom('users')
        .select('id')
        // A referral code is a username, or the random code older accounts were given.
        .where((eb) =>
          eb.or([
            eb('referral_code', '=', code.toLowerCase()),
            eb(sql`lower(username)`, '=', code.toLowerCase()),
          ]),
        )
        .executeTakeFirst()
    );
  },

  insert(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
    return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Db, id: string, values: Updateable<UsersTable>): Promise<UserRow> {
    return db
      .updateTable('users')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Sets is_affiliate_profile_visited once: answers the new config only when this call set it. */
  markAffiliateVisited(db: Db, id: string) {
    return db
      .updateTable('users')
      .set({ is_affiliate_profile_visited: true })
      .where('id', '=', id)
      .where('is_affiliate_profile_visited', '=', false)
      .returning(['is_affiliate_profile_visited', 'is_bought_credit_package'])
      .executeTakeFirst();
  },

  /** A user row locked for the rest of the caller's transaction. */
  findByIdForUpdate(db: Db, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** The live (unrevoked) token with this hash and its user. */
  findByTokenHash(db: Db, tokenHash: string) {
    return tokenLookup(db, tokenHash);
  },

  /** Records that a session was used now (the sliding lifetime counts from here). */
  touchToken(db: Db, tokenId: string, at: Date): Promise<void> {
    return touchTokens(db, { tokenId, at });
  },

  /**
   * Which of these sessions are still live (not revoked, used since `usedSince`), each with its last
   * use, in one statement.
   */
  async liveSessions(db: Db, tokenIds: string[], usedSince: Date): Promise<Map<string, Date>> {
    if (tokenIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('access_tokens')
      .select(['id', 'last_used_at'])
      .where('id', '=', sql<string>`ANY(${tokenIds}::uuid[])`)
      .where('revoked_at', 'is', null)
      .where('last_used_at', '>', usedSince)
      .execute();
    return new Map(rows.map((r) => [r.id, r.last_used_at]));
  },

  /** A user's live sessions used since `usedSince`, the most recently used first. */
  listSessions(db: Db, userId: string, usedSince: Date) {
    return (
      db
        .selectFrom('access_tokens')
        .select(['id', 'user_agent', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        // Team members' seats are theirs to end (or the creator's, by removing the member).
        .where('seat_member_id', 'is', null)
        .where('revoked_at', 'is', null)
        .where('last_used_at', '>', usedSince)
        .orderBy('last_used_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute()
    );
  },

  /** Revokes one live session of this user; false when the user has no such session. */
  async revokeSession(db: Db, userId: string, tokenId: string, at: Date): Promise<boolean> {
    const row = await db
      .updateTable('access_tokens')
      .set({ revoked_at: at })
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async insertToken(
    db: Db,
    values: { userId: string; tokenHash: string; userAgent: string | null; at: Date; seatMemberId?: string },
  ): Promise<string> {
    const row = await db
      .insertInto('access_tokens')
      .values({
        user_id: values.userId,
        token_hash: values.tokenHash,
        user_agent: values.userAgent,
        created_at: values.at,
        last_used_at: values.at,
        seat_member_id: values.seatMemberId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Revokes one live token, or every live token of a user: each such session ends at its next request. */
  async revokeTokens(db: Db, which: { tokenId: string } | { userId: string }, at: Date): Promise<void> {
    await db
      .updateTable('access_tokens')
      .set({ revoked_at: at })
      .where('revoked_at', 'is', null)
      .$call((q) =>
        'tokenId' in which ? q.where('id', '=', which.tokenId) : q.where('user_id', '=', which.userId),
      )
      .execute();
  },

  /** Accounts of people: the platform's own fee account (migration 0023) is not one. */
  async count(db: Db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('id', 'not in', db.selectFrom('platform_account').select('user_id'))
      .executeTakeFirstOrThrow();
    return row.n;
  },
};
