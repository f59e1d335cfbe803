import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { PasskeysTable } from '../../db/schema-security';

type Db = Kysely<DB>;
export type PasskeyRow = Selectable<PasskeysTable>;

/** Passkeys and the challenges of the browser's WebAuthn calls. */
export const passkeysRepository = {
  listByUser(db: Db, userId: string): Promise<PasskeyRow[]> {
    return db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  byCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
    return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  },

  /**
   * Adds a passkey and counts it on the account, unless the account already has `max`: undefined
   * then. The count is raised first, so its row lock orders concurrent additions.
   */
  async insert(
    db: Db,
    values: Omit<PasskeyRow, 'id' | 'last_used_at'>,
    max: number,
  ): Promise<PasskeyRow | undefined> {
    const counted = await db
      .updateTable('users')
      .set({ passkey_count: sql`passkey_count + 1` })
      .where('id', '=', values.user_id)
      .where('passkey_count', '<', max)
      .returning('id')
      .executeTakeFirst();
    if (!counted) return undefined;
    return db.insertInto('passkeys').values(values).returningAll().executeTakeFirstOrThrow();
  },

  /** Removes one of the account's passkeys and its count: false when it has no such passkey. */
  async delete(db: Db, userId: string, id: string): Promise<boolean> {
    const row = await db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await db
      .updateTable('users')
      .set({ passkey_count: sql`greatest(passkey_count - 1, 0)` })
      .where('id', '=', userId)
      .execute();
    return true;
  },

  async deleteAll(db: Db, userId: string): Promise<void> {
    await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  },

  /**
   * Records a use with the authenticator's new signature counter, only if it moved forward (or
   * the authenticator keeps none, 0): two requests with the same signature cannot both pass.
   */
  async recordUse(db: Db, id: string, counter: number, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('passkeys')
      .set({ counter, last_used_at: now })
      .where('id', '=', id)
      .where(sql<boolean>`counter < ${counter} OR (counter = 0 AND ${counter}::bigint = 0)`)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async insertChallenge(
    db: Db,
    values: { hash: string; userId: string | null; purpose: 'register' | 'sign_in'; expiresAt: Date },
  ): Promise<void> {
    await db
      .insertInto('webauthn_challenges')
      .values({
        challenge_hash: values.hash,
        user_id: values.userId,
        purpose: values.purpose,
        expires_at: values.expiresAt,
      })
      .execute();
  },

  /** Spends a live challenge of this purpose (and account, or none): true for the one call that did. */
  async takeChallenge(
    db: Db,
    hash: string,
    purpose: 'register' | 'sign_in',
    userId: string | null,
    now: Date,
  ): Promise<boolean> {
    const row = await db
      .deleteFrom('webauthn_challenges')
      .where('challenge_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', now)
      .where('user_id', userId === null ? 'is' : '=', userId)
      .returning('challenge_hash')
      .executeTakeFirst();
    return row !== undefined;
  },
};
