import { describe, expect } from 'vitest';
import { loadConfig } from '../src/config';
import { apiTest } from './support/api-test';
import { startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';

const TOKEN = 'metrics-token-0123456789';
const it = apiTest({ METRICS: 'true', METRICS_TOKEN: TOKEN });

describe('the Prometheus endpoint, off by default', () => {
  // A server of its own, without METRICS: as long as a start, like a hook.
  it('answers 404 whatever the caller sends', { timeout: 60_000 }, async () => {
    const server = await startServer();
    try {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('cannot be turned on without a token of its own', () => {
    expect(() => loadConfig({ METRICS: 'true' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS: 'true', METRICS_TOKEN: 'short' })).toThrow(/16 characters/);
  });
});

describe('the Prometheus endpoint with METRICS=true', () => {
  const scrape = (server: TestServer, authorization?: string) =>
    fetch(`${server.url}/metrics`, authorization ? { headers: { authorization } } : {});

  it('refuses callers without the token', async ({ server }) => {
    expect((await scrape(server)).status).toBe(401);
    expect((await scrape(server, 'Bearer wrong-token-0123456789')).status).toBe(401);
    expect((await scrape(server, TOKEN)).status).toBe(401);
  });

  it('reports request latency per route, open sockets, delivery latency, the job queue and the pool', async ({
    server,
    w,
  }) => {
    const fan = await w.fan();
    const creator = await w.creator();
    await w.openChat(fan.token, creator.user._id);
    const socket = await connectSocket(server.url, creator.token);
    await socket.next('init');
    expect((await w.send(fan.token, creator.user._id, 'measured')).status).toBe(200);
    await socket.next('new_message', (m) => m.text === 'measured');

    const res = await scrape(server, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /parlor_http_request_duration_seconds_count\{method="POST",route="\/v1\/messages",status="2xx"\} [1-9]/,
    );
    expect(text).toMatch(/^parlor_open_sockets 1$/m);
    expect(text).toMatch(/^parlor_messages_delivered_total [1-9]/m);
    expect(text).toMatch(/^parlor_message_delivery_seconds_count [1-9]/m);
    expect(text).toMatch(/^parlor_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toContain('# TYPE parlor_jobs_queued gauge');
    expect(text).toContain('process_cpu_user_seconds_total');
    socket.close();
  });

  it('counts queued jobs that are due, with the oldest one’s wait', async ({ server }) => {
    await server.app.ctx.db
      .insertInto('jobs')
      .values({ kind: 'metrics.probe', payload: '{}', run_at: new Date(Date.now() - 30_000) })
      .execute();
    const text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    expect(text).toMatch(/^parlor_jobs_queued\{kind="metrics.probe"\} 1$/m);
    const age = Number(/^parlor_jobs_oldest_queued_seconds\{kind="metrics.probe"\} (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(29);
  });
});
