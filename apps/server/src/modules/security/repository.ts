import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** Authenticator-app secrets, recovery codes and sign-ins waiting for their second factor. */
export const securityRepository = {
  totpOf(db: Db, userId: string) {
    return db.selectFrom('totp_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** A new pending secret, replacing a pending one; a confirmed secret is left as it is (false). */
  async savePendingTotp(db: Db, userId: string, secret: string, now: Date): Promise<boolean> {
    const row = await db
      .insertInto('totp_secrets')
      .values({ user_id: userId, secret, created_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret, created_at: now, last_step: null })
          .where('totp_secrets.confirmed_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Records `step` as used, if it is newer than the last used one: true when this call did. One
   * statement, so two requests with the same code cannot both pass. `pending` confirms a pending secret.
   */
  async useStep(db: Db, userId: string, step: number, now: Date, pending = false): Promise<boolean> {
    const row = await db
      .updateTable('totp_secrets')
      .set({ last_step: step, ...(pending ? { confirmed_at: now } : {}) })
      .where('user_id', '=', userId)
      .where('confirmed_at', pending ? 'is' : 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async deleteTotp(db: Db, userId: string): Promise<void> {
    await db.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  },

  /** Replaces every recovery code of the account with these (HMACs). */
  async replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date): Promise<void> {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
      .execute();
  },

  /** Uses one recovery code: 'ok' when this call did, 'used' when it was used before, 'wrong' when none matches. */
  async useRecoveryCode(db: Db, userId: string, hash: string, now: Date): Promise<'ok' | 'used' | 'wrong'> {
    const used = await db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('code_hash')
      .executeTakeFirst();
    if (used) return 'ok';
    const known = await db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    return known ? 'used' : 'wrong';
  },

  async recoveryCodesLeft(db: Db, userId: string): Promise<number> {
    const row = await db
      .selectFrom('recovery_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  },

  async insertChallenge(db: Db, values: { hash: string; userId: string; now: Date; expiresAt: Date }) {
    await db
      .insertInto('sign_in_challenges')
      .values({
        challenge_hash: values.hash,
        user_id: values.userId,
        created_at: values.now,
        expires_at: values.expiresAt,
      })
      .execute();
  },

  /** The live challenge, counting this try: undefined when unknown, used, expired or out of tries. */
  countChallengeTry(db: Db, hash: string, now: Date, maxAttempts: number) {
    return db
      .updateTable('sign_in_challenges')
      .set({ attempts: sql`attempts + 1` })
      .where('challenge_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .returning(['user_id', 'attempts'])
      .executeTakeFirst();
  },

  challenge(db: Db, hash: string) {
    return db
      .selectFrom('sign_in_challenges')
      .select(['attempts', 'used_at', 'expires_at'])
      .where('challenge_hash', '=', hash)
      .executeTakeFirst();
  },

  /** Spends the challenge on a right factor: true for the one request that did. */
  async useChallenge(db: Db, hash: string, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('sign_in_challenges')
      .set({ used_at: now })
      .where('challenge_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async purgeChallenges(db: Db, before: Date): Promise<number> {
    const signIns = await db
      .deleteFrom('sign_in_challenges')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    const webauthn = await db
      .deleteFrom('webauthn_challenges')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(signIns.numDeletedRows) + Number(webauthn.numDeletedRows);
  },
};
