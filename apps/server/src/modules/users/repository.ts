import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';

type Db = Kysely<DB>;

export const usersRepository = {
  findById(db: Db, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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
    return db
      .selectFrom('users')
      .select('id')
      .where('referral_code', '=', code.toLowerCase())
      .executeTakeFirst();
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

  async count(db: Db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  },
};
