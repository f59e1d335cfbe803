import { type Kysely, sql } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import type { AdminAuditTable, IdDocumentsTable } from '../../db/schema-moderation';

type Db = Kysely<DB>;

/** A users row with what the console shows beside it: the application's state and open reports. */
export type AdminUserRow = UserRow & {
  application_status: string | null;
  open_reports: number;
  payment_warnings: number;
  platform: boolean;
};

const withModeration = (db: Db) =>
  db
    .selectFrom('users as u')
    .leftJoin('creator_applications as a', 'a.user_id', 'u.id')
    .selectAll('u')
    .select((eb) => [
      'a.status as application_status',
      eb
        .selectFrom('user_reports as r')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('r.reported_id', '=', 'u.id')
        .where('r.resolved_at', 'is', null)
        .as('open_reports'),
      eb
        .selectFrom('payment_warnings as pw')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('pw.user_id', '=', 'u.id')
        .as('payment_warnings'),
      eb.exists(eb.selectFrom('platform_account as pa').whereRef('pa.user_id', '=', 'u.id')).as('platform'),
    ]);

export const moderationRepository = {
  // --- payment warnings ---
  async recordPaymentWarning(
    db: Db,
    row: { user_id: string; chat_id: string; other_user_id: string; created_at: Date },
  ) {
    await db.insertInto('payment_warnings').values(row).execute();
  },

  // --- applications ---
  application(db: Db, userId: string) {
    return db.selectFrom('creator_applications').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },
  /** Inserts a pending application unless one exists; answers the row either way. */
  async apply(db: Db, userId: string, message: string | null, at: Date) {
    await db
      .insertInto('creator_applications')
      .values({ user_id: userId, message, created_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return db
      .selectFrom('creator_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  },
  /** Decides a pending application; undefined when there was none pending. */
  decideApplication(db: Db, userId: string, status: 'approved' | 'rejected', adminId: string, at: Date) {
    return db
      .updateTable('creator_applications')
      .set({ status, decided_at: at, decided_by: adminId })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  },

  // --- ID documents ---
  insertDocument(db: Db, row: Omit<IdDocumentsTable, 'id' | 'created_at'> & { created_at: Date }) {
    return db.insertInto('id_documents').values(row).returningAll().executeTakeFirstOrThrow();
  },
  /** The newest document of each kind for each of these users. */
  latestDocuments(db: Db, userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('id_documents')
      .selectAll()
      .distinctOn(['user_id', 'kind'])
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .orderBy('kind')
      .orderBy('id', 'desc')
      .execute();
  },
  /** Deletes every document of these users (an erased account); answers their storage ids. */
  async deleteDocumentsOf(db: Db, userIds: string[]): Promise<string[]> {
    const rows = await db
      .deleteFrom('id_documents')
      .where('user_id', 'in', userIds)
      .returning('public_id')
      .execute();
    return rows.map((r) => r.public_id);
  },
  documentByPublicId(db: Db, publicId: string) {
    return db.selectFrom('id_documents').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  },

  // --- users as the console sees them ---
  adminUser(db: Db, id: string) {
    return withModeration(db).where('u.id', '=', id).executeTakeFirst() as Promise<AdminUserRow | undefined>;
  },
  searchUsers(db: Db, q: string, limit: number, offset: number) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return withModeration(db)
      .$if(q !== '', (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('u.username', 'ilike', pattern),
            eb('u.email', 'ilike', pattern),
            ...(/^[0-9a-f-]{36}$/i.test(q) ? [eb('u.id', '=', q)] : []),
          ]),
        ),
      )
      .where('u.deleted_at', 'is', null)
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<AdminUserRow[]>;
  },

  /**
   * How many items each queue lists, in one round trip: each count has the filters of its queue's
   * query below, so a tab's number is the length of its list.
   */
  async queueCounts(db: Db) {
    const { rows } = await sql<{
      applications: number;
      id_verifications: number;
      reports: number;
      payouts: number;
      aml: number;
    }>`SELECT
      (SELECT count(*)::int FROM creator_applications a JOIN users u ON u.id = a.user_id
        WHERE a.status = 'pending' AND u.deleted_at IS NULL) AS applications,
      (SELECT count(*)::int FROM users u
        WHERE u.id_verification_status = 'in_progress' AND u.deleted_at IS NULL) AS id_verifications,
      (SELECT count(*)::int FROM user_reports r JOIN users reporter ON reporter.id = r.reporter_id
        WHERE r.resolved_at IS NULL) AS reports,
      (SELECT count(*)::int FROM payouts p JOIN users u ON u.id = p.user_id
        WHERE p.status = 'pending') AS payouts,
      (SELECT count(*)::int FROM aml_checks c JOIN users u ON u.id = c.user_id
        WHERE u.aml_status = 'pending') AS aml`.execute(db);
    return rows[0] as (typeof rows)[number];
  },

  // --- queues, oldest first ---
  pendingApplications(db: Db, limit: number, offset: number) {
    return withModeration(db)
      .select(['a.message as application_message', 'a.created_at as applied_at'])
      .where('a.status', '=', 'pending')
      .where('u.deleted_at', 'is', null)
      .orderBy('a.created_at')
      .orderBy('u.id')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<(AdminUserRow & { application_message: string | null; applied_at: Date })[]>;
  },
  idReviews(db: Db, limit: number, offset: number) {
    return withModeration(db)
      .where('u.id_verification_status', '=', 'in_progress')
      .where('u.deleted_at', 'is', null)
      .orderBy('u.id_submitted_at')
      .orderBy('u.id')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<AdminUserRow[]>;
  },
  openReports(db: Db, limit: number, offset: number) {
    return db
      .selectFrom('user_reports as r')
      .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
      .select(['r.id', 'r.reporter_id', 'r.reported_id', 'r.reason', 'r.created_at'])
      .select('reporter.username as reporter_username')
      .where('r.resolved_at', 'is', null)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute();
  },
  usersByIds(db: Db, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([] as AdminUserRow[]);
    return withModeration(db).where('u.id', 'in', ids).execute() as Promise<AdminUserRow[]>;
  },
  /** The chat of two users, and its newest messages (oldest of them first). */
  async chatContext(db: Db, a: string, b: string, limit: number) {
    const [low, high] = a < b ? [a, b] : [b, a];
    const chat = await db
      .selectFrom('chats')
      .select('id')
      .where('user_low', '=', low)
      .where('user_high', '=', high)
      .executeTakeFirst();
    if (!chat) return { chatId: null, messages: [] };
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'sender_id', 'type', 'text', 'price', 'created_at'])
      .where('chat_id', '=', chat.id)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return { chatId: chat.id, messages: rows.reverse() };
  },
  resolveReports(db: Db, reportedId: string, at: Date) {
    return db
      .updateTable('user_reports')
      .set({ resolved_at: at })
      .where('reported_id', '=', reportedId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
  },
  pendingAml(db: Db, limit: number, offset: number) {
    return db
      .selectFrom('aml_checks as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(['u.username', 'u.email'])
      .where('u.aml_status', '=', 'pending')
      .orderBy('c.submitted_at')
      .orderBy('c.user_id')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  // --- the audit log ---
  async audit(
    db: Db,
    entry: Omit<AdminAuditTable, 'id' | 'created_at' | 'details'> & {
      details: Record<string, unknown>;
      created_at: Date;
    },
  ) {
    await db
      .insertInto('admin_audit')
      .values({ ...entry, details: JSON.stringify(entry.details) })
      .execute();
  },
  auditPage(db: Db, q: { targetId?: string | undefined; limit: number; offset: number }) {
    return (
      db
        .selectFrom('admin_audit as l')
        .leftJoin('users as a', 'a.id', 'l.admin_id')
        // The account a row is about: the target itself (user, AML check) or a payout's creator. The
        // uuid casts stay inside the CASE, so a payout's numeric id or a notice's id is never cast.
        .leftJoin('users as t', (join) =>
          join.on(
            sql<boolean>`t.id = CASE
            WHEN l.target_type IN ('user', 'aml') THEN l.target_id::uuid
            WHEN l.target_type = 'payout' THEN (l.details->>'user_id')::uuid
          END`,
          ),
        )
        .selectAll('l')
        .select(['a.username as admin_username', 't.username as target_username'])
        .$if(q.targetId !== undefined, (qb) => qb.where('l.target_id', '=', q.targetId as string))
        .orderBy('l.id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute()
    );
  },
};
