import { type Kysely, sql } from 'kysely';
import type { DB, UserRow } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * The own account's rows: its lock, its tags and its erasure (its email codes are verification's), and
 * the subscription facts that hold a deletion back.
 */
export const accountRepository = {
  /** Locks the account row so concurrent code requests and guesses on one account run one at a time. */
  lockUser(db: Db, userId: string): Promise<UserRow> {
    return db.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  },

  /** Whether the fan still has a subscription that renews (not canceled). */
  async hasRenewingSubscription(db: Db, fanId: string) {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('fan_id', '=', fanId)
      .where('status', '=', 'active')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
  /** Whether some fan's paid period with this creator has not ended yet (renewing or canceled). */
  async hasRunningSubscribers(db: Db, creatorId: string, now: Date) {
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where('current_period_end', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Adds one tag unless present, while fewer than `max`; answers undefined when the list is full. */
  addTag(db: Db, userId: string, tag: string, max: number) {
    return db
      .updateTable('users')
      .set({
        tags: sql`CASE WHEN ${tag} = ANY(tags) THEN tags ELSE array_append(tags, ${tag}::text) END`,
        updated_at: sql`now()`,
      })
      .where('id', '=', userId)
      .where((eb) => eb.or([sql<boolean>`${tag} = ANY(tags)`, sql<boolean>`cardinality(tags) < ${max}`]))
      .returningAll()
      .executeTakeFirst();
  },

  removeTag(db: Db, userId: string, tag: string) {
    return db
      .updateTable('users')
      .set({ tags: sql`array_remove(tags, ${tag}::text)`, updated_at: sql`now()` })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Up to `limit` accounts whose deletion date has passed, locked; rows another run holds are skipped. */
  async lockDueForErasure(db: Db, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('deleted_scheduled', '=', true)
      .where('deleted_at', 'is', null)
      .where('delete_at', '<=', now)
      .orderBy('delete_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Scrubs everything personal from these accounts, drops their codes and revokes their tokens. The
   * rows stay: ledger rows and the other side's chats reference them.
   */
  async erase(db: Db, ids: string[], now: Date) {
    await db
      .updateTable('users')
      .set({
        email: sql`'deleted-' || id::text || '@deleted.invalid'`,
        username: sql`'deleted-' || replace(id::text, '-', '')`,
        // Not an argon2 hash: no password can ever match it.
        password_hash: '!deleted',
        bio: '',
        avatar_url: null,
        gender: null,
        tags: [],
        greeting: null,
        payout_method: null,
        payout_account: null,
        payout_holder: null,
        payout_country: null,
        frozen_message: null,
        email_verified: false,
        online: false,
        profile_invisible: true,
        discover_status: 'hidden',
        force_discover: false,
        totp_enabled_at: null,
        passkey_count: 0,
        deleted_at: now,
        updated_at: now,
      })
      .where('id', 'in', ids)
      .execute();
    await db.deleteFrom('email_codes').where('user_id', 'in', ids).execute();
    // Sign-in factors and devices: nothing of them may outlive the account or sign in to its row.
    for (const table of [
      'totp_secrets',
      'recovery_codes',
      'sign_in_challenges',
      'passkeys',
      'webauthn_challenges',
      'known_devices',
    ] as const)
      await db.deleteFrom(table).where('user_id', 'in', ids).execute();
    await db
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('user_id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute();
  },
};
