import type { Endpoint } from '@parlor/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('../../platform/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform/api')>();
  return {
    ...actual,
    call: vi.fn(async (endpoint: Endpoint, input?: { query?: Record<string, string> }) => {
      // The page's own reads are counted; what a chat message makes other features ask for (the
      // inbox's chat) is not the page's, and fails here.
      if (!endpoint.path.startsWith('/v1/account/')) throw new Error(`not the page's: ${endpoint.path}`);
      calls.push(`${endpoint.path}${input?.query?.totals ? `?totals=${input.query.totals}` : ''}`);
      if (endpoint.path === '/v1/account/totals')
        return {
          earned: 40,
          by_type: { messages: 0, posts: 0, tips: 40, subscriptions: 0, referrals: 0 },
          available_usd: '4.00',
          pending_usd: '0.00',
          paid_out_usd: '0.00',
        };
      return { data: [] };
    }),
  };
});

const { handleServerEvent } = await import('../../app/realtime');
const { createStore } = await import('../../app/store');
const { EARNINGS_QUIET_MS } = await import('./earningsListeners');
const { loadTotals, periodChosen } = await import('./earningsSlice');

type Store = ReturnType<typeof createStore>;
const event = (store: Store, name: string, data: unknown) =>
  handleServerEvent(store, 'c1', name as 'message_paid', data);
const settle = () => new Promise((r) => setTimeout(r, EARNINGS_QUIET_MS + 100));

afterEach(() => {
  calls.length = 0;
});

describe('live earnings on an opened page', () => {
  it('a burst of sales and a tip read the shown period and series once, after a quiet spell', async () => {
    const store = createStore();
    store.dispatch(periodChosen('all'));
    await store.dispatch(loadTotals('all'));
    calls.length = 0;
    event(store, 'message_paid', { message_id: 'm1' });
    event(store, 'message_paid', { message_id: 'm2' });
    event(store, 'new_message', { unread_tip: 25 });
    expect(calls).toEqual([]);
    await settle();
    expect(calls.sort()).toEqual(['/v1/account/stats', '/v1/account/totals?totals=true']);
  });

  it('a plain chat message moves nothing', async () => {
    const store = createStore();
    await store.dispatch(loadTotals('month'));
    calls.length = 0;
    event(store, 'new_message', { unread_tip: null, text: 'hi' });
    await settle();
    expect(calls).toEqual([]);
  });
});
