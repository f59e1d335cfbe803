import http from 'node:http';
import net from 'node:net';
import { PUSH_MESSAGES } from '@parlor/contract';
import { describe, expect } from 'vitest';
import { PUSH_GROUP_MS } from '../src/modules/push/service';
import { apiTest } from './support/api-test';
import { startPushService } from './support/push-service';
import { manualClock, startServer, type TestServer } from './support/server';
import { world } from './support/world';

// Every address these tests name is refused before any connection, or is on 127.0.0.1.
// The file's server refuses plain-HTTP endpoints; the delivery test starts one of its own that
// allows them, to reach a push service on 127.0.0.1.
let push: Awaited<ReturnType<typeof startPushService>>;
const clock = manualClock();

const it = apiTest(
  async (onCleanup) => {
    push = await startPushService();
    onCleanup(push.close);
    return { PUSH_ALLOW_HTTP: 'false' };
  },
  { clock },
);

async function deliver(server: TestServer) {
  await server.app.notificationsRecorded();
  clock.advance(PUSH_GROUP_MS + 1);
  await server.app.ctx.queue.drain();
}

/** A TCP listener on loopback that only counts the connections it gets. */
async function listener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const subscribe = (api: ReturnType<typeof world>['api'], token: string, endpoint: string) =>
  api.call('POST', '/v1/push/subscriptions', {
    token,
    body: { subscription: { endpoint, expirationTime: null, keys: push.subscription().keys } },
  });

describe('push endpoints with PUSH_ALLOW_HTTP=false', () => {
  it('refuses loopback, private, link-local and metadata addresses, and names resolving to them', async ({
    server,
    w,
  }) => {
    const fan = await w.api.signUp('user');
    for (const endpoint of [
      'https://127.0.0.1/push/1',
      'https://10.0.0.1/push/1',
      'https://172.16.5.4/push/1',
      'https://192.168.1.1/push/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/push/1',
      'https://[fe80::1]/push/1',
      'https://[fd00::1]/push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://0.0.0.0/push/1',
      'https://0x7f000001/push/1',
      'https://2130706433/push/1',
      'https://localhost/push/1',
      'https://localhost./push/1',
    ]) {
      const res = await subscribe(w.api, fan.token, endpoint);
      expect({ endpoint, status: res.status, body: res.body }).toEqual({
        endpoint,
        status: 400,
        body: expect.objectContaining({
          code: 'invalid_push_endpoint',
          message: PUSH_MESSAGES.privateEndpoint,
        }),
      });
    }
    const rows = await server.app.ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', fan.user._id)
      .execute();
    expect(rows).toEqual([]);

    // A public address, and a name this machine cannot resolve (checked again when sending).
    expect((await subscribe(w.api, fan.token, 'https://93.184.216.34/push/1')).status).toBe(204);
    expect((await subscribe(w.api, fan.token, 'https://fcm.googleapis.example/wp/abc')).status).toBe(204);
  });

  it('does not contact an endpoint whose name resolves to loopback when the push is sent', async ({
    server,
    w,
  }) => {
    const target = await listener();
    try {
      const fan = await w.fan();
      const creator = await w.creator();
      await w.openChat(fan.token, creator.user._id);
      expect((await subscribe(w.api, fan.token, 'https://push.example/later-rebound')).status).toBe(204);
      // The name now points at this machine (DNS changed after the subscribe check).
      await server.app.ctx.db
        .updateTable('push_subscriptions')
        .set({ endpoint: `https://localhost:${target.port}/push/rebound` })
        .where('user_id', '=', fan.user._id)
        .execute();
      expect((await w.send(creator.token, fan.user._id, 'Are you there?')).status).toBe(200);
      await deliver(server);
      expect(target.connections()).toBe(0);
      const row = await server.app.ctx.db
        .selectFrom('push_subscriptions')
        .select('last_sent_at')
        .where('user_id', '=', fan.user._id)
        .executeTakeFirstOrThrow();
      expect(row.last_sent_at).toBeNull();
    } finally {
      await target.close();
    }
  });
});

describe('push delivery', () => {
  // A server of its own: as long as a start, like a hook.
  it('does not follow a redirect from the push service', { timeout: 60_000 }, async () => {
    const lenient = await startServer({}, { clock });
    try {
      const w = world(lenient);
      let redirected = 0;
      const elsewhere = http.createServer((_req, res) => {
        redirected++;
        res.writeHead(201).end();
      });
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      const redirector = http.createServer((req, res) => {
        req.resume();
        const port = (elsewhere.address() as net.AddressInfo).port;
        res.writeHead(307, { location: `http://127.0.0.1:${port}/internal` }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
      try {
        const fan = await w.fan();
        const creator = await w.creator();
        await w.openChat(fan.token, creator.user._id);
        const port = (redirector.address() as net.AddressInfo).port;
        expect((await subscribe(w.api, fan.token, `http://127.0.0.1:${port}/push/1`)).status).toBe(204);
        await w.send(creator.token, fan.user._id, 'Hello');
        await deliver(lenient);
        expect(redirected).toBe(0);
      } finally {
        await new Promise<void>((resolve) => redirector.close(() => resolve()));
        await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
      }
    } finally {
      await lenient.close();
    }
  });
});
