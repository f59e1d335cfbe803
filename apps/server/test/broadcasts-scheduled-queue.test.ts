import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAdminUrl } from './support/database';
import { type Account, creatorWithFans } from './support/lists';
import { drain, HOUR, MINUTE, recipientsOf, schedule, statsOf } from './support/scheduled';
import { manualClock, startServer } from './support/server';
import { world } from './support/world';

// Scheduled broadcasts on the durable queue: exactly once across a restart, and across two
// processes on one PostgreSQL.

const adminUrl = postgresAdminUrl();

/** A database and data folder two servers (one after the other, or side by side) share. */
async function sharedStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-scheduled-'));
  const pg = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  return {
    env: { DATA_DIR: dir, WEB_DIR: path.join(dir, 'web'), ...(pg ? { DATABASE_URL: pg.url } : {}) },
    close: async () => {
      await pg?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('scheduled broadcasts and the queue', () => {
  it('starts once after a restart between scheduling and its time', { timeout: 60_000 }, async () => {
    const store = await sharedStore();
    const own = manualClock();
    let server = await startServer(store.env, { clock: own });
    try {
      const w = world(server);
      const { creator, fans } = await creatorWithFans(w, 2);
      const sendAt = new Date(own.now().getTime() + HOUR).toISOString();
      const b = await schedule(w, creator, sendAt);
      await server.close();
      server = await startServer(store.env, { clock: own });
      own.advance(HOUR + MINUTE);
      await drain(server);
      await drain(server);
      const copies = await recipientsOf(server, b._id);
      expect(copies.map((c) => c.recipient_id).sort()).toEqual(fans.map((f) => f.user._id).sort());
      // A process that died after the start committed but before its job was marked done: the
      // step runs again and finds the broadcast started.
      await server.app.ctx.db
        .updateTable('jobs')
        .set({ status: 'queued', finished_at: null })
        .where('kind', '=', 'broadcast.start')
        .execute();
      await drain(server);
      await drain(server);
      expect(await recipientsOf(server, b._id)).toHaveLength(fans.length);
      expect(await statsOf(world(server), creator, b._id)).toMatchObject({
        status: 'done',
        total: fans.length,
      });
    } finally {
      await server.close();
      await store.close();
    }
  });

  it.skipIf(!adminUrl)(
    'two servers on one PostgreSQL start each due broadcast once',
    { timeout: 90_000 },
    async () => {
      const store = await sharedStore();
      const own = manualClock();
      const a = await startServer(store.env, { clock: own });
      const b = await startServer(store.env, { clock: own });
      try {
        const w = world(a);
        const scheduled: { id: string; creator: Account; fans: string[] }[] = [];
        for (let i = 0; i < 4; i++) {
          const { creator, fans } = await creatorWithFans(w, 3);
          const sent = await schedule(w, creator, new Date(own.now().getTime() + MINUTE).toISOString());
          scheduled.push({ id: sent._id, creator, fans: fans.map((f) => f.user._id).sort() });
        }
        own.advance(2 * MINUTE);
        await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
        await Promise.all([drain(a), drain(b)]);
        for (const s of scheduled) {
          const copies = await recipientsOf(a, s.id);
          expect(copies.map((c) => c.recipient_id).sort()).toEqual(s.fans);
          expect(await statsOf(w, s.creator, s.id)).toMatchObject({ status: 'done', total: 3 });
        }
      } finally {
        await a.close();
        await b.close();
        await store.close();
      }
    },
  );
});
