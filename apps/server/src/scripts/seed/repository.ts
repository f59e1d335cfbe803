import type { Insertable, Kysely } from 'kysely';
import type { ChatMembersTable, DB, MessagesTable, UsersTable } from '../../db/schema';

type Db = Kysely<DB>;

/** The demo's rows, written as they are: the seed sets up a state, it runs no product rule. */
export const seedRepository = {
  async insertUser(db: Db, values: Insertable<UsersTable>): Promise<string> {
    return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** A follow with its first-fan record, as POST /v1/users/following leaves them. */
  async insertFollow(db: Db, followerId: string, followeeId: string): Promise<void> {
    await db.insertInto('follows').values({ follower_id: followerId, followee_id: followeeId }).execute();
    await db
      .insertInto('fans')
      .values({ creator_id: followeeId, fan_id: followerId, relationship: 'follower' })
      .execute();
  },

  async insertChat(db: Db, userLow: string, userHigh: string): Promise<string> {
    const row = await db
      .insertInto('chats')
      .values({ user_low: userLow, user_high: userHigh })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async insertMessage(db: Db, values: Insertable<MessagesTable>): Promise<number> {
    return (await db.insertInto('messages').values(values).returning('id').executeTakeFirstOrThrow()).id;
  },

  async insertMember(db: Db, values: Insertable<ChatMembersTable>) {
    await db.insertInto('chat_members').values(values).execute();
  },
};
