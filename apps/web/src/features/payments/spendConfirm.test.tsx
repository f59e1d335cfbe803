import { asksBeforeSpending, type User } from '@parlor/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { AccountScreen } from '../account/AccountScreen';
import { boostSources } from '../account-states/BoostPopup';
import { userUpdated } from '../auth/authSlice';
import { rateSavedText } from '../conversation/FanPanel';
import { AccountMenu } from '../settings/AccountMenu';
import { payoutCountryQuestion } from '../settings/PayoutSettingsScreen';
import { parseSpendLimit, SpendingSettingsScreen } from '../settings/SpendingSettingsScreen';
import { spendConfirmText } from './spendConfirm';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');

function render(node: React.ReactNode, user: Partial<User>) {
  const store = createStore();
  store.dispatch(
    userUpdated({
      _id: 'me',
      username: 'me',
      type: 'user',
      role: 'user',
      credits: 0,
      settings: {
        core: { warning_you_have_been_reported: false },
        profile: { invisible: false, intro_enabled: true },
        notifications: { marketing: true, notifications: true, payments: true, payouts: true },
        spending: { confirm_above: null },
      },
      ...user,
    } as unknown as User),
  );
  return renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

describe('asking before a spend', () => {
  it('asks only above the fan’s own amount, never while it is off', () => {
    expect(asksBeforeSpending(null, 10_000)).toBe(false);
    expect(asksBeforeSpending(undefined, 10_000)).toBe(false);
    expect(asksBeforeSpending(30, 30)).toBe(false);
    expect(asksBeforeSpending(30, 25)).toBe(false);
    expect(asksBeforeSpending(30, 31)).toBe(true);
  });

  // The dialog itself (a portal) is seen in e2e/money-feedback.spec.ts.
  it('states the amount in credits and dollars, and what it buys', () => {
    expect(spendConfirmText({ amount: 50, what: 'this tip' })).toBe('Spend 50 credits ($5.00) on this tip?');
    expect(spendConfirmText({ amount: 1, what: 'a message to mila' })).toBe(
      'Spend 1 credit ($0.10) on a message to mila?',
    );
  });

  it('takes a whole amount from 1 to 100,000 in settings', () => {
    expect(parseSpendLimit(' 30 ')).toEqual({ amount: 30 });
    for (const bad of ['', '0', '2.5', '-3', '100001', 'ten'])
      expect(parseSpendLimit(bad)).toEqual({ error: 'Choose an amount from 1 to 100,000 credits' });
  });

  it('shows the setting off by default and on with the saved amount; fans find it in the menu', () => {
    const off = text(render(<SpendingSettingsScreen />, {}));
    expect(off).toContain('Ask me before spending');
    expect(off).not.toContain('more than (credits)');
    const on = render(<SpendingSettingsScreen />, {
      settings: { spending: { confirm_above: 75 } } as unknown as User['settings'],
    });
    expect(on).toContain('value="75"');
    expect(text(on)).toContain('$7.50');
    expect(render(<AccountMenu />, {})).toContain('href="/account/settings/spending"');
  });
});

describe('money feedback', () => {
  it('a saved per-fan rate says who it is for and what each message costs', () => {
    expect(rateSavedText('alex', 5)).toBe('Saved: each message from alex costs 5 credits ($0.50).');
    expect(rateSavedText('alex', 0)).toBe('Saved: messages from alex are free.');
  });

  it('the payout country confirm names the country and says it is set only once', () => {
    const q = payoutCountryQuestion('Germany');
    expect(q.title).toBe('Set your payout country to Germany?');
    expect(q.text).toContain('can be set only once');
    expect(q.confirm).toBe('Set Germany and save');
  });

  it('a boost can be paid from credits or earnings, each with its balance', () => {
    expect(boostSources(40, 1234).map((s) => [s.value, s.description])).toEqual([
      ['credits', 'You have 40 credits.'],
      ['earnings', 'You have $123.40 in earnings.'],
    ]);
  });

  it('a fan approved as a creator still sees her credits, and the way to buy more', () => {
    const html = text(render(<AccountScreen />, { type: 'featured', credits: 120 }));
    expect(html).toContain('120 credits');
    expect(html).toContain('what you bought as a fan');
    expect(html).toContain('Buy credits');
  });
});
