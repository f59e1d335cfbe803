import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { createEventBus } from '../src/events/bus';
import type { DomainEvents } from '../src/events/types';
import { idempotentWithEvents } from '../src/modules/ledger/service';
import { apiTest } from './support/api-test';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const log = new PassThrough();
let logged = '';
log.on('data', (chunk) => {
  logged += String(chunk);
});

const it = apiTest({ LOG_LEVEL: 'error' }, { logStream: log }).extend(
  'ctx',
  { scope: 'file' },
  ({ server }) => server.app.ctx,
);

const quiet = { error: () => {} };
const followed = (id: string): DomainEvents['followed'] => ({
  follower: { id, username: 'someone', type: 'user' },
  followee: { id, type: 'user' },
  created: false,
  at: new Date(),
});

async function tip(w: World, token: string, creatorId: string, amount: number) {
  return w.api.call('POST', '/v1/tips', { token, body: { recipient_id: creatorId, amount } });
}

describe('domain events', () => {
  it('reach an after-commit subscriber once the write committed: it reads the committed row', async ({
    w,
    ctx,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const seen: { followed: boolean; tipStored: boolean }[] = [];
    ctx.events.on('followed', async (e) => {
      if (e.follower.id !== fan.user._id) return;
      const row = await ctx.db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', e.follower.id)
        .where('followee_id', '=', e.followee.id)
        .executeTakeFirst();
      seen.push({ followed: row !== undefined, tipStored: false });
    });
    ctx.events.on('tip_sent', async (e) => {
      if (e.fan.id !== fan.user._id) return;
      const row = await ctx.db
        .selectFrom('messages')
        .select('id')
        .where('id', '=', e.messageId)
        .executeTakeFirst();
      seen.push({ followed: false, tipStored: row !== undefined });
    });

    const res = await w.api.call('POST', '/v1/users/following', {
      token: fan.token,
      body: { user_id: creator.user._id },
    });
    expect(res.status).toBe(200);
    await w.giveCredits(fan.user._id, 50);
    expect((await tip(w, fan.token, creator.user._id, 50)).status).toBe(200);
    await ctx.events.settled();
    expect(seen).toEqual([
      { followed: true, tipStored: false },
      { followed: false, tipStored: true },
    ]);
  });

  it('a failing subscriber fails neither the write nor the other subscribers, and is logged', async ({
    server,
    w,
    ctx,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    const reached: string[] = [];
    ctx.events.on('tip_sent', (e) => {
      if (e.fan.id === fan.user._id) throw new Error('subscriber threw');
    });
    ctx.events.on('tip_sent', async (e) => {
      if (e.fan.id === fan.user._id) throw new Error('subscriber rejected');
    });
    ctx.events.on('tip_sent', (e) => {
      if (e.fan.id === fan.user._id) reached.push(e.creatorId);
    });
    const socket = await connectSocket(server.url, creator.token);
    await socket.next('init');

    await w.giveCredits(fan.user._id, 30);
    const res = await tip(w, fan.token, creator.user._id, 30);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits).toBe(0);
    // The subscribers wired by the app still ran: the tipping fan is the creator's new fan.
    expect((await socket.next('new_fan')).data).toMatchObject({ user_id: fan.user._id, relationship: 'fan' });
    await ctx.events.settled();
    expect(reached).toEqual([creator.user._id]);
    expect(logged).toContain('subscriber threw');
    expect(logged).toContain('subscriber rejected');
    socket.close();
  });

  it('publishes nothing for a rolled-back write, and its in-transaction work rolls back with it', async ({
    w,
    ctx,
  }) => {
    const bus = createEventBus(quiet);
    const user = await w.fan();
    const heard: string[] = [];
    bus.within('followed', async (trx, e) => {
      await trx.updateTable('users').set({ bio: 'written inside' }).where('id', '=', e.follower.id).execute();
    });
    bus.on('followed', (e) => {
      heard.push(e.follower.id);
    });
    await expect(
      bus.transaction(ctx.db, async (_trx, tx) => {
        await tx.publish('followed', followed(user.user._id));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await bus.settled();
    expect(heard).toEqual([]);
    const row = await ctx.db
      .selectFrom('users')
      .select('bio')
      .where('id', '=', user.user._id)
      .executeTakeFirst();
    expect(row?.bio).not.toBe('written inside');

    // In the app: an in-transaction subscriber that fails fails the tip, which moves no money and
    // is heard by no after-commit subscriber.
    const creator = await w.creator();
    const tipped: number[] = [];
    ctx.events.within('tip_sent', async (_trx, e) => {
      if (e.fan.id === user.user._id) throw new Error('exact work failed');
    });
    ctx.events.on('tip_sent', (e) => {
      if (e.fan.id === user.user._id) tipped.push(e.messageId);
    });
    await w.giveCredits(user.user._id, 40);
    expect((await tip(w, user.token, creator.user._id, 40)).status).toBe(500);
    await ctx.events.settled();
    expect(tipped).toEqual([]);
    const balances = await ctx.db
      .selectFrom('users')
      .select(['id', 'credits'])
      .where('id', 'in', [user.user._id, creator.user._id])
      .execute();
    expect(Object.fromEntries(balances.map((r) => [r.id, r.credits]))).toEqual({
      [user.user._id]: 40,
      [creator.user._id]: 0,
    });
    const tips = await ctx.db
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', user.user._id)
      .execute();
    expect(tips).toEqual([]);
  });

  it('publishes once when the transaction is retried after a serialization failure', async ({ w, ctx }) => {
    const bus = createEventBus(quiet);
    const user = await w.fan();
    let inside = 0;
    const heard: number[] = [];
    bus.within('followed', async () => {
      inside++;
    });
    bus.on('followed', (e) => {
      heard.push(e.at.getTime());
    });
    let attempt = 0;
    const answer = await idempotentWithEvents(bus, ctx.db, async (trx, tx) => {
      attempt++;
      await tx.publish('followed', { ...followed(user.user._id), at: new Date(attempt) });
      if (attempt === 1)
        await sql`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$`.execute(trx);
      return attempt;
    });
    await bus.settled();
    expect(answer).toBe(2);
    expect(inside).toBe(2);
    // Only the attempt that committed is heard.
    expect(heard).toEqual([2]);
  });

  it('refuses to publish outside a transaction an event whose subscribers need one', () => {
    const bus = createEventBus(quiet);
    bus.within('followed', async () => {});
    expect(() => bus.committed('followed', followed('x'))).toThrow(/in a transaction/);
  });
});
