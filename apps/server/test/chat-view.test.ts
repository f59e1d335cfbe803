import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server';
import { world } from './support/world';

// What a Chat answers besides its list membership: the last-message preview, the intro fields,
// the caller's credits.

let server: TestServer;
let w: ReturnType<typeof world>;

beforeAll(async () => {
  server = await startServer();
  w = world(server);
});
afterAll(() => server?.close());

describe('the last-message preview', () => {
  it('says the last message was deleted, for both sides', async () => {
    const fan = await w.fan();
    const creator = await w.creator();
    const sent = await w.send(fan.token, creator.user._id, 'oops');
    const before = await w.api.call('GET', `/v1/chat?recipient_id=${fan.user._id}`, { token: creator.token });
    expect(before.body.last_message).toMatchObject({ text: 'oops', is_deleted: false });
    const del = await w.api.call('DELETE', `/v1/messages/${sent.body.message._id}`, { token: fan.token });
    expect(del.status).toBe(200);
    for (const [token, other] of [
      [creator.token, fan.user._id],
      [fan.token, creator.user._id],
    ]) {
      const after = await w.api.call('GET', `/v1/chat?recipient_id=${other}`, { token });
      expect(after.body.last_message).toMatchObject({ text: null, is_deleted: true });
    }
  });
});
