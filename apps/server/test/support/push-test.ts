import { expect } from 'vitest';
import { PUSH_GROUP_MS } from '../../src/modules/push/service';
import { apiTest } from './api-test';
import { startPushService } from './push-service';
import { manualClock, type TestServer } from './server';
import type { World } from './world';

/**
 * The `it` of a push test file, with a push service (a browser vendor's stand-in) started before the
 * server and a manual clock, so a test lets the grouping window pass when it chooses.
 */
export function pushApiTest() {
  const clock = manualClock();
  const harness = {
    clock,
    push: undefined as unknown as Awaited<ReturnType<typeof startPushService>>,
    it: apiTest(
      async (onCleanup) => {
        harness.push = await startPushService();
        onCleanup(() => harness.push.close());
        return { SESSION_TTL_DAYS: '365' };
      },
      { clock },
    ),
    /** Lets the grouping window pass and runs the notification jobs. */
    async deliver(server: TestServer) {
      await server.app.notificationsRecorded();
      clock.advance(PUSH_GROUP_MS + 1);
      await server.app.ctx.queue.drain();
    },
    /** Subscribes the account's browser to push, as the web app does. */
    async subscribed(w: World, token: string) {
      const sub = harness.push.subscription();
      const res = await w.api.call('POST', '/v1/push/subscriptions', {
        token,
        body: { subscription: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys } },
      });
      expect(res.status).toBe(204);
      return sub;
    },
  };
  return harness;
}
