import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { WS_RESYNC, WS_UNAUTHORIZED } from '@parlor/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client } from './support/client';
import { createTestDatabase, postgresAdminUrl } from './support/database';
import { type OwnRedis, redisServerInstalled, startOwnRedis } from './support/redis-server';
import { startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';

const adminUrl = postgresAdminUrl();
const METRICS_TOKEN = 'metrics-token-0123456789';
const AUTH_LIMIT = 3;

/** What the process itself reports through `parlor_redis_up`. */
async function redisUp(server: TestServer): Promise<boolean | undefined> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const value = /^parlor_redis_up (\d)$/m.exec(await res.text())?.[1];
  return value === undefined ? undefined : value === '1';
}

/** Waits until every given process reports Redis as `up` (each notices on its own). */
async function until(up: boolean, ...servers: TestServer[]) {
  for (let i = 0; i < 200; i++) {
    const states = await Promise.all(servers.map(redisUp));
    if (states.every((s) => s === up)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Redis never reported ${up ? 'up' : 'down'}`);
}

// The test runs a redis-server of its own (never the machine's) and kills it mid-test. Two
// processes need one database they can share, so that case needs PostgreSQL (PARLOR_TEST_PG).
describe.skipIf(!redisServerInstalled)('when Redis goes away', () => {
  let redis: OwnRedis;
  let a: TestServer;
  let b: TestServer | undefined;
  let limited: TestServer;
  let drop: (() => Promise<void>) | undefined;
  /** What `limited` logged. */
  const logs: string[] = [];
  const logged = (text: string) => logs.filter((line) => line.includes(text)).length;
  const all = () => [a, limited, ...(b ? [b] : [])];

  beforeAll(async () => {
    redis = await startOwnRedis();
    const own = (prefix: string) => ({
      REDIS_URL: redis.url,
      REDIS_PREFIX: `parlor-${prefix}-${randomBytes(4).toString('hex')}:`,
      METRICS: 'true',
      METRICS_TOKEN,
    });
    const shared = own('fault');
    const startLimited = () =>
      startServer(
        { ...own('limited'), AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT), LOG_LEVEL: 'warn' },
        {
          logStream: new Writable({
            write(chunk, _encoding, done) {
              logs.push(String(chunk));
              done();
            },
          }),
        },
      );
    if (adminUrl) {
      const db = await createTestDatabase(adminUrl);
      drop = db.drop;
      // The first process migrates the shared database; the second starts on it.
      a = await startServer({ ...shared, DATABASE_URL: db.url });
      [b, limited] = await Promise.all([startServer({ ...shared, DATABASE_URL: db.url }), startLimited()]);
    } else {
      [a, limited] = await Promise.all([startServer(shared), startLimited()]);
    }
  }, 120_000);
  afterEach(async () => {
    // Every test leaves Redis running and every process back on it.
    await redis.start();
    await until(true, ...all());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await limited?.close();
    await drop?.();
    await redis?.close();
  });

  async function pair(server: TestServer) {
    const api = client(server.url);
    const fan = await api.signUp('user');
    const creator = await api.signUp('featured');
    // A fan who has bought before may open chats with creators.
    await server.app.ctx.db
      .updateTable('users')
      .set({ is_customer: true })
      .where('id', '=', fan.user._id)
      .execute();
    const { body: chat } = await api.call('POST', '/v1/chat', {
      token: fan.token,
      body: { recipient_id: creator.user._id },
    });
    return { api, fan, creator, chatId: chat.chat_id as string };
  }

  it("delivers between sockets on one process while Redis is down, ends a session's sockets at once, and has them resync on its return", async () => {
    const { api, fan, creator, chatId } = await pair(a);
    const fanSocket = await connectSocket(a.url, fan.token);
    await fanSocket.next('init');

    await redis.stop();
    await until(false, ...all());
    // Opened during the outage: presence falls back to what this process knows.
    const creatorSocket = await connectSocket(a.url, creator.token);
    await creatorSocket.next('init');
    await fanSocket.next('user_online', (d) => d.user_id === creator.user._id);

    const sent = await api.call('POST', '/v1/messages', {
      token: fan.token,
      body: { recipient_id: creator.user._id, text: 'while Redis is away' },
    });
    expect(sent.status).toBe(200);
    expect((await creatorSocket.next('new_message')).data).toMatchObject({
      message_id: sent.body.message._id,
      text: 'while Redis is away',
    });
    fanSocket.send('typing', { chat_id: chatId, state: 'start' });
    expect((await creatorSocket.next('typing_start')).data.sender_id).toBe(fan.user._id);

    expect((await api.call('DELETE', '/v1/auth', { token: creator.token })).status).toBe(204);
    expect(await creatorSocket.closed).toBe(WS_UNAUTHORIZED);

    // Events of other processes may have gone missing meanwhile: the socket is closed so that the
    // client reconnects and refetches.
    await redis.start();
    expect(await fanSocket.closed).toBe(WS_RESYNC);
  });

  it('answers sign-up and sign-in while Redis is down, still refuses sign-ins past the limit, and logs the outage once', async () => {
    const api = client(limited.url);
    const { user, password } = await api.signUp('user');
    const [gone, back] = [logged('Redis is unreachable'), logged('Redis is back')];

    await redis.stop();
    await until(false, limited);
    const other = await api.signUp('user');
    expect(other.token).toBeTruthy();
    const signIn = () => api.call('POST', '/v1/auth', { body: { login: user.username, password } });
    for (let i = 0; i < AUTH_LIMIT; i++) expect((await signIn()).status).toBe(200);
    const refused = await signIn();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');

    await redis.start();
    await until(true, limited);
    // One warning each way, however many commands failed and reconnects were tried meanwhile.
    expect([logged('Redis is unreachable') - gone, logged('Redis is back') - back]).toEqual([1, 1]);
  });

  // Two processes share one database only on PostgreSQL (PGlite has one process per data dir).
  it.skipIf(!adminUrl)(
    "has the other process's sockets resync when Redis returns, and delivers across processes again",
    async () => {
      const { api, fan, creator } = await pair(a);
      const other = b!;
      const fanOnA = await connectSocket(a.url, fan.token);
      await fanOnA.next('init');
      const creatorOnB = await connectSocket(other.url, creator.token);
      await creatorOnB.next('init');
      const send = (text: string) =>
        api.call('POST', '/v1/messages', {
          token: fan.token,
          body: { recipient_id: creator.user._id, text },
        });
      expect((await send('before')).status).toBe(200);
      await creatorOnB.next('new_message', (m) => m.text === 'before');

      await redis.stop();
      await until(false, a, other);
      // Stored, seen by the sender's own socket on A, and missed by B's socket: it reaches B only
      // through the resync that follows.
      expect((await send('during')).status).toBe(200);
      await fanOnA.next('new_message', (m) => m.text === 'during');

      await redis.start();
      expect(await creatorOnB.closed).toBe(WS_RESYNC);
      expect(await fanOnA.closed).toBe(WS_RESYNC);
      await until(true, a, other);

      // As the web client does: a socket closed for a resync reconnects, and delivery resumes.
      for (let attempt = 1; ; attempt++) {
        const again = await connectSocket(other.url, creator.token);
        await again.next('init');
        expect((await send(`after ${attempt}`)).status).toBe(200);
        const heard = await Promise.race([
          again.next('new_message', (m) => m.text === `after ${attempt}`),
          again.closed.then(() => undefined),
        ]);
        again.close();
        if (heard) break;
        // A process that came back later than B tells B's sockets once more; at most once.
        expect(attempt).toBe(1);
      }
    },
  );
});
