import { PAYOUT_MESSAGES, type Payout } from '@parlor/contract';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { AmlPanel } from './AmlPanel';
import { loadAccountInfo, loadPayouts, loadTotals, requestPayout } from './earningsSlice';
import { PayoutHistory } from './PayoutHistory';
import { PayoutPanel } from './PayoutPanel';

type Store = ReturnType<typeof createStore>;
function render(store: Store, node: ReactNode) {
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/account/earnings/summary']}>{node}</MemoryRouter>
    </Provider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

const totals = {
  earned: 1234,
  by_type: { messages: 1000, posts: 0, tips: 234, subscriptions: 0, referrals: 0 },
  available_usd: '98.40',
  pending_usd: '0.00',
  paid_out_usd: '20.00',
};
const info = (method: 'bank_transfer' | null, aml: 'none' | 'pending' = 'none') => ({
  payout_method: method,
  payout_details: method ? '•••• 4321' : null,
  payout_country: null,
  minimum_payout_usd: '20.00',
  aml_status: aml,
  payout_methods: ['bank_transfer' as const],
});
const payout = (id: string, status: Payout['status']): Payout => ({
  _id: id,
  amount_usd: '25.00',
  method: 'bank_transfer',
  status,
  created_at: '2026-11-20T10:00:00.000Z',
  completed_at: status === 'completed' ? '2026-11-21T10:00:00.000Z' : null,
});

describe('the payout panel', () => {
  it('shows the balances and the masked method, the amount ready to withdraw', () => {
    const store = createStore();
    store.dispatch(loadTotals.fulfilled(totals, 'r', 'month'));
    store.dispatch(loadAccountInfo.fulfilled(info('bank_transfer'), 'r'));
    const { html, text } = render(store, <PayoutPanel />);
    expect(text).toContain('Available $98.40');
    expect(text).toContain('Paid out $20.00');
    expect(text).toContain('Bank transfer · •••• 4321');
    expect(html).toContain('href="/account/settings/payouts"');
  });

  it('without a method, links to the payout settings', () => {
    const store = createStore();
    store.dispatch(loadAccountInfo.fulfilled(info(null), 'r'));
    const { html } = render(store, <PayoutPanel />);
    expect(html).toMatch(/<a[^>]*href="\/account\/settings\/payouts"[^>]*>Set your payout method/);
  });

  it("shows the server's refusal as it came", () => {
    const store = createStore();
    store.dispatch(
      requestPayout.rejected(null, 'r', '5', {
        status: 400,
        code: 'payout_under_minimum',
        message: PAYOUT_MESSAGES.minimum,
      }),
    );
    expect(render(store, <PayoutPanel />).text).toContain(PAYOUT_MESSAGES.minimum);
    store.dispatch(
      requestPayout.rejected(null, 'r', '50', {
        status: 409,
        code: 'payout_pending',
        message: PAYOUT_MESSAGES.pending,
      }),
    );
    expect(render(store, <PayoutPanel />).html).toMatch(
      /role="alert"[^>]*><p>You already have a payout waiting/,
    );
  });
});

describe('the AML panel', () => {
  it('a 422 opens the form with a 2-letter country select', () => {
    const store = createStore();
    store.dispatch(loadAccountInfo.fulfilled(info('bank_transfer'), 'r'));
    expect(render(store, <AmlPanel />).html).not.toContain('Full name');
    store.dispatch(
      requestPayout.rejected(null, 'r', '2500', {
        status: 422,
        code: 'aml_required',
        message: PAYOUT_MESSAGES.aml,
      }),
    );
    const { html, text } = render(store, <AmlPanel />);
    for (const label of ['Full name', 'Date of birth', 'Address', 'City', 'Postal code', 'Country'])
      expect(text).toContain(label);
    expect(html).toContain('<option value="DE">Germany</option>');
    expect(text).toContain('Not sent');
  });

  it('a form being checked shows its status and no form', () => {
    const store = createStore();
    store.dispatch(loadAccountInfo.fulfilled(info('bank_transfer', 'pending'), 'r'));
    const { text } = render(store, <AmlPanel />);
    expect(text).toContain('Being checked');
    expect(text).not.toContain('Fill in the form');
  });
});

describe('the payouts history', () => {
  it('lists date, amount, method, status and completed date, with load more and an export', () => {
    const store = createStore();
    store.dispatch(
      loadPayouts.fulfilled(
        {
          data: [payout('2', 'pending'), payout('1', 'completed')],
          next: '/v1/account/payouts?limit=20&offset=20',
        },
        'r',
        { reset: true },
      ),
    );
    const { html, text } = render(store, <PayoutHistory />);
    expect(text).toContain('Nov 20, 2026 $25.00 Bank transfer Pending —');
    expect(text).toContain('Completed Nov 21, 2026');
    expect(text).toContain('Load more');
    expect(html).toMatch(/download="payouts.csv"/);
  });
});
