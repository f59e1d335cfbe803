import { Writable } from 'node:stream';
import { ACCOUNT_MESSAGES, SessionList } from '@parlor/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { loadConfig, SESSION_TTL_DAYS } from '../src/config';
import { SIGN_IN_FAILURES_PURGE_JOB } from '../src/modules/users/throttle';
import { TOUCH_INTERVAL_MS } from '../src/plugins/auth';
import { SESSION_SWEEP_JOB } from '../src/realtime/sessions';
import { apiTest } from './support/api-test';
import { client } from './support/client';
import { manualClock, startServer, type TestServer } from './support/server';
import { connectSocket } from './support/socket';
import type { World } from './support/world';

const DAY = 86_400_000;
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const clock = manualClock();
const it = apiTest({}, { clock });

async function signIn(w: World, login: string, password: string, userAgent?: string) {
  return w.api.call('POST', '/v1/auth', {
    body: { login, password },
    ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
  });
}

const lastUsed = async (on: TestServer, tokenOwner: string) =>
  (
    await on.app.ctx.db
      .selectFrom('access_tokens')
      .select('last_used_at')
      .where('user_id', '=', tokenOwner)
      .executeTakeFirstOrThrow()
  ).last_used_at.getTime();

describe('sessions', () => {
  it('lists the devices signed in, the one asking marked, and ends another one', async ({
    server,
    w,
    api,
    call,
  }) => {
    const { user, password } = await api.signUp();
    clock.advance(1000);
    const laptop = (await signIn(w, user.username, password, FIREFOX_WINDOWS)).body.access_token as string;
    clock.advance(1000);
    const phone = (await signIn(w, user.email, password, SAFARI_IPHONE)).body.access_token as string;

    const listed = await call('GET', '/v1/users/sessions', { token: laptop });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const { sessions } = SessionList.parse(listed.body);
    // The sign-up's session, the laptop and the phone; the newest use first.
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', false],
      ['Firefox on Windows', true],
      ['Unknown device', false],
    ]);
    expect(sessions[0]!.last_used_at).toBe(clock.now().toISOString());

    const phoneSocket = await connectSocket(server.url, phone);
    await phoneSocket.next('init');
    const ended = await call('DELETE', `/v1/users/sessions/${sessions[0]!._id}`, { token: laptop });
    expect(ended.status).toBe(204);
    expect(await phoneSocket.closed).toBe(4001);
    expect((await call('GET', '/v1/users/me', { token: phone })).status).toBe(401);
    expect((await call('GET', '/v1/users/me', { token: laptop })).status).toBe(200);
    const after = SessionList.parse((await call('GET', '/v1/users/sessions', { token: laptop })).body);
    expect(after.sessions.map((s) => s.device)).toEqual(['Firefox on Windows', 'Unknown device']);
  });

  it("answers 404 for another user's session and 400 for a malformed id", async ({ api, call }) => {
    const me = await api.signUp();
    const other = await api.signUp();
    const [theirs] = SessionList.parse(
      (await call('GET', '/v1/users/sessions', { token: other.token })).body,
    ).sessions;
    const res = await call('DELETE', `/v1/users/sessions/${theirs!._id}`, { token: me.token });
    expect(res.status).toBe(404);
    expect((await call('GET', '/v1/users/me', { token: other.token })).status).toBe(200);
    expect((await call('DELETE', '/v1/users/sessions/nope', { token: me.token })).status).toBe(400);
    expect((await call('GET', '/v1/users/sessions')).status).toBe(401);
  });

  it('ends a session unused for the configured lifetime; each use starts it again', async ({
    server,
    w,
    api,
    call,
  }) => {
    const { token, user } = await api.signUp();
    clock.advance((SESSION_TTL_DAYS - 1) * DAY);
    expect((await call('GET', '/v1/users/me', { token })).status).toBe(200);
    clock.advance((SESSION_TTL_DAYS - 1) * DAY);
    expect((await call('GET', '/v1/users/me', { token })).status).toBe(200);
    clock.advance(SESSION_TTL_DAYS * DAY);
    expect((await call('GET', '/v1/users/me', { token })).status).toBe(401);
    const socket = await connectSocket(server.url, token);
    expect(await socket.closed).toBe(4001);
    // The expired session is no longer listed from a new one.
    const fresh = (await signIn(w, user.username, 'secret123')).body.access_token as string;
    const { sessions } = SessionList.parse((await call('GET', '/v1/users/sessions', { token: fresh })).body);
    expect(sessions).toHaveLength(1);
  });

  it('closes an open socket once its session expires unused, as signing out would', async ({
    server,
    api,
    call,
  }) => {
    const { token } = await api.signUp();
    const socket = await connectSocket(server.url, token);
    await socket.next('init');
    const reason = new Promise<string>((resolve) =>
      socket.ws.once('close', (_code, r) => resolve(String(r))),
    );
    const sweep = () => server.app.ctx.jobs.runNow(SESSION_SWEEP_JOB);
    const stillOpen = async () => {
      socket.send('ping', {});
      await socket.next('pong');
    };

    // Used over HTTP now and then, the session slides and its socket stays.
    clock.advance((SESSION_TTL_DAYS - 1) * DAY);
    await sweep();
    await stillOpen();
    expect((await call('GET', '/v1/users/me', { token })).status).toBe(200);
    clock.advance((SESSION_TTL_DAYS - 1) * DAY);
    await sweep();
    await stillOpen();

    // Another session, used lately, keeps its socket when this one expires.
    const other = await api.signUp();
    const otherSocket = await connectSocket(server.url, other.token);
    await otherSocket.next('init');
    clock.advance(2 * DAY);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await socket.closed).toBe(4001);
    expect(await reason).toBe('Session ended');
    otherSocket.send('ping', {});
    await otherSocket.next('pong');
    otherSocket.close();
  });

  it('writes the last use at most once in a few minutes', async ({ server, api, call }) => {
    const { token, user } = await api.signUp();
    const signedUp = await lastUsed(server, user._id);
    clock.advance(TOUCH_INTERVAL_MS - 1000);
    await call('GET', '/v1/users/me', { token });
    expect(await lastUsed(server, user._id)).toBe(signedUp);
    clock.advance(1000);
    await call('GET', '/v1/users/me', { token });
    expect(await lastUsed(server, user._id)).toBe(clock.now().getTime());
  });

  it('reads the lifetime from SESSION_TTL_DAYS', () => {
    expect(loadConfig({}).sessionTtlDays).toBe(SESSION_TTL_DAYS);
    expect(loadConfig({ SESSION_TTL_DAYS: '7' }).sessionTtlDays).toBe(7);
  });
});

describe('a session expiring with its socket open', () => {
  // Seconds, not days: the sockets close on the real clock, with no sweep run by hand.
  const TTL_MS = 5000;
  let short: TestServer;
  let http: ReturnType<typeof client>;
  beforeAll(async () => {
    short = await startServer({ SESSION_TTL_DAYS: String(TTL_MS / DAY) });
    http = client(short.url);
  });
  afterAll(() => short?.close());

  const expiry = async (userId: string) => (await lastUsed(short, userId)) + TTL_MS;
  /** When the socket closed, and with which code. */
  const closing = (socket: Awaited<ReturnType<typeof connectSocket>>) =>
    socket.closed.then((code) => ({ code, at: Date.now() }));
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
    ]);

  it('closes the socket at expiry, while a session used over HTTP meanwhile keeps its own', async () => {
    const [idle, busy] = await Promise.all([http.signUp(), http.signUp()]);
    const idleSocket = await connectSocket(short.url, idle.token);
    const busySocket = await connectSocket(short.url, busy.token);
    await Promise.all([idleSocket.next('init'), busySocket.next('init')]);
    const idleClosed = closing(idleSocket);
    const busyClosed = closing(busySocket);
    const idleExpiry = await expiry(idle.user._id);
    const busyFirstExpiry = await expiry(busy.user._id);

    // The busy session is used every half second until well past the moment it would have expired.
    let using = true;
    const answers: number[] = [];
    const use = (async () => {
      while (using) {
        answers.push((await http.call('GET', '/v1/users/me', { token: busy.token })).status);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    try {
      const idleEnd = await within(idleClosed, idleExpiry - Date.now() + 2000);
      expect(idleEnd.code).toBe(4001);
      expect(idleEnd.at).toBeGreaterThanOrEqual(idleExpiry - 50);
      expect(idleEnd.at).toBeLessThan(idleExpiry + 2000);

      await new Promise((r) => setTimeout(r, Math.max(0, busyFirstExpiry - Date.now()) + 1000));
      busySocket.send('ping', {});
      await busySocket.next('pong');
    } finally {
      using = false;
      await use;
    }
    expect(answers.every((status) => status === 200)).toBe(true);

    // Left unused, it closes at its own, later expiry.
    const busyExpiry = await expiry(busy.user._id);
    expect(busyExpiry).toBeGreaterThan(busyFirstExpiry);
    const busyEnd = await within(busyClosed, busyExpiry - Date.now() + 2000);
    expect(busyEnd.code).toBe(4001);
    expect(busyEnd.at).toBeGreaterThanOrEqual(busyExpiry - 50);
    expect(busyEnd.at).toBeLessThan(busyExpiry + 2000);
  });
});

describe('sign-in throttling per account', () => {
  it('drops the failure counts that no longer hold anyone back', async ({ server, w, api }) => {
    await signIn(w, 'nobody-has-this-login', 'guess');
    const { user } = await api.signUp();
    for (let i = 0; i < 5; i++) await signIn(w, user.username, 'wrong');
    const held = () => server.app.ctx.db.selectFrom('sign_in_failures').select('account').execute();
    expect((await held()).length).toBeGreaterThanOrEqual(2);
    // The account waits a minute: its count still matters 15 minutes on, the unknown login's does not.
    clock.advance(15 * 60_000);
    await server.app.ctx.jobs.runNow(SIGN_IN_FAILURES_PURGE_JOB);
    const left = (await held()).map((r) => r.account);
    expect(left).not.toContain('nobody-has-this-login');
    clock.advance(60 * 60_000);
    await server.app.ctx.jobs.runNow(SIGN_IN_FAILURES_PURGE_JOB);
    expect(await held()).toEqual([]);
  });

  it('refuses attempts after 5 failures with a Retry-After that doubles, the right password too', async ({
    w,
    api,
  }) => {
    const { user, password } = await api.signUp();
    for (let i = 0; i < 5; i++) expect((await signIn(w, user.username, 'wrong-one')).status).toBe(401);
    // The email instead of the name changes nothing: this address is counted on the account.
    const refused = await signIn(w, user.email, password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({
      code: 'sign_in_throttled',
      message: ACCOUNT_MESSAGES.signInThrottled(60),
      // The sign-in screen counts down from it.
      retry_after: 60,
    });

    clock.advance(60_000);
    expect((await signIn(w, user.username, 'wrong-two')).status).toBe(401);
    expect((await signIn(w, user.username, password)).headers.get('retry-after')).toBe('120');
    clock.advance(120_000);
    expect((await signIn(w, user.username, 'wrong-three')).status).toBe(401);
    expect((await signIn(w, user.username, password)).headers.get('retry-after')).toBe('240');

    // Once the wait is over the right password works and the count starts again.
    clock.advance(240_000);
    expect((await signIn(w, user.username, password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(w, user.username, 'wrong')).status).toBe(401);
    expect((await signIn(w, user.username, password)).status).toBe(200);
  });

  it('forgets failures after 15 minutes', async ({ w, api }) => {
    const { user, password } = await api.signUp();
    for (let i = 0; i < 4; i++) await signIn(w, user.username, 'wrong');
    clock.advance(15 * 60_000);
    for (let i = 0; i < 4; i++) expect((await signIn(w, user.username, 'wrong')).status).toBe(401);
    expect((await signIn(w, user.username, password)).status).toBe(200);
  });

  it('counts concurrent guesses: no more than 5 are checked', async ({ w, api }) => {
    const { user } = await api.signUp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(w, user.username, 'guess')));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });

  it('throttles a name no account has exactly alike', async ({ w }) => {
    for (let i = 0; i < 5; i++) expect((await signIn(w, 'nobody-here', 'wrong')).status).toBe(401);
    expect((await signIn(w, 'Nobody-Here', 'wrong')).status).toBe(429);
  });
});

// Each test starts a server of its own, with its own log level: as long as a start, like a hook.
const OWN_SERVER = { timeout: 60_000 };

describe('request logs', () => {
  it('are at debug: info keeps what an operator needs', OWN_SERVER, async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startServer({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const http = client(logged.url);
      const { token } = await http.signUp();
      await http.call('GET', '/v1/users/me', { token });
      expect(lines.join('')).not.toContain('/v1/users/me');
    } finally {
      await logged.close();
    }
  });

  it('never show a token, not even the WebSocket query', OWN_SERVER, async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startServer({ LOG_LEVEL: 'debug' }, { logStream: stream });
    try {
      const http = client(logged.url);
      const { token } = await http.signUp();
      await http.call('GET', '/v1/users/me', { token });
      const socket = await connectSocket(logged.url, token);
      await socket.next('init');
      socket.close();
      const log = lines.join('');
      expect(log).toContain('/v1/ws?token=[redacted]');
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    } finally {
      await logged.close();
    }
  });
});
