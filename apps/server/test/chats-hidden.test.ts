import { describe, expect } from 'vitest';
import { apiTest } from './support/api-test';
import type { World } from './support/world';

const it = apiTest();
type Call = World['api']['call'];

const listed = async (call: Call, token: string, query = '') =>
  (await call('GET', `/v1/chats?v=2&limit=100${query}`, { token })).body.data.map(
    (c: { recipient_id: string }) => c.recipient_id,
  ) as string[];

describe('hidden chats', () => {
  it('undoes a select-all hide exactly: the chats it hid come back, ones hidden before stay hidden', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan(), await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    const [kept, before, ...batch] = fans.map((f) => f.user._id) as [string, string, ...string[]];
    const act = (body: Record<string, unknown>) => call('PATCH', '/v1/chats', { token: creator.token, body });

    // One chat hidden on its own first, then everything but `kept` in select-all mode.
    expect((await act({ action: 'hide', ids: before })).body.updated).toBe(1);
    const hide = await act({ action: 'hide', except_ids: kept, type: 'all' });
    expect(hide.body).toMatchObject({ action: 'hide', updated: 2 });
    expect(typeof hide.body.hidden_at).toBe('string');
    expect(await listed(call, creator.token)).toEqual([kept]);
    // The Hidden view lists what was hidden (not the inbox's chats).
    expect((await listed(call, creator.token, '&hidden=true')).sort()).toEqual([before, ...batch].sort());

    // Undo: the batch by its time.
    const undo = await act({ action: 'unhide', except_ids: '', hidden_at: hide.body.hidden_at });
    expect(undo.body).toEqual({ action: 'unhide', updated: 2 });
    expect((await listed(call, creator.token)).sort()).toEqual([kept, ...batch].sort());
    expect(await listed(call, creator.token, '&hidden=true')).toEqual([before]);
    // The counts follow.
    expect((await call('GET', '/v1/chats/total', { token: creator.token })).body.all).toBe(3);
  });

  it('unhides chosen chats or all of them from the Hidden view; deleted chats are not in it', async ({
    w,
    call,
  }) => {
    const creator = await w.creator();
    const fans = [await w.fan(), await w.fan(), await w.fan()];
    for (const fan of fans) await w.send(fan.token, creator.user._id, 'hi');
    const [a, b, deleted] = fans.map((f) => f.user._id) as [string, string, string];
    const act = (body: Record<string, unknown>) => call('PATCH', '/v1/chats', { token: creator.token, body });
    await act({ action: 'hide', ids: `${a},${b}` });
    await act({ action: 'delete', ids: deleted });
    expect((await listed(call, creator.token, '&hidden=true')).sort()).toEqual([a, b].sort());

    expect((await act({ action: 'unhide', ids: a })).body.updated).toBe(1);
    expect(await listed(call, creator.token)).toEqual([a]);
    expect((await act({ action: 'unhide', except_ids: '', hidden: true })).body.updated).toBe(1);
    expect((await listed(call, creator.token)).sort()).toEqual([a, b].sort());
    expect(await listed(call, creator.token, '&hidden=true')).toEqual([]);
  });

  it('keeps each user to their own hidden chats', async ({ w, call }) => {
    const creator = await w.creator();
    const other = await w.creator();
    const fan = await w.fan();
    await w.send(fan.token, creator.user._id, 'hi');
    const hide = await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'hide', ids: fan.user._id },
    });
    // Another user's Undo with the same time reaches none of this creator's chats.
    const foreign = await call('PATCH', '/v1/chats', {
      token: other.token,
      body: { action: 'unhide', except_ids: '', hidden_at: hide.body.hidden_at },
    });
    expect(foreign.body.updated).toBe(0);
    expect(await listed(call, other.token, '&hidden=true')).toEqual([]);
    expect(await listed(call, creator.token, '&hidden=true')).toEqual([fan.user._id]);
    expect((await call('GET', '/v1/chats?hidden=true')).status).toBe(401);
    const bad = await call('PATCH', '/v1/chats', {
      token: creator.token,
      body: { action: 'unhide', except_ids: '', hidden_at: 'yesterday' },
    });
    expect(bad.status).toBe(400);
  });
});
