import { PAYOUT_MESSAGES, type Payout } from '@parlor/contract';
import { describe, expect, it } from 'vitest';
import { handleServerEvent } from '../../app/realtime';
import { createStore } from '../../app/store';
import { realtimeEvent } from '../../platform/realtimeEvent';
import { logout } from '../auth/authThunks';
import { EARNINGS_QUIET_MS } from './earningsListeners';
import {
  earningsLeft,
  earningsSlice,
  initialEarningsState,
  loadPayouts,
  loadTotals,
  requestPayout,
  submitAml,
} from './earningsSlice';

const reduce = earningsSlice.reducer;
const payout = (id: string, status: Payout['status'] = 'pending'): Payout => ({
  _id: id,
  amount_usd: '25.00',
  method: 'paypal_transfer',
  status,
  created_at: '2026-11-20T10:00:00.000Z',
  completed_at: null,
});
const totals = {
  earned: 80,
  by_type: { messages: 0, posts: 0, tips: 80, subscriptions: 0, referrals: 0 },
  available_usd: '8.00',
  pending_usd: '0.00',
  paid_out_usd: '0.00',
};

describe('earnings slice', () => {
  it('keeps each period apart, and marks the page opened', () => {
    let s = reduce(initialEarningsState, loadTotals.pending('r', 'all'));
    expect(s.opened).toBe(true);
    s = reduce(s, loadTotals.fulfilled(totals, 'r', 'all'));
    expect(s.totals.all?.earned).toBe(80);
    expect(s.totals.month).toBeNull();
  });

  it('leaving the page stops live re-reads; signing out forgets the figures', () => {
    let s = reduce(initialEarningsState, loadTotals.pending('r', 'month'));
    s = reduce(s, loadTotals.fulfilled(totals, 'r', 'month'));
    expect(reduce(s, earningsLeft()).opened).toBe(false);
    expect(reduce(s, logout.fulfilled(undefined, 'r')).totals.month).toBeNull();
  });

  it('a new payout goes to the top of the history with success feedback', () => {
    let s = reduce(
      initialEarningsState,
      loadPayouts.fulfilled({ data: [payout('old', 'completed')], next: null }, 'r', { reset: true }),
    );
    s = reduce(s, requestPayout.fulfilled(payout('new'), 'r', '25.00'));
    expect(s.payouts.items.map((p) => p._id)).toEqual(['new', 'old']);
    expect(s.payout.success).toContain('$25.00');
  });

  it('load more appends without repeating', () => {
    let s = reduce(
      initialEarningsState,
      loadPayouts.fulfilled({ data: [payout('1'), payout('2')], next: '/n' }, 'r', { reset: true }),
    );
    s = reduce(
      s,
      loadPayouts.fulfilled({ data: [payout('2'), payout('3')], next: null }, 'r', { reset: false }),
    );
    expect(s.payouts.items.map((p) => p._id)).toEqual(['1', '2', '3']);
    expect(s.payouts.next).toBeNull();
  });

  it('a 422 opens the AML form; sending it clears the refusal and sets the status pending', () => {
    let s = reduce(
      {
        ...initialEarningsState,
        info: {
          payout_method: 'paypal_transfer',
          payout_details: 'a***@x.com',
          payout_country: null,
          minimum_payout_usd: '20.00',
          aml_status: 'none',
          payout_methods: [],
        },
      },
      requestPayout.rejected(null, 'r', '2500.00', {
        status: 422,
        code: 'aml_required',
        message: PAYOUT_MESSAGES.aml,
      }),
    );
    expect(s.aml.open).toBe(true);
    expect(s.payout.error).toEqual({ kind: 'aml', message: PAYOUT_MESSAGES.aml });
    s = reduce(s, submitAml.fulfilled({ aml_status: 'pending' }, 'r', {} as never));
    expect(s.aml.open).toBe(false);
    expect(s.info?.aml_status).toBe('pending');
    expect(s.payout.error).toBeNull();
  });

  it('a 409 is shown as it came, without the AML form', () => {
    const s = reduce(
      initialEarningsState,
      requestPayout.rejected(null, 'r', '30', {
        status: 409,
        code: 'payout_pending',
        message: PAYOUT_MESSAGES.pending,
      }),
    );
    expect(s.payout.error?.message).toBe(PAYOUT_MESSAGES.pending);
    expect(s.aml.open).toBe(false);
  });

  it('payout_completed marks the payout completed in the history', () => {
    let s = reduce(
      initialEarningsState,
      loadPayouts.fulfilled({ data: [payout('p1')], next: null }, 'r', { reset: true }),
    );
    s = reduce(
      s,
      realtimeEvent({
        event: 'payout_completed',
        data: { _id: 'p1', amount_usd: '25.00' },
        me: 'u',
        receivedAt: Date.parse('2026-11-23T12:00:00Z'),
      }),
    );
    expect(s.payouts.items[0]).toMatchObject({
      status: 'completed',
      completed_at: '2026-11-23T12:00:00.000Z',
    });
  });
});

describe('earnings listeners', () => {
  it('a sale re-reads nothing while the page was never opened', async () => {
    const seen: string[] = [];
    const store = createStore(() => (next) => (action) => {
      seen.push((action as { type: string }).type);
      return next(action);
    });
    handleServerEvent(store, 'u', 'message_paid', {});
    await new Promise((r) => setTimeout(r, EARNINGS_QUIET_MS + 50));
    expect(seen.filter((t) => t.startsWith('earnings/'))).toEqual([]);
  });
});
