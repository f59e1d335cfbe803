import { WS_NORMAL_CLOSE } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { SOCKETS_PER_ACCOUNT, SOCKETS_PER_SESSION, WS_REPLACED_REASON } from '../src/realtime/sessions';
import { apiTest } from './support/api-test';
import type { TestServer } from './support/server';
import { connectSocket } from './support/socket';

const it = apiTest();

type Socket = Awaited<ReturnType<typeof connectSocket>>;

/** Opens sockets one after another, each attached (its `init` received) before the next. */
async function open(
  server: TestServer,
  token: string,
  n: number,
): Promise<(Socket & { reason: Promise<string> })[]> {
  const opened = [];
  for (let i = 0; i < n; i++) {
    const socket = await connectSocket(server.url, token);
    const reason = new Promise<string>((resolve) => socket.ws.once('close', (_c, r) => resolve(String(r))));
    await socket.next('init');
    opened.push({ ...socket, reason });
  }
  return opened;
}

const answers = async (socket: Socket) => {
  socket.send('ping', {});
  await socket.next('pong');
};

describe('sockets per session and per account', () => {
  it('closes the oldest socket of a session over the cap, as a normal close, not a sign-out', async ({
    server,
    api,
  }) => {
    const { token } = await api.signUp();
    const sockets = await open(server, token, SOCKETS_PER_SESSION + 2);
    const [first, second, ...rest] = sockets;
    expect(await first?.closed).toBe(WS_NORMAL_CLOSE);
    expect(await first?.reason).toBe(WS_REPLACED_REASON);
    expect(await second?.closed).toBe(WS_NORMAL_CLOSE);
    for (const socket of rest) await answers(socket);
    expect(rest).toHaveLength(SOCKETS_PER_SESSION);
    for (const socket of rest) socket.close();
  });

  it('closes the oldest sockets of an account over the cap, whichever session holds them', async ({
    server,
    api,
    call,
  }) => {
    const { token, user, password } = await api.signUp();
    const tokens = [token];
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/v1/auth', { body: { login: user.username, password } });
      tokens.push(res.body.access_token);
    }
    const sockets: Awaited<ReturnType<typeof open>> = [];
    for (const t of tokens) sockets.push(...(await open(server, t, 8)));
    const over = sockets.length - SOCKETS_PER_ACCOUNT;
    expect(over).toBe(2);
    for (const socket of sockets.slice(0, over)) expect(await socket.closed).toBe(WS_NORMAL_CLOSE);
    const kept = sockets.slice(over);
    for (const socket of kept) await answers(socket);
    // The kept sockets still receive what is published to the account.
    const update = await call('PATCH', `/v1/users/${user._id}`, { token, body: { bio: 'still here' } });
    expect(update.status).toBe(200);
    for (const socket of kept) await socket.next('user.update');
    for (const socket of kept) socket.close();
  });
});
