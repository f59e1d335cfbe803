import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createJobQueue, type JobHandler } from '../src/jobs/queue';
import { jobsRepository } from '../src/jobs/repository';
import { apiTest } from './support/api-test';
import type { TestServer } from './support/server';

const it = apiTest();

/** A clock the test moves: leases and retry delays pass without waiting. */
function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => (offset += ms) };
}

/** A queue as another server process would run it: its own worker id, the same database. */
function queue(server: TestServer, clock = testClock()) {
  return { q: createJobQueue(server.app.ctx.db, clock, server.app.log), clock };
}

const jobRow = (server: TestServer, id: number) =>
  server.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('durable jobs', () => {
  it('keeps one job per key and runs it step by step, each step from the progress the last one saved', async ({
    server,
  }) => {
    const kind = `count-${randomUUID()}`;
    const { q } = queue(server);
    const seen: unknown[] = [];
    q.register(kind, async (step) => {
      seen.push(step.progress);
      const n = ((step.progress as { n?: number } | null)?.n ?? 0) + 1;
      return n < 3 ? { done: false, progress: { n } } : { done: true, progress: { n } };
    });
    const id = await q.enqueue({ kind, key: `${kind}:only`, payload: { to: 'everyone' } });
    expect(id).not.toBeNull();
    expect(await q.enqueue({ kind, key: `${kind}:only` })).toBeNull();

    expect(await q.drain()).toBe(3);
    expect(seen).toEqual([null, { n: 1 }, { n: 2 }]);
    const row = await jobRow(server, id!);
    expect(row).toMatchObject({
      status: 'done',
      progress: { n: 3 },
      payload: { to: 'everyone' },
      locked_by: null,
    });
    expect(row.finished_at).not.toBeNull();
  });

  it('shares jobs between two processes without running any step twice', async ({ server }) => {
    const kind = `share-${randomUUID()}`;
    const runs: number[] = [];
    const handler: JobHandler = async (step) => {
      runs.push(step.id);
      await new Promise((r) => setTimeout(r, 5));
      return { done: true };
    };
    const a = queue(server).q;
    const b = queue(server).q;
    a.register(kind, handler);
    b.register(kind, handler);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await a.enqueue({ kind, key: `${kind}:${i}` }))!);
    const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
    expect(byA + byB).toBe(30);
    expect([...runs].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const statuses = await server.app.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('kind', '=', kind)
      .execute();
    expect(statuses.every((s) => s.status === 'done')).toBe(true);
  });

  it('resumes a job whose process died mid-step once its lease runs out, and fences the dead worker out', async ({
    server,
  }) => {
    const kind = `resume-${randomUUID()}`;
    const clock = testClock();
    const { q } = queue(server, clock);
    const id = (await q.enqueue({ kind, key: `${kind}:1` }))!;
    // Another process claims the job, saves one step, claims the next, and dies.
    const db = server.app.ctx.db;
    const now = clock.now();
    const lease = new Date(now.getTime() + 60_000);
    await jobsRepository.claim(db, 'dead-worker', [kind], 1, now, lease);
    expect(await jobsRepository.release(db, id, 'dead-worker', { cursor: 10 }, now, now)).toBe(true);
    await jobsRepository.claim(db, 'dead-worker', [kind], 1, now, lease);

    const resumedFrom: unknown[] = [];
    q.register(kind, async (step) => {
      resumedFrom.push(step.progress);
      return { done: true, progress: { cursor: 20 } };
    });
    // While the lease holds, nobody else takes the job.
    expect(await q.drain()).toBe(0);
    clock.advance(61_000);
    expect(await q.drain()).toBe(1);
    expect(resumedFrom).toEqual([{ cursor: 10 }]);
    // The dead worker's late write changes nothing.
    expect(await jobsRepository.release(db, id, 'dead-worker', { cursor: 11 }, now, now)).toBe(false);
    expect(await jobRow(server, id)).toMatchObject({ status: 'done', progress: { cursor: 20 } });
  });

  it('retries a failing step after a backoff, and marks the job failed when its attempts are spent', async ({
    server,
  }) => {
    const kind = `fail-${randomUUID()}`;
    const clock = testClock();
    const { q } = queue(server, clock);
    let calls = 0;
    q.register(kind, async () => {
      calls++;
      throw new Error('the mail server said no');
    });
    const id = (await q.enqueue({ kind, key: `${kind}:1`, maxAttempts: 2 }))!;
    expect(await q.drain()).toBe(1);
    const retrying = await jobRow(server, id);
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1, last_error: 'the mail server said no' });
    expect(retrying.run_at.getTime()).toBeGreaterThan(clock.now().getTime());
    // Not due yet: nothing runs.
    expect(await q.drain()).toBe(0);
    clock.advance(10 * 60_000);
    expect(await q.drain()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobRow(server, id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('shows operators what is queued, running and failed; nobody else', async ({ server, api, call }) => {
    const kind = `visible-${randomUUID()}`;
    const clock = testClock();
    const { q } = queue(server, clock);
    q.register(kind, async () => {
      throw new Error('broken for good');
    });
    await q.enqueue({ kind, key: `${kind}:failed`, maxAttempts: 1 });
    await q.drain();
    await q.enqueue({ kind, key: `${kind}:later`, runAt: new Date(Date.now() + 3_600_000) });

    const admin = await api.signUp();
    await server.app.ctx.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', admin.user._id)
      .execute();
    const res = await call('GET', '/v1/admin/jobs', { token: admin.token });
    expect(res.status).toBe(200);
    const counts = (res.body.counts as { kind: string; status: string; count: number }[]).filter(
      (c) => c.kind === kind,
    );
    expect(counts).toEqual([
      { kind, status: 'failed', count: 1 },
      { kind, status: 'queued', count: 1 },
    ]);
    expect(res.body.failed.find((j: { key: string }) => j.key === `${kind}:failed`)).toMatchObject({
      last_error: 'broken for good',
      attempts: 1,
    });

    const fan = await api.signUp();
    expect((await call('GET', '/v1/admin/jobs', { token: fan.token })).status).toBe(403);
  });
});
