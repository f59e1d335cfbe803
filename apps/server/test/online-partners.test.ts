import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { onlinePartnerIds } from '../src/realtime/repository';
import { apiTest } from './support/api-test';
import type { TestServer } from './support/server';

const it = apiTest();

/** Gives `creatorId` `n` chats with fresh fans, the first `online` of them online now (set-based). */
async function seedFans(server: TestServer, creatorId: string, n: number, online: number) {
  const db = server.app.ctx.db;
  const tag = Math.random().toString(36).slice(2, 8);
  // Ids from the tag and the row number, so each statement can name the same rows.
  const fans = sql`(SELECT md5(${tag} || i)::uuid AS id, md5(${tag} || 'c' || i)::uuid AS chat_id, i
    FROM generate_series(1, ${n}) i)`;
  await sql`
    INSERT INTO users (id, username, email, password_hash, type, referral_code, online, last_online)
    SELECT id, ${`p${tag}`} || i, ${`p${tag}`} || i || '@example.com', '!', 'user', ${`P${tag}`} || i,
      i <= ${online}, now()
    FROM ${fans} f`.execute(db);
  await sql`
    INSERT INTO chats (id, user_low, user_high)
    SELECT chat_id, LEAST(id, ${creatorId}::uuid), GREATEST(id, ${creatorId}::uuid) FROM ${fans} f`.execute(
    db,
  );
  await sql`
    INSERT INTO chat_members (chat_id, user_id, other_user_id)
    SELECT chat_id, ${creatorId}::uuid, id FROM ${fans} f
    UNION ALL SELECT chat_id, id, ${creatorId}::uuid FROM ${fans} f`.execute(db);
  const ids = await sql<{
    id: string;
  }>`SELECT id::text FROM ${fans} f WHERE i <= ${online} ORDER BY id`.execute(db);
  return ids.rows.map((r) => r.id);
}

describe('online chat partners', () => {
  const fresh = () => new Date(Date.now() - 60_000);

  it('finds the online partners of a user with a few chats, and of one with thousands, and which of them are shown', async ({
    server,
    w,
  }) => {
    const db = server.app.ctx.db;
    const small = (await w.creator()).user._id;
    const big = (await w.creator()).user._id;
    const smallOnline = await seedFans(server, small, 5, 2);
    const bigOnline = await seedFans(server, big, 2_100, 7);
    expect((await onlinePartnerIds(db, small, fresh())).online.sort()).toEqual(smallOnline);
    // Past 2,000 chats the lookup starts from the online users instead: same answer.
    expect((await onlinePartnerIds(db, big, fresh())).online.sort()).toEqual(bigOnline);
    // A stale heartbeat is not online.
    expect((await onlinePartnerIds(db, big, new Date(Date.now() + 60_000))).online).toEqual([]);

    // Partners in invisible mode are still online (they hear of the user) but not shown; the user's
    // own mode comes along, in both shapes.
    const hidden = [smallOnline[0]!, bigOnline[0]!];
    await db
      .updateTable('users')
      .set({ profile_invisible: true })
      .where('id', 'in', [...hidden, big])
      .execute();
    const few = await onlinePartnerIds(db, small, fresh());
    expect([few.online.sort(), few.shown.sort(), few.invisible]).toEqual([
      smallOnline,
      smallOnline.slice(1),
      false,
    ]);
    const many = await onlinePartnerIds(db, big, fresh());
    expect([many.online.sort(), many.shown.sort(), many.invisible]).toEqual([
      bigOnline,
      bigOnline.slice(1),
      true,
    ]);
  });
});
