import { expect } from 'vitest';
import type { TestServer } from './server';
import type { World } from './world';

// What the scheduled broadcasts' API tests share: scheduling one, and reading who got a copy.

type Account = Awaited<ReturnType<World['creator']>>;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Schedules a text broadcast to the whole inbox (or as `extra` says) for `sendAt`. */
export async function schedule(
  w: World,
  creator: Account,
  sendAt: string,
  extra: Record<string, unknown> = {},
) {
  const res = await w.api.call('POST', '/v1/broadcast/send', {
    token: creator.token,
    body: { category: 'all', type: 'text', text: 'see you tonight', send_at: sendAt, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; status: string; send_at: string };
}

/** Who has a copy of the broadcast: one entry per stored copy. */
export async function recipientsOf(server: TestServer, broadcastId: string) {
  return server.app.ctx.db
    .selectFrom('messages')
    .select(['recipient_id', 'text', 'price'])
    .where('broadcast_id', '=', Number(broadcastId))
    .execute();
}

/** The broadcast's row in the creator's list of broadcasts. */
export async function statsOf(w: World, creator: Account, id: string) {
  const res = await w.api.call('GET', '/v1/broadcast', { token: creator.token });
  expect(res.status).toBe(200);
  return (res.body.data as { _id: string; status: string; send_at: string | null; total: number }[]).find(
    (b) => b._id === id,
  );
}

/** Runs every due job step, as the queue's workers would. */
export const drain = (server: TestServer) => server.app.ctx.queue.drain();
